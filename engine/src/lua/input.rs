//! The input of a call, handed to Lua lazily: a JSON object or array becomes a table only when
//! the script first touches it, so a script reading `view.side` of a large view pays for the
//! top level only, not for every nested table (an event view has hundreds of spaces).
//!
//! A lazy table is an empty table, created with the capacity the eager conversion would have
//! given it, whose metatable's `__index`, `__newindex` and `__len` first *materialize* it: fill
//! it with its entries (nested objects and arrays again lazy) and remove the metatable, then do
//! what was asked. From then on it is an ordinary table. The sandbox's `pairs`, `next`,
//! `rawget`, `rawset`, `rawlen`, `getmetatable` and `setmetatable` materialize their argument
//! first ([`touch`]), and the host materializes a lazy table a script returns, so no script can
//! tell a lazy table from an eager one: same entries, same layout, no metatable.
//!
//! Which table stands for which JSON node is kept in a registry table (lazy table -> a light
//! userdata pointing into the input), which also keeps every pending table alive, so a table's
//! address is never reused while it is pending. The pointers are valid because the input is
//! borrowed for the whole call and the Lua state is closed before the call returns.

use mlua::{LightUserData, Lua, Table, Value};

/// Registry keys: the pending tables and the shared metatable of lazy tables.
const PENDING: &str = "bivouac.lazy.pending";
const META: &str = "bivouac.lazy.meta";

/// Install the lazy-table machinery in a fresh state (trusted setup, before any script runs).
pub(super) fn install(lua: &Lua) -> mlua::Result<()> {
    lua.set_named_registry_value(PENDING, lua.create_table()?)?;
    let meta = lua.create_table()?;
    meta.raw_set(
        "__index",
        lua.create_function(|lua, (t, k): (Table, Value)| {
            touch(lua, &t)?;
            t.raw_get::<Value>(k)
        })?,
    )?;
    meta.raw_set(
        "__newindex",
        lua.create_function(|lua, (t, k, v): (Table, Value, Value)| {
            touch(lua, &t)?;
            t.raw_set(k, v)
        })?,
    )?;
    meta.raw_set(
        "__len",
        lua.create_function(|lua, t: Table| {
            touch(lua, &t)?;
            Ok(t.raw_len())
        })?,
    )?;
    lua.set_named_registry_value(META, meta)
}

/// The input value: scalars as they are, objects and arrays as lazy tables.
pub(super) fn value(lua: &Lua, input: &serde_json::Value) -> mlua::Result<Value> {
    let pending: Table = lua.named_registry_value(PENDING)?;
    let meta: Table = lua.named_registry_value(META)?;
    convert(lua, &pending, &meta, input)
}

/// Materialize `t` if it is a pending lazy table (anything else is left alone).
pub(super) fn touch(lua: &Lua, t: &Table) -> mlua::Result<()> {
    let pending: Table = lua.named_registry_value(PENDING)?;
    let Value::LightUserData(node) = pending.raw_get::<Value>(t)? else {
        return Ok(());
    };
    pending.raw_set(t, Value::Nil)?;
    t.set_metatable(None)?;
    // SAFETY: `node` points into the input of the running call (see the module docs): `run`
    // borrows the input for as long as this Lua state exists.
    let node = unsafe { &*(node.0 as *const serde_json::Value) };
    let meta: Table = lua.named_registry_value(META)?;
    match node {
        serde_json::Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                t.raw_set(i + 1, convert(lua, &pending, &meta, item)?)?;
            }
        }
        serde_json::Value::Object(map) => {
            for (k, item) in map {
                t.raw_set(k.as_str(), convert(lua, &pending, &meta, item)?)?;
            }
        }
        _ => {}
    }
    Ok(())
}

fn convert(
    lua: &Lua,
    pending: &Table,
    meta: &Table,
    value: &serde_json::Value,
) -> mlua::Result<Value> {
    use serde_json::Value as J;
    let lazy = |t: Table| -> mlua::Result<Value> {
        t.set_metatable(Some(meta.clone()))?;
        let node = value as *const serde_json::Value as *mut std::ffi::c_void;
        pending.raw_set(&t, LightUserData(node))?;
        Ok(Value::Table(t))
    };
    Ok(match value {
        J::Null => Value::Nil,
        J::Bool(b) => Value::Boolean(*b),
        J::Number(n) => match n.as_i64() {
            Some(i) => Value::Integer(i),
            None => Value::Number(n.as_f64().unwrap_or(f64::NAN)),
        },
        J::String(s) => Value::String(lua.create_string(s)?),
        J::Array(items) if items.is_empty() => Value::Table(lua.create_table()?),
        J::Object(map) if map.is_empty() => Value::Table(lua.create_table()?),
        J::Array(items) => lazy(lua.create_table_with_capacity(items.len(), 0)?)?,
        J::Object(map) => lazy(lua.create_table_with_capacity(0, map.len())?)?,
    })
}

/// Whether `value` nests at most `max` levels of arrays and objects below `depth`.
pub(super) fn depth_ok(value: &serde_json::Value, depth: usize, max: usize) -> bool {
    if depth > max {
        return false;
    }
    match value {
        serde_json::Value::Array(items) => items.iter().all(|v| depth_ok(v, depth + 1, max)),
        serde_json::Value::Object(map) => map.values().all(|v| depth_ok(v, depth + 1, max)),
        _ => true,
    }
}
