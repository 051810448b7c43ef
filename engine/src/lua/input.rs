//! The input of a call, handed to Lua lazily: a JSON object or array becomes a table only when
//! the script first touches it, so a script reading `view.side` of a large view pays for the
//! top level only, not for every nested table (an event view has hundreds of spaces).
//!
//! A lazy table is an empty table, created with the capacity the eager conversion would have
//! given it (a host's lazy object may ask for less, [`LazyInput::room`]). A few scalars (a JSON
//! array or object of at most `SMALL` of them, an `Input::Object` or `Input::List` of them)
//! are made in full at once instead: cheaper than a lazy table, and no script can tell. Its metatable's `__index` converts and stores the one entry asked for (nested
//! objects and arrays again lazy); `__newindex` and `__len` first *materialize* it: fill in
//! every entry not stored yet and remove the metatable, then do what was asked. From then on it
//! is an ordinary table. The sandbox's `next`,
//! `rawget`, `rawset`, `rawlen`, `getmetatable` and `setmetatable` materialize their argument
//! first (`touch`), and the host materializes a lazy table a script returns, so no script can
//! tell a lazy table from an eager one: same entries, no metatable (`next`'s order varies from run to run anyway, lua.rs). The sandbox's
//! `pairs` walks a lazy table (a host's object or a JSON node) in its keys' order (`keys`, made
//! once per table and call), making each entry as it reaches it (`get`, the `__index` function),
//! so a walk over the spaces of a view that stops at the first match makes only the spaces it
//! visited, and the table stays lazy.
//!
//! Which table stands for which JSON node or host object is kept in a registry table (lazy
//! table -> a light userdata pointing into the input or the arena), which also keeps every pending table alive, so a table's
//! address is never reused while it is pending. The pointers are valid because the input is
//! borrowed for the whole call, and when the call returns the state is either closed or, kept
//! for the next call (lua/sandbox.rs), given a new empty registry table and no arena (`reset`).
//!
//! The input may also be made on demand by the host ([`Input::Lazy`], a [`LazyInput`]): such an
//! object is a lazy table too, and an entry is made (by [`LazyInput::get`]) only when the script
//! reads it, so a host whose input is costly to build (an event view: supply traces, counts per
//! space) pays only for what the script reads. The values made are kept in the call's [`Arena`]
//! until the state is closed; Lua still sees only tables of plain values, and nothing is kept
//! between calls.
//!
//! The metamethods are plain C functions on the raw Lua API (filling a space of the view through
//! mlua's checked calls cost more than the rest of the call). A memory error inside them is an
//! ordinary Lua error; the Rust frames it unwinds hold only references.

use mlua::{Function, Lua, Table, Value, ffi};
use std::borrow::Cow;
use std::cell::RefCell;
use std::ffi::{c_int, c_void};

/// Registry keys (light userdata: the addresses of these statics, looked up without hashing a
/// string): the pending tables, the shared metatable of lazy tables, the call's arena, and each
/// pending table's keys in `pairs` order, made by the first walk of a call.
static PENDING: u8 = 1;
static META: u8 = 2;
static ARENA: u8 = 3;
static KEYS: u8 = 4;

/// Push the registry's value under `key`.
unsafe fn registry_get(state: *mut ffi::lua_State, key: &'static u8) -> c_int {
    unsafe { ffi::lua_rawgetp(state, ffi::LUA_REGISTRYINDEX, key as *const u8 as *const c_void) }
}

/// Pop the top of the stack into the registry under `key`.
unsafe fn registry_set(state: *mut ffi::lua_State, key: &'static u8) {
    unsafe { ffi::lua_rawsetp(state, ffi::LUA_REGISTRYINDEX, key as *const u8 as *const c_void) }
}

/// New empty pending and keys tables, no arena (a fresh call).
unsafe fn fresh(state: *mut ffi::lua_State) {
    unsafe {
        ffi::luaL_checkstack(state, 4, std::ptr::null());
        ffi::lua_createtable(state, 0, 0);
        registry_set(state, &PENDING);
        ffi::lua_createtable(state, 0, 0);
        registry_set(state, &KEYS);
        ffi::lua_pushnil(state);
        registry_set(state, &ARENA);
    }
}

/// An object of a call's input made on demand by trusted host code: its keys, and the value of
/// one key, made only when a script reads it. It must answer as a JSON object would: the same
/// value for the same key within a call, `get` is `Some` exactly for the keys listed.
pub trait LazyInput<'a> {
    /// Every key, in the order a table is filled when a script walks it (give them sorted to
    /// match a `serde_json` object).
    fn keys(&self) -> Vec<Cow<'a, str>>;
    /// How many keys (the capacity of the table).
    fn len(&self) -> usize {
        self.keys().len()
    }
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// How many entries its table has room for when made (it grows past that): by default all.
    /// An object of which scripts read a few fields (a space of a view) may say fewer.
    fn room(&self) -> usize {
        self.len()
    }
    /// The value of `key`, or `None` if it is not a key.
    fn get(&self, key: &str) -> Option<Input<'a>>;
}

/// A value of a call's input: plain JSON, or an object made on demand.
///
/// The variants besides `Json` and `Lazy` stand for the JSON values they name, made without
/// building JSON (a host making many small fields, such as an event view's spaces, spares the
/// allocations): a script sees exactly what the JSON would give it.
pub enum Input<'a> {
    Json(serde_json::Value),
    /// JSON borrowed for the call, not copied (e.g. content data made once at load).
    Ref(&'a serde_json::Value),
    /// JSON `null`.
    Nil,
    Bool(bool),
    Int(i64),
    /// A string borrowed for the call.
    Str(&'a str),
    /// A small object made in full at once: its entries (a `Nil` entry is no entry).
    Object(Vec<(&'a str, Input<'a>)>),
    /// A small array made in full at once: its items in order (a `Nil` item leaves a hole, as
    /// a JSON `null` does).
    List(Vec<Input<'a>>),
    Lazy(Box<dyn LazyInput<'a> + 'a>),
}

/// `input` made in full, as the JSON a script would see (tests, clients, the eager reference).
pub fn to_json(input: Input<'_>) -> serde_json::Value {
    use serde_json::Value as J;
    match input {
        Input::Json(v) => v,
        Input::Ref(v) => v.clone(),
        Input::Nil => J::Null,
        Input::Bool(b) => J::Bool(b),
        Input::Int(i) => J::from(i),
        Input::Str(s) => J::String(s.to_string()),
        Input::Object(entries) => J::Object(entries.into_iter().map(|(k, v)| (k.to_string(), to_json(v))).collect()),
        Input::List(items) => J::Array(items.into_iter().map(to_json).collect()),
        Input::Lazy(o) => {
            let map = o.keys().into_iter().filter_map(|k| o.get(&k).map(|v| (k.into_owned(), to_json(v)))).collect();
            J::Object(map)
        }
    }
}

/// What a call's lazy tables stand for and keep alive: the host's lazy objects and the JSON
/// values they made (pending tables point into both). Declared before the Lua state in a call, so it outlives the state.
///
/// Everything the metamethods make in Rust is moved here before they call Lua again: a Lua
/// error (memory) unwinds their frames without running destructors, so those frames hold only
/// references.
#[derive(Default)]
pub(super) struct Arena<'a> {
    // Boxed twice: a pending table holds the (thin) address of the inner box, which must not
    // move when the vector grows.
    #[allow(clippy::vec_box)]
    objects: RefCell<Vec<Box<Box<dyn LazyInput<'a> + 'a>>>>,
    // Boxed: pending tables point at the values, which must not move when the vector grows.
    #[allow(clippy::vec_box)]
    values: RefCell<Vec<Box<serde_json::Value>>>,
    keys: RefCell<Vec<Vec<Cow<'a, str>>>>,
    /// The entries of `Input::Object`s, each taken out (leaving `Nil`) as it is pushed.
    entries: RefCell<Vec<Vec<(&'a str, Input<'a>)>>>,
}

impl Arena<'static> {
    /// Keep `keys` for the call; the returned slice lives as long as the arena.
    fn keep<'k>(&self, keys: Vec<Cow<'static, str>>) -> &'k [Cow<'static, str>] {
        let slice: *const [Cow<'static, str>] = keys.as_slice();
        self.keys.borrow_mut().push(keys);
        // SAFETY: the vector's buffer does not move when the vector is moved, and the arena
        // keeps it until the end of the call.
        unsafe { &*slice }
    }
}

/// What a pending table stands for.
enum Node<'n> {
    Json(&'n serde_json::Value),
    Lazy(&'n (dyn LazyInput<'static> + 'static)),
}

/// Install the lazy-table machinery in a fresh state (trusted setup, before any script runs);
/// returns the `touch` function the sandbox prelude wraps the raw functions with, and the
/// `keys` and `get` functions its `pairs` uses.
pub(super) fn install(lua: &Lua) -> mlua::Result<(Function, Function, Function)> {
    let meta = lua.create_table()?;
    // SAFETY: the functions below follow the Lua C API protocol (see each one); the closure
    // stores the metatable (at index 1 of its frame) and makes the call's tables.
    unsafe {
        meta.raw_set("__index", lua.create_c_function(lazy_index)?)?;
        meta.raw_set("__newindex", lua.create_c_function(lazy_newindex)?)?;
        meta.raw_set("__len", lua.create_c_function(lazy_len)?)?;
        lua.exec_raw::<()>(&meta, |state| {
            ffi::lua_pushvalue(state, 1);
            registry_set(state, &META);
            fresh(state);
        })?;
    }
    // SAFETY: as above.
    unsafe { Ok((lua.create_c_function(lazy_touch)?, lua.create_c_function(lazy_keys)?, lua.create_c_function(lazy_index)?)) }
}

/// Forget the call's input once it is over (the state is kept for the next call): no pending
/// table, no arena.
pub(super) fn reset(lua: &Lua) -> mlua::Result<()> {
    // SAFETY: the closure only replaces registry entries.
    unsafe { lua.exec_raw::<()>((), |state| fresh(state)) }
}

/// The input value: scalars as they are, objects and arrays as lazy tables. `arena` must
/// outlive the state (see [`Arena`]); so must `input`, which pending tables point into.
pub(super) fn value<'a>(lua: &Lua, arena: &Arena<'a>, input: Root<'_, 'a>) -> mlua::Result<Value> {
    // SAFETY: the closure pushes the value and leaves it alone at index 1 of its frame. The
    // arena's lifetime is erased in the registry: the caller keeps it alive past the state.
    unsafe {
        lua.exec_raw::<Value>((), |state| {
            ffi::luaL_checkstack(state, 8, std::ptr::null());
            ffi::lua_pushlightuserdata(state, arena as *const Arena<'a> as *mut c_void);
            registry_set(state, &ARENA);
            registry_get(state, &PENDING);
            registry_get(state, &META);
            let top = ffi::lua_gettop(state);
            match input {
                Root::Json(v) => push(state, top - 1, top, v),
                Root::Lazy(i) => push_input(state, top - 1, top, i),
            }
            ffi::lua_copy(state, -1, top - 1);
            ffi::lua_settop(state, top - 1);
        })
    }
}

/// The input of a call: JSON borrowed for the call, or a value (lazy or not) it owns.
pub(super) enum Root<'r, 'a> {
    Json(&'r serde_json::Value),
    Lazy(Input<'a>),
}

/// Materialize `t` if it is a pending lazy table (anything else is left alone).
pub(super) fn touch(lua: &Lua, t: &Table) -> mlua::Result<()> {
    // SAFETY: `t` is at index 1 of the closure's frame.
    unsafe { lua.exec_raw::<()>(t, |state| materialize(state, 1)) }
}

/// `t[k]` on a pending table: only that entry is converted and stored (a script walking the
/// spaces of a view reads a few fields of each); the table stays pending for the rest.
unsafe extern "C-unwind" fn lazy_index(state: *mut ffi::lua_State) -> c_int {
    unsafe {
        ffi::luaL_checkstack(state, 8, std::ptr::null());
        ffi::lua_settop(state, 2);
        registry_get(state, &PENDING);
        let Some(node) = pending_node(state, 1, 3) else {
            ffi::lua_settop(state, 2);
            ffi::lua_rawget(state, 1);
            return 1;
        };
        registry_get(state, &META);
        let string_key = || {
            (ffi::lua_type(state, 2) == ffi::LUA_TSTRING).then(|| {
                let mut len = 0;
                let key = ffi::lua_tolstring(state, 2, &mut len);
                std::str::from_utf8(std::slice::from_raw_parts(key.cast::<u8>(), len)).ok()
            }).flatten()
        };
        match node {
            Node::Json(node) => {
                let item = match node {
                    serde_json::Value::Object(map) => string_key().and_then(|k| map.get(k)),
                    serde_json::Value::Array(items) if ffi::lua_type(state, 2) == ffi::LUA_TNUMBER => {
                        let mut isnum = 0;
                        let i = ffi::lua_tointegerx(state, 2, &mut isnum);
                        (isnum != 0 && i >= 1).then(|| items.get(i as usize - 1)).flatten()
                    }
                    _ => None,
                };
                let Some(item) = item else {
                    ffi::lua_pushnil(state);
                    return 1;
                };
                push(state, 3, 4, item);
            }
            Node::Lazy(object) => match string_key().and_then(|k| object.get(k)) {
                Some(item) => push_input(state, 3, 4, item),
                None => {
                    ffi::lua_pushnil(state);
                    return 1;
                }
            },
        }
        ffi::lua_pushvalue(state, 2);
        ffi::lua_pushvalue(state, 5);
        ffi::lua_rawset(state, 1);
    }
    1
}

/// The call's arena (see [`value`]).
unsafe fn arena<'s>(state: *mut ffi::lua_State) -> &'s Arena<'static> {
    unsafe {
        registry_get(state, &ARENA);
        let p = ffi::lua_touserdata(state, -1) as *const Arena<'static>;
        ffi::lua_settop(state, -2);
        // SAFETY: `value` stored it before any lazy table existed; it outlives the state.
        &*p
    }
}

/// Push a table of `entries` (a list's items with empty keys when `list`), each kept in the
/// arena until pushed: this frame owns nothing across a Lua call.
unsafe fn push_entries(state: *mut ffi::lua_State, pending: c_int, meta: c_int, entries: Vec<(&str, Input<'_>)>, list: bool) {
    unsafe {
        let n = entries.len();
        // SAFETY: the lifetime is erased as for the arena itself (see `value`).
        let entries = std::mem::transmute::<Vec<(&str, Input<'_>)>, Vec<(&'static str, Input<'static>)>>(entries);
        let arena = arena(state);
        let index = {
            let mut all = arena.entries.borrow_mut();
            all.push(entries);
            all.len() - 1
        };
        ffi::luaL_checkstack(state, 4, std::ptr::null());
        if list {
            ffi::lua_createtable(state, n as c_int, 0);
        } else {
            ffi::lua_createtable(state, 0, n as c_int);
        }
        let table = ffi::lua_gettop(state);
        for i in 0..n {
            // Moved out of the arena only to be pushed (which keeps whatever it owns in the
            // arena before calling Lua).
            let (key, item) = {
                let mut all = arena.entries.borrow_mut();
                let e = &mut all[index][i];
                (e.0, std::mem::replace(&mut e.1, Input::Nil))
            };
            if matches!(item, Input::Nil | Input::Json(serde_json::Value::Null)) {
                continue;
            }
            if list {
                push_input(state, pending, meta, item);
                ffi::lua_rawseti(state, table, i as ffi::lua_Integer + 1);
            } else {
                ffi::lua_pushlstring(state, key.as_ptr().cast(), key.len());
                push_input(state, pending, meta, item);
                ffi::lua_rawset(state, table);
            }
        }
    }
}

/// Push a value made by the host, first moved into the arena: JSON (pending tables point into
/// it), or a lazy object, which becomes a lazy table standing for it.
unsafe fn push_input(state: *mut ffi::lua_State, pending: c_int, meta: c_int, item: Input<'_>) {
    unsafe {
        match item {
            Input::Json(serde_json::Value::Null) | Input::Nil => ffi::lua_pushnil(state),
            Input::Json(serde_json::Value::Bool(b)) | Input::Bool(b) => ffi::lua_pushboolean(state, b as c_int),
            Input::Int(i) => ffi::lua_pushinteger(state, i),
            // A number owns nothing: pushed from here.
            Input::Json(v @ serde_json::Value::Number(_)) => push(state, pending, meta, &v),
            Input::Str(s) => {
                ffi::lua_pushlstring(state, s.as_ptr().cast(), s.len());
            }
            // Borrowed for the whole call, like the root JSON input: pending tables may point
            // into it.
            Input::Ref(v) => push(state, pending, meta, v),
            // Scalars only (most small objects: a count per side, a general's entry): copied to
            // the stack and pushed without the arena, since they own nothing once the vector is
            // freed (issue 9: two allocations fewer per object, one per field a script reads).
            Input::Object(entries) if entries.len() <= SMALL && entries.iter().all(|(_, v)| Scalar::of(v).is_some()) => {
                let n = entries.len();
                let mut flat = [("", Scalar::Nil); SMALL];
                for (slot, (k, v)) in flat.iter_mut().zip(&entries) {
                    *slot = (k, Scalar::of(v).unwrap_or(Scalar::Nil));
                }
                drop(entries);
                ffi::luaL_checkstack(state, 4, std::ptr::null());
                ffi::lua_createtable(state, 0, n as c_int);
                for &(key, item) in &flat[..n] {
                    if !matches!(item, Scalar::Nil) {
                        ffi::lua_pushlstring(state, key.as_ptr().cast(), key.len());
                        item.push(state);
                        ffi::lua_rawset(state, -3);
                    }
                }
            }
            Input::List(items) if items.len() <= SMALL && items.iter().all(|v| Scalar::of(v).is_some()) => {
                let n = items.len();
                let mut flat = [Scalar::Nil; SMALL];
                for (slot, v) in flat.iter_mut().zip(&items) {
                    *slot = Scalar::of(v).unwrap_or(Scalar::Nil);
                }
                drop(items);
                ffi::luaL_checkstack(state, 4, std::ptr::null());
                ffi::lua_createtable(state, n as c_int, 0);
                for (i, &item) in flat[..n].iter().enumerate() {
                    if !matches!(item, Scalar::Nil) {
                        item.push(state);
                        ffi::lua_rawseti(state, -2, i as ffi::lua_Integer + 1);
                    }
                }
            }
            // A longer list, or one holding tables: each item kept in the arena until pushed,
            // as an object's entries.
            Input::List(items) => push_entries(state, pending, meta, items.into_iter().map(|v| ("", v)).collect(), true),
            Input::Object(entries) => push_entries(state, pending, meta, entries, false),
            Input::Json(v) => {
                let v = Box::new(v);
                let node: *const serde_json::Value = &*v;
                arena(state).values.borrow_mut().push(v);
                push(state, pending, meta, &*node);
            }
            Input::Lazy(object) => {
                let (n, room) = (object.len(), object.room());
                // SAFETY: the lifetime is erased as for the arena itself (see `value`).
                let object = Box::new(std::mem::transmute::<Box<dyn LazyInput<'_> + '_>, Box<dyn LazyInput<'static>>>(object));
                let address: *const Box<dyn LazyInput<'static>> = &*object;
                arena(state).objects.borrow_mut().push(object);
                ffi::lua_createtable(state, 0, room.min(n) as c_int);
                if n == 0 {
                    return;
                }
                ffi::lua_pushvalue(state, meta);
                ffi::lua_setmetatable(state, -2);
                ffi::lua_pushvalue(state, -1);
                ffi::lua_pushlightuserdata(state, (address as usize | LAZY_TAG) as *mut c_void);
                ffi::lua_rawset(state, pending);
            }
        }
    }
}

/// Most entries of an object or array made in full at once when pushed (`Input::Object` and
/// `Input::List` of scalars, flat JSON: see [`push`]).
const SMALL: usize = 16;

/// A value that owns nothing and makes no table: pushed as it is.
#[derive(Clone, Copy)]
enum Scalar<'a> {
    Nil,
    Bool(bool),
    Int(i64),
    Str(&'a str),
}

impl<'a> Scalar<'a> {
    /// `input` if it is a scalar (a JSON number other than an integer is left to `push`).
    fn of(input: &Input<'a>) -> Option<Scalar<'a>> {
        Some(match input {
            Input::Nil | Input::Json(serde_json::Value::Null) => Scalar::Nil,
            Input::Bool(b) | Input::Json(serde_json::Value::Bool(b)) => Scalar::Bool(*b),
            Input::Int(i) => Scalar::Int(*i),
            Input::Str(s) => Scalar::Str(s),
            _ => return None,
        })
    }

    unsafe fn push(self, state: *mut ffi::lua_State) {
        unsafe {
            match self {
                Scalar::Nil => ffi::lua_pushnil(state),
                Scalar::Bool(b) => ffi::lua_pushboolean(state, b as c_int),
                Scalar::Int(i) => ffi::lua_pushinteger(state, i),
                Scalar::Str(s) => {
                    ffi::lua_pushlstring(state, s.as_ptr().cast(), s.len());
                }
            }
        }
    }
}

/// Whether a JSON array's items or an object's values are few scalars: such a node is made in
/// full when pushed (a space's `adjacent` names, a view's `flags`): a lazy table for it cost a
/// pending entry, a metatable and a metamethod call per item read, more than making it.
fn flat<'v>(mut items: impl ExactSizeIterator<Item = &'v serde_json::Value>) -> bool {
    items.len() <= SMALL && items.all(|v| !matches!(v, serde_json::Value::Array(_) | serde_json::Value::Object(_)))
}

/// The lowest bit of a pending lazy object's address in the pending table (a JSON node's
/// address, aligned to more than 1 byte, has it clear, as does the untagged box's).
const LAZY_TAG: usize = 1;
const _: () = assert!(align_of::<serde_json::Value>() > LAZY_TAG && align_of::<Box<dyn LazyInput<'static>>>() > LAZY_TAG);

/// What the table at `idx` stands for, if it is pending (`pending`: the index of the pending
/// table); the stack is left as found.
unsafe fn pending_node<'n>(state: *mut ffi::lua_State, idx: c_int, pending: c_int) -> Option<Node<'n>> {
    unsafe {
        ffi::lua_pushvalue(state, idx);
        let node = match ffi::lua_rawget(state, pending) {
            ffi::LUA_TLIGHTUSERDATA => {
                let address = ffi::lua_touserdata(state, -1) as usize;
                Some(if address & LAZY_TAG == 0 {
                    // SAFETY: `lazy` stored it: a JSON node of the call's input or its arena,
                    // both kept until the end of the call.
                    Node::Json(&*(address as *const serde_json::Value))
                } else {
                    // SAFETY: `push_input` stored it, tagged: the inner box of a lazy object,
                    // which the arena keeps (boxed: it does not move) until the end of the call.
                    Node::Lazy(&**((address & !LAZY_TAG) as *const Box<dyn LazyInput<'static>>))
                })
            }
            _ => None,
        };
        ffi::lua_settop(state, -2);
        node
    }
}

unsafe extern "C-unwind" fn lazy_newindex(state: *mut ffi::lua_State) -> c_int {
    unsafe {
        materialize(state, 1);
        ffi::lua_settop(state, 3);
        ffi::lua_rawset(state, 1);
    }
    0
}

unsafe extern "C-unwind" fn lazy_len(state: *mut ffi::lua_State) -> c_int {
    unsafe {
        materialize(state, 1);
        ffi::lua_pushinteger(state, ffi::lua_rawlen(state, 1) as ffi::lua_Integer);
    }
    1
}

unsafe extern "C-unwind" fn lazy_touch(state: *mut ffi::lua_State) -> c_int {
    unsafe {
        if ffi::lua_type(state, 1) == ffi::LUA_TTABLE {
            materialize(state, 1);
        }
    }
    0
}

/// `keys(t)`: for a pending table, its keys in the sandbox's `pairs` order (a node's keys are
/// all strings or all integers: ascending, strings by bytes as Lua's `<` compares them in the C
/// locale), so `pairs` need not sort them in Lua; for anything else nothing (then `pairs`
/// collects and sorts the keys itself). The table is left pending and every one of its keys
/// given (`pairs` makes each entry as it reaches it and skips those without a value, such as a
/// JSON null), so a walk that stops early makes no more. The list is made once per table and
/// call (`KEYS`) and given again to every walk while the table is pending (a script walking the
/// generals once per space): `pairs` only reads it, and no script can reach it.
unsafe extern "C-unwind" fn lazy_keys(state: *mut ffi::lua_State) -> c_int {
    unsafe {
        if ffi::lua_type(state, 1) != ffi::LUA_TTABLE {
            return 0;
        }
        ffi::lua_settop(state, 1);
        ffi::luaL_checkstack(state, 8, std::ptr::null());
        registry_get(state, &PENDING);
        let Some(node) = pending_node(state, 1, 2) else { return 0 };
        ffi::lua_settop(state, 1);
        registry_get(state, &KEYS);
        ffi::lua_pushvalue(state, 1);
        if ffi::lua_rawget(state, 2) == ffi::LUA_TTABLE {
            return 1;
        }
        ffi::lua_settop(state, 2);
        match node {
            Node::Json(serde_json::Value::Array(items)) => {
                ffi::lua_createtable(state, items.len() as c_int, 0);
                for i in 1..=items.len() as ffi::lua_Integer {
                    ffi::lua_pushinteger(state, i);
                    ffi::lua_rawseti(state, 3, i);
                }
            }
            // A `serde_json` object's keys are sorted.
            Node::Json(serde_json::Value::Object(map)) => {
                ffi::lua_createtable(state, map.len() as c_int, 0);
                for (i, k) in map.keys().enumerate() {
                    ffi::lua_pushlstring(state, k.as_ptr().cast(), k.len());
                    ffi::lua_rawseti(state, 3, i as ffi::lua_Integer + 1);
                }
            }
            Node::Lazy(object) => {
                let mut keys = object.keys();
                keys.sort_unstable();
                // Kept in the arena before any Lua call (a Lua error skips this frame's drops).
                let keys = arena(state).keep(keys);
                ffi::lua_createtable(state, keys.len() as c_int, 0);
                for (i, k) in keys.iter().enumerate() {
                    ffi::lua_pushlstring(state, k.as_ptr().cast(), k.len());
                    ffi::lua_rawseti(state, 3, i as ffi::lua_Integer + 1);
                }
            }
            Node::Json(_) => return 0,
        }
        ffi::lua_pushvalue(state, 1);
        ffi::lua_pushvalue(state, 3);
        ffi::lua_rawset(state, 2);
        1
    }
}

/// Fill the table at `idx` (an absolute index) if it is pending; the stack is left as found.
unsafe fn materialize(state: *mut ffi::lua_State, idx: c_int) {
    unsafe {
        ffi::luaL_checkstack(state, 8, std::ptr::null());
        let base = ffi::lua_gettop(state);
        registry_get(state, &PENDING);
        let pending = base + 1;
        let Some(node) = pending_node(state, idx, pending) else {
            ffi::lua_settop(state, base);
            return;
        };
        ffi::lua_pushvalue(state, idx);
        ffi::lua_pushnil(state);
        ffi::lua_rawset(state, pending);
        ffi::lua_pushnil(state);
        ffi::lua_setmetatable(state, idx);
        registry_get(state, &META);
        let meta = pending + 1;
        // Entries `lazy_index` stored already are kept: the script may hold those tables.
        match node {
            Node::Lazy(object) => {
                for k in arena(state).keep(object.keys()) {
                    ffi::lua_pushlstring(state, k.as_ptr().cast(), k.len());
                    ffi::lua_pushvalue(state, -1);
                    if ffi::lua_rawget(state, idx) == ffi::LUA_TNIL {
                        ffi::lua_settop(state, meta + 1);
                        match object.get(k) {
                            Some(item) => push_input(state, pending, meta, item),
                            None => ffi::lua_pushnil(state),
                        }
                        ffi::lua_rawset(state, idx);
                    }
                    ffi::lua_settop(state, meta);
                }
            }
            Node::Json(serde_json::Value::Array(items)) => {
                for (i, item) in items.iter().enumerate() {
                    let i = i as ffi::lua_Integer + 1;
                    if ffi::lua_rawgeti(state, idx, i) == ffi::LUA_TNIL {
                        push(state, pending, meta, item);
                        ffi::lua_rawseti(state, idx, i);
                    }
                    ffi::lua_settop(state, meta);
                }
            }
            Node::Json(serde_json::Value::Object(map)) => {
                for (k, item) in map {
                    ffi::lua_pushlstring(state, k.as_ptr().cast(), k.len());
                    ffi::lua_pushvalue(state, -1);
                    if ffi::lua_rawget(state, idx) == ffi::LUA_TNIL {
                        ffi::lua_settop(state, meta + 1);
                        push(state, pending, meta, item);
                        ffi::lua_rawset(state, idx);
                    }
                    ffi::lua_settop(state, meta);
                }
            }
            _ => {}
        }
        ffi::lua_settop(state, base);
    }
}

/// Push `value`: scalars as they are, a non-empty object or array as a lazy table.
unsafe fn push(state: *mut ffi::lua_State, pending: c_int, meta: c_int, value: &serde_json::Value) {
    use serde_json::Value as J;
    unsafe {
        match value {
            J::Null => ffi::lua_pushnil(state),
            J::Bool(b) => ffi::lua_pushboolean(state, *b as c_int),
            J::Number(n) => match n.as_i64() {
                Some(i) => ffi::lua_pushinteger(state, i),
                None => ffi::lua_pushnumber(state, n.as_f64().unwrap_or(f64::NAN)),
            },
            J::String(s) => {
                ffi::lua_pushlstring(state, s.as_ptr().cast(), s.len());
            }
            J::Array(items) if items.is_empty() => ffi::lua_createtable(state, 0, 0),
            J::Object(map) if map.is_empty() => ffi::lua_createtable(state, 0, 0),
            // Made in full (`flat`): scalars only, so nothing here recurses.
            J::Array(items) if flat(items.iter()) => {
                ffi::luaL_checkstack(state, 4, std::ptr::null());
                ffi::lua_createtable(state, items.len() as c_int, 0);
                for (i, item) in items.iter().enumerate() {
                    if !item.is_null() {
                        push(state, pending, meta, item);
                        ffi::lua_rawseti(state, -2, i as ffi::lua_Integer + 1);
                    }
                }
            }
            J::Object(map) if flat(map.values()) => {
                ffi::luaL_checkstack(state, 4, std::ptr::null());
                ffi::lua_createtable(state, 0, map.len() as c_int);
                for (k, item) in map {
                    if !item.is_null() {
                        ffi::lua_pushlstring(state, k.as_ptr().cast(), k.len());
                        push(state, pending, meta, item);
                        ffi::lua_rawset(state, -3);
                    }
                }
            }
            J::Array(items) => {
                ffi::lua_createtable(state, items.len() as c_int, 0);
                lazy(state, pending, meta, value);
            }
            J::Object(map) => {
                ffi::lua_createtable(state, 0, map.len() as c_int);
                lazy(state, pending, meta, value);
            }
        }
    }
}

/// Make the table on top of the stack stand for `node` until it is materialized.
unsafe fn lazy(state: *mut ffi::lua_State, pending: c_int, meta: c_int, node: &serde_json::Value) {
    unsafe {
        ffi::lua_pushvalue(state, meta);
        ffi::lua_setmetatable(state, -2);
        ffi::lua_pushvalue(state, -1);
        ffi::lua_pushlightuserdata(state, node as *const serde_json::Value as *mut c_void);
        ffi::lua_rawset(state, pending);
    }
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
