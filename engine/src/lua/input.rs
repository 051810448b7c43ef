//! The input of a call, handed to Lua lazily: a JSON object or array becomes a table only when
//! the script first touches it, so a script reading `view.side` of a large view pays for the
//! top level only, not for every nested table (an event view has hundreds of spaces).
//!
//! A lazy table is an empty table, created with the capacity the eager conversion would have
//! given it (a host's lazy object may ask for less, [`LazyInput::room`]). A few scalars (a JSON
//! array or object of at most `SMALL` of them, an `Input::Object` or `Input::List` of them, an
//! `Input::Pair`) are made in full at once instead: cheaper than a lazy table, and no script
//! can tell. A lazy table's metatable's `__index` converts and stores the one entry asked for
//! (nested objects and arrays again lazy); `__newindex` and `__len` first *materialize* it: fill
//! in every entry not stored yet and remove the metatable, then do what was asked. From then on
//! it is an ordinary table. The sandbox's `next`,
//! `rawget`, `rawset`, `rawlen`, `getmetatable` and `setmetatable` materialize their argument
//! first (`touch`), and the host materializes a lazy table a script returns, so no script can
//! tell a lazy table from an eager one: same entries, no metatable (`next`'s order varies from run to run anyway, lua.rs). The sandbox's
//! `pairs` walks a lazy table (a host's object or a JSON node) in its keys' order (`keys`, made
//! once per table and call), making each entry as it reaches it (`get`, the `__index` function),
//! so a walk over the spaces of a view that stops at the first match makes only the spaces it
//! visited, and the table stays lazy.
//!
//! Which JSON node or host object a lazy table stands for is kept in the table itself, under a
//! key no script can make or reach (a light userdata: the address of a static here; scripts get
//! no light userdata, and every raw access materializes the table first, which removes it): an
//! index into the call's list of nodes ([`Arena`]), tagged with the call's number. Looking it up
//! costs a hash of a pointer in the table being read, not a lookup in a registry table of all
//! the call's lazy tables (that table grew by hundreds of entries a call, rehashed as
//! it grew, and every read looked it up by the table's address). An index is checked against the
//! arena, so a table outliving its call (none can: nothing a script can reach survives a call,
//! lua/sandbox.rs) would stand for nothing, never for freed memory; the keys of a table's `pairs`
//! walk are kept the same way under a second hidden key. The call's arena is found in a
//! thread-local, registered for the call only ([`Arena::enter`]: the innermost call's, the one
//! whose state runs Lua), so between calls there is no arena and no table is pending. The input
//! is borrowed for the whole call, and when the call returns the state is either closed or kept
//! for the next call (lua/sandbox.rs).
//!
//! The input may also be made on demand by the host ([`Input::Lazy`], a [`LazyInput`]): such an
//! object is a lazy table too, and an entry is made (by [`LazyInput::get`]) only when the script
//! reads it, so a host whose input is costly to build (an event view: supply traces, counts per
//! space) pays only for what the script reads. The values made are kept in the call's [`Arena`]
//! until the state is closed; Lua still sees only tables of plain values, and nothing is kept
//! between calls. A host object with many entries of one kind (the spaces of a view) may give
//! each as a *part* ([`Input::Part`]): a lazy table whose entries the object itself makes
//! ([`LazyInput::part_get`]), so no Rust object is allocated per entry read.
//!
//! The metamethods are plain C functions on the raw Lua API (filling a space of the view through
//! mlua's checked calls cost more than the rest of the call). A memory error inside them is an
//! ordinary Lua error; the Rust frames it unwinds hold only references.

use mlua::{Function, Lua, Table, Value, ffi};
use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::ffi::{c_int, c_void};

/// Registry key (light userdata: the address of this static, looked up without hashing a
/// string): the shared metatable of lazy tables.
static META: u8 = 1;
/// The hidden keys of a pending table: what it stands for (`NODE`: a light userdata, see
/// [`Arena::node`]) and its keys in `pairs` order, made by its first walk (`KEYS`).
static NODE: u8 = 3;
static KEYS: u8 = 4;

/// The light userdata standing for the static `key` (a registry or hidden key).
fn slot(key: &'static u8) -> *const c_void {
    key as *const u8 as *const c_void
}

/// Push the registry's value under `key`.
unsafe fn registry_get(state: *mut ffi::lua_State, key: &'static u8) -> c_int {
    unsafe { ffi::lua_rawgetp(state, ffi::LUA_REGISTRYINDEX, slot(key)) }
}

/// Pop the top of the stack into the registry under `key`.
unsafe fn registry_set(state: *mut ffi::lua_State, key: &'static u8) {
    unsafe { ffi::lua_rawsetp(state, ffi::LUA_REGISTRYINDEX, slot(key)) }
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
    /// The keys of part `n` (an [`Input::Part`] this object gave), as [`LazyInput::keys`].
    fn part_keys(&self, _n: u32) -> Vec<Cow<'a, str>> {
        Vec::new()
    }
    /// How many keys part `n` has.
    fn part_len(&self, n: u32) -> usize {
        self.part_keys(n).len()
    }
    /// How many entries part `n`'s table has room for when made, as [`LazyInput::room`].
    fn part_room(&self, n: u32) -> usize {
        self.part_len(n)
    }
    /// The value of `key` in part `n`, as [`LazyInput::get`].
    fn part_get(&self, _n: u32, _key: &str) -> Option<Input<'a>> {
        None
    }
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
    /// An object of two scalar entries, made in full at once without a vector (a count per
    /// side of an event view, read hundreds of times a call): as `Object`.
    Pair([(&'a str, Scalar<'a>); 2]),
    /// A small array made in full at once: its items in order (a `Nil` item leaves a hole, as
    /// a JSON `null` does).
    List(Vec<Input<'a>>),
    Lazy(Box<dyn LazyInput<'a> + 'a>),
    /// Part `n` of the lazy object that gave this value (as an entry, or inside one): an object
    /// made on demand by that object's `part_*` methods, with no Rust object of its own. Given
    /// by anything but a lazy object or its parts, it is `null`.
    Part(u32),
}

/// `input` made in full, as the JSON a script would see (tests, clients, the eager reference).
pub fn to_json(input: Input<'_>) -> serde_json::Value {
    json_in(None, input)
}

/// `input` made in full, given by `owner` (the lazy object whose parts it may name).
fn json_in<'a>(owner: Option<&dyn LazyInput<'a>>, input: Input<'a>) -> serde_json::Value {
    use serde_json::Value as J;
    let object = |keys: Vec<Cow<'a, str>>, owner: &dyn LazyInput<'a>, get: &dyn Fn(&str) -> Option<Input<'a>>| {
        J::Object(keys.into_iter().filter_map(|k| get(&k).map(|v| (k.to_string(), json_in(Some(owner), v)))).collect())
    };
    match input {
        Input::Json(v) => v,
        Input::Ref(v) => v.clone(),
        Input::Nil => J::Null,
        Input::Bool(b) => J::Bool(b),
        Input::Int(i) => J::from(i),
        Input::Str(s) => J::String(s.to_string()),
        Input::Object(entries) => J::Object(entries.into_iter().map(|(k, v)| (k.to_string(), json_in(owner, v))).collect()),
        Input::Pair(entries) => J::Object(entries.into_iter().map(|(k, v)| (k.to_string(), json_in(owner, v.input()))).collect()),
        Input::List(items) => J::Array(items.into_iter().map(|v| json_in(owner, v)).collect()),
        Input::Lazy(o) => object(o.keys(), &*o, &|k| o.get(k)),
        Input::Part(n) => match owner {
            Some(o) => object(o.part_keys(n), o, &|k| o.part_get(n, k)),
            None => J::Null,
        },
    }
}

/// What a call's lazy tables stand for and keep alive: the host's lazy objects and the JSON
/// values they made (pending tables point into both). Declared before the Lua state in a call, so it outlives the state.
///
/// Everything the metamethods make in Rust is moved here before they call Lua again: a Lua
/// error (memory) unwinds their frames without running destructors, so those frames hold only
/// references.
pub(super) struct Arena<'a> {
    /// This call's number on this thread, in each pending table's hidden entry (`Arena::node`).
    call: usize,
    /// What each lazy table of the call stands for, by the index in its hidden entry.
    nodes: RefCell<Vec<NodeRef>>,
    // Boxed: pending tables point at the objects, which must not move when the vector grows.
    objects: RefCell<Vec<Box<dyn LazyInput<'a> + 'a>>>,
    // Boxed: pending tables point at the values, which must not move when the vector grows.
    #[allow(clippy::vec_box)]
    values: RefCell<Vec<Box<serde_json::Value>>>,
    keys: RefCell<Vec<Vec<Cow<'a, str>>>>,
    /// The entries of `Input::Object`s, each taken out (leaving `Nil`) as it is pushed.
    entries: RefCell<Vec<Vec<(&'a str, Input<'a>)>>>,
}

thread_local! {
    /// How many arenas this thread has made (each call's number, `Arena::call`).
    static CALLS: Cell<usize> = const { Cell::new(0) };
    /// The arena of the call running on this thread (the innermost one: a host may call Lua
    /// from a lazy input), its lifetime erased: set by `Arena::enter` while the arena lives.
    /// Read at every lazy read: a thread-local instead of a registry entry of the state looked
    /// up by hash.
    static CURRENT: Cell<*const Arena<'static>> = const { Cell::new(std::ptr::null()) };
}

impl<'a> Arena<'a> {
    /// Make this the running call's arena until the guard is dropped (then the previous one,
    /// an outer call's or none, is again). The caller drops the guard before the arena and
    /// after the call's state is closed or put back: no lazy table of the call is read after.
    pub(super) fn enter(&self) -> Entered {
        Entered(CURRENT.replace(std::ptr::from_ref(self).cast::<Arena<'static>>()))
    }
}

/// The running call's arena registered (`Arena::enter`); holds the one it replaced.
pub(super) struct Entered(*const Arena<'static>);

impl Drop for Entered {
    fn drop(&mut self) {
        CURRENT.set(self.0);
    }
}

/// The bits of a hidden entry holding the node's index; the call's number is above them.
const INDEX_BITS: u32 = usize::BITS / 2;

impl Default for Arena<'_> {
    fn default() -> Self {
        let call = CALLS.get().wrapping_add(1);
        CALLS.set(call);
        Arena {
            call: call & (usize::MAX >> INDEX_BITS),
            nodes: RefCell::new(Vec::with_capacity(64)),
            objects: RefCell::default(),
            values: RefCell::default(),
            keys: RefCell::default(),
            entries: RefCell::default(),
        }
    }
}

impl Arena<'static> {
    /// Add `node`: the hidden entry of the table standing for it (its index and the call's
    /// number; an index too large for its bits names no node, see `node`).
    fn add(&self, node: NodeRef) -> usize {
        let mut nodes = self.nodes.borrow_mut();
        nodes.push(node);
        (self.call << INDEX_BITS) | (nodes.len() - 1)
    }

    /// The node a hidden entry names, if it was made by `add` in this call.
    fn node<'n>(&self, hidden: usize) -> Option<Node<'n>> {
        if hidden >> INDEX_BITS != self.call {
            return None;
        }
        let index = hidden & ((1 << INDEX_BITS) - 1);
        // SAFETY: the pointers point into the call's input or this arena (see `NodeRef`).
        self.nodes.borrow().get(index).map(|n| unsafe { n.get() })
    }

    /// Keep `keys` for the call; the returned slice lives as long as the arena.
    fn keep<'k>(&self, keys: Vec<Cow<'static, str>>) -> &'k [Cow<'static, str>] {
        let slice: *const [Cow<'static, str>] = keys.as_slice();
        self.keys.borrow_mut().push(keys);
        // SAFETY: the vector's buffer does not move when the vector is moved, and the arena
        // keeps it until the end of the call.
        unsafe { &*slice }
    }
}

/// What a pending table stands for, as kept in the arena: pointers into the call's input
/// (borrowed for the whole call) or into the arena (boxed: they do not move), both valid until
/// the call ends, when the arena goes and no table is pending any more.
#[derive(Clone, Copy)]
enum NodeRef {
    Json(*const serde_json::Value),
    Lazy(*const (dyn LazyInput<'static> + 'static)),
    Part(*const (dyn LazyInput<'static> + 'static), u32),
}

impl NodeRef {
    /// # Safety
    /// The call that made it is running (see the type).
    unsafe fn get<'n>(self) -> Node<'n> {
        unsafe {
            match self {
                NodeRef::Json(v) => Node::Json(&*v),
                NodeRef::Lazy(o) => Node::Lazy(&*o),
                NodeRef::Part(o, n) => Node::Part(&*o, n),
            }
        }
    }
}

/// What a pending table stands for: a JSON node, a host's lazy object, or a part of one.
#[derive(Clone, Copy)]
enum Node<'n> {
    Json(&'n serde_json::Value),
    Lazy(&'n (dyn LazyInput<'static> + 'static)),
    Part(&'n (dyn LazyInput<'static> + 'static), u32),
}

impl<'n> Node<'n> {
    /// The lazy object whose parts this node's entries may name.
    fn owner(self) -> Option<&'n (dyn LazyInput<'static> + 'static)> {
        match self {
            Node::Json(_) => None,
            Node::Lazy(o) | Node::Part(o, _) => Some(o),
        }
    }

    /// A host node's keys (none for JSON).
    fn keys(self) -> Vec<Cow<'static, str>> {
        match self {
            Node::Json(_) => Vec::new(),
            Node::Lazy(o) => o.keys(),
            Node::Part(o, n) => o.part_keys(n),
        }
    }

    /// A host node's value of `key` (none for JSON).
    fn get(self, key: &str) -> Option<Input<'static>> {
        match self {
            Node::Json(_) => None,
            Node::Lazy(o) => o.get(key),
            Node::Part(o, n) => o.part_get(n, key),
        }
    }
}

/// Install the lazy-table machinery in a fresh state (trusted setup, before any script runs);
/// returns the `touch` function the sandbox prelude wraps the raw functions with, and the
/// `keys` and `get` functions its `pairs` uses.
pub(super) fn install(lua: &Lua) -> mlua::Result<(Function, Function, Function)> {
    let meta = lua.create_table()?;
    // SAFETY: the functions below follow the Lua C API protocol (see each one); the closure
    // stores the metatable (at index 1 of its frame).
    unsafe {
        meta.raw_set("__index", lua.create_c_function(lazy_index)?)?;
        meta.raw_set("__newindex", lua.create_c_function(lazy_newindex)?)?;
        meta.raw_set("__len", lua.create_c_function(lazy_len)?)?;
        lua.exec_raw::<()>(&meta, |state| {
            ffi::lua_pushvalue(state, 1);
            registry_set(state, &META);
        })?;
    }
    // SAFETY: as above.
    unsafe { Ok((lua.create_c_function(lazy_touch)?, lua.create_c_function(lazy_keys)?, lua.create_c_function(lazy_index)?)) }
}

/// The input value: scalars as they are, objects and arrays as lazy tables, standing for nodes
/// of the running call's arena (see [`Arena::enter`]). `input` must outlive the state: pending
/// tables point into it.
pub(super) fn value<'a>(lua: &Lua, input: Root<'_, 'a>) -> mlua::Result<Value> {
    // SAFETY: the closure pushes the value and leaves it alone at index 1 of its frame.
    unsafe {
        lua.exec_raw::<Value>((), |state| {
            ffi::luaL_checkstack(state, 8, std::ptr::null());
            registry_get(state, &META);
            let meta = ffi::lua_gettop(state);
            match input {
                Root::Json(v) => push(state, meta, v),
                Root::Lazy(i) => push_input(state, meta, None, i),
            }
            ffi::lua_copy(state, -1, meta);
            ffi::lua_settop(state, meta);
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
        let Some(node) = pending_node(state, 1) else {
            ffi::lua_rawget(state, 1);
            return 1;
        };
        push_meta(state, 1);
        let item = match node {
            Node::Json(serde_json::Value::Object(map)) => string_key(state, 2).and_then(|k| map.get(k)).map(Ok),
            Node::Json(serde_json::Value::Array(items)) if ffi::lua_type(state, 2) == ffi::LUA_TNUMBER => {
                let mut isnum = 0;
                let i = ffi::lua_tointegerx(state, 2, &mut isnum);
                (isnum != 0 && i >= 1).then(|| items.get(i as usize - 1)).flatten().map(Ok)
            }
            Node::Json(_) => None,
            Node::Lazy(_) | Node::Part(..) => string_key(state, 2).and_then(|k| node.get(k)).map(Err),
        };
        match item {
            Some(Ok(json)) => push(state, 3, json),
            Some(Err(input)) => push_input(state, 3, node.owner(), input),
            None => {
                ffi::lua_pushnil(state);
                return 1;
            }
        }
        ffi::lua_pushvalue(state, 2);
        ffi::lua_pushvalue(state, 4);
        ffi::lua_rawset(state, 1);
    }
    1
}

/// Push `META`, the metatable of the pending table at `idx`: read from the table (a pending
/// table's metatable is `META`: setting another materializes it first), not looked up in the
/// registry, unless it has none.
unsafe fn push_meta(state: *mut ffi::lua_State, idx: c_int) {
    unsafe {
        if ffi::lua_getmetatable(state, idx) == 0 {
            registry_get(state, &META);
        }
    }
}

/// The string at `idx`, if it is a UTF-8 string (a number is not converted).
unsafe fn string_key<'s>(state: *mut ffi::lua_State, idx: c_int) -> Option<&'s str> {
    unsafe {
        if ffi::lua_type(state, idx) != ffi::LUA_TSTRING {
            return None;
        }
        let mut len = 0;
        let key = ffi::lua_tolstring(state, idx, &mut len);
        // SAFETY: the string stays on the stack (so alive) while the caller reads it.
        let bytes = std::slice::from_raw_parts(key.cast::<u8>(), len);
        if bytes.is_ascii() {
            // SAFETY: ASCII is UTF-8 (checked inline: the keys read are short field names).
            Some(std::str::from_utf8_unchecked(bytes))
        } else {
            std::str::from_utf8(bytes).ok()
        }
    }
}

/// The running call's arena (see [`Arena::enter`]), if a call is running. Only the innermost
/// call's state runs Lua code (an outer call waits in the host's code), so the metamethods of
/// any state reach it.
unsafe fn arena<'s>(_state: *mut ffi::lua_State) -> Option<&'s Arena<'static>> {
    // SAFETY: an arena is registered only while it lives (`Arena::enter`).
    unsafe { CURRENT.get().as_ref() }
}

/// The running call's arena: only code reached from [`value`] pushes input.
unsafe fn call_arena<'s>(state: *mut ffi::lua_State) -> &'s Arena<'static> {
    unsafe { arena(state).expect("input is pushed during a call, with its arena") }
}

/// Push a table of `entries` (a list's items with empty keys when `list`), each kept in the
/// arena until pushed: this frame owns nothing across a Lua call.
unsafe fn push_entries(state: *mut ffi::lua_State, meta: c_int, owner: Option<&(dyn LazyInput<'static> + 'static)>, entries: Vec<(&str, Input<'_>)>, list: bool) {
    unsafe {
        let n = entries.len();
        // SAFETY: the lifetime is erased as for the arena itself (see `value`).
        let entries = std::mem::transmute::<Vec<(&str, Input<'_>)>, Vec<(&'static str, Input<'static>)>>(entries);
        let arena = call_arena(state);
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
                push_input(state, meta, owner, item);
                ffi::lua_rawseti(state, table, i as ffi::lua_Integer + 1);
            } else {
                ffi::lua_pushlstring(state, key.as_ptr().cast(), key.len());
                push_input(state, meta, owner, item);
                ffi::lua_rawset(state, table);
            }
        }
    }
}

/// Push a value made by the host, first moved into the arena: JSON (pending tables point into
/// it), or a lazy object or part of `owner`, which becomes a lazy table standing for it.
unsafe fn push_input(state: *mut ffi::lua_State, meta: c_int, owner: Option<&(dyn LazyInput<'static> + 'static)>, item: Input<'_>) {
    unsafe {
        match item {
            Input::Json(serde_json::Value::Null) | Input::Nil => ffi::lua_pushnil(state),
            Input::Json(serde_json::Value::Bool(b)) | Input::Bool(b) => ffi::lua_pushboolean(state, b as c_int),
            Input::Int(i) => ffi::lua_pushinteger(state, i),
            // A number owns nothing: pushed from here.
            Input::Json(v @ serde_json::Value::Number(_)) => push(state, meta, &v),
            Input::Str(s) => {
                ffi::lua_pushlstring(state, s.as_ptr().cast(), s.len());
            }
            // Borrowed for the whole call, like the root JSON input: pending tables may point
            // into it.
            Input::Ref(v) => push(state, meta, v),
            // Scalars only (most small objects: a count per side, a general's entry): copied to
            // the stack and pushed without the arena, since they own nothing once the vector is
            // freed (two allocations fewer per object, one per field a script reads).
            Input::Object(entries) if entries.len() <= SMALL && entries.iter().all(|(_, v)| Scalar::of(v).is_some()) => {
                let n = entries.len();
                let mut flat = [("", Scalar::Nil); SMALL];
                for (slot, (k, v)) in flat.iter_mut().zip(&entries) {
                    *slot = (k, Scalar::of(v).unwrap_or(Scalar::Nil));
                }
                drop(entries);
                push_scalars(state, &flat[..n]);
            }
            Input::Pair(entries) => push_scalars(state, &entries),
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
            Input::List(items) => push_entries(state, meta, owner, items.into_iter().map(|v| ("", v)).collect(), true),
            Input::Object(entries) => push_entries(state, meta, owner, entries, false),
            Input::Json(v) => {
                let v = Box::new(v);
                let node: *const serde_json::Value = &*v;
                call_arena(state).values.borrow_mut().push(v);
                push(state, meta, &*node);
            }
            Input::Lazy(object) => {
                let (n, room) = (object.len(), object.room());
                // SAFETY: the lifetime is erased as for the arena itself (see `value`).
                let object = std::mem::transmute::<Box<dyn LazyInput<'_> + '_>, Box<dyn LazyInput<'static>>>(object);
                let address: *const dyn LazyInput<'static> = &*object;
                call_arena(state).objects.borrow_mut().push(object);
                push_lazy(state, meta, NodeRef::Lazy(address), n, room);
            }
            Input::Part(part) => match owner {
                Some(o) => push_lazy(state, meta, NodeRef::Part(o, part), o.part_len(part), o.part_room(part)),
                None => ffi::lua_pushnil(state),
            },
        }
    }
}

/// Push a table of `entries` (a `Nil` entry is no entry).
unsafe fn push_scalars(state: *mut ffi::lua_State, entries: &[(&str, Scalar<'_>)]) {
    unsafe {
        ffi::luaL_checkstack(state, 4, std::ptr::null());
        ffi::lua_createtable(state, 0, entries.len() as c_int);
        for &(key, item) in entries {
            if !matches!(item, Scalar::Nil) {
                ffi::lua_pushlstring(state, key.as_ptr().cast(), key.len());
                item.push(state);
                ffi::lua_rawset(state, -3);
            }
        }
    }
}

/// Push a table standing for the host node `node` of `n` keys, made with room for `room` of
/// them: a lazy table, or an empty table if it has no keys.
unsafe fn push_lazy(state: *mut ffi::lua_State, meta: c_int, node: NodeRef, n: usize, room: usize) {
    unsafe {
        ffi::lua_createtable(state, 0, room.min(n) as c_int);
        if n > 0 {
            lazy(state, meta, node);
        }
    }
}

/// Most entries of an object or array made in full at once when pushed (`Input::Object` and
/// `Input::List` of scalars, flat JSON: see [`push`]).
const SMALL: usize = 16;

/// A value that owns nothing and makes no table: pushed as it is (an entry of `Input::Pair`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar<'a> {
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

    /// The same value as an input.
    pub fn input(self) -> Input<'a> {
        match self {
            Scalar::Nil => Input::Nil,
            Scalar::Bool(b) => Input::Bool(b),
            Scalar::Int(i) => Input::Int(i),
            Scalar::Str(s) => Input::Str(s),
        }
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
/// hidden entry, a metatable and a metamethod call per item read, more than making it.
fn flat<'v>(mut items: impl ExactSizeIterator<Item = &'v serde_json::Value>) -> bool {
    items.len() <= SMALL && items.all(|v| !matches!(v, serde_json::Value::Array(_) | serde_json::Value::Object(_)))
}

/// What the table at `idx` stands for, if it is pending; the stack is left as found.
unsafe fn pending_node<'n>(state: *mut ffi::lua_State, idx: c_int) -> Option<Node<'n>> {
    unsafe {
        if ffi::lua_rawgetp(state, idx, slot(&NODE)) != ffi::LUA_TLIGHTUSERDATA {
            ffi::lua_settop(state, -2);
            return None;
        }
        let hidden = ffi::lua_touserdata(state, -1) as usize;
        ffi::lua_settop(state, -2);
        arena(state)?.node(hidden)
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
/// call (kept under the hidden key `KEYS`) and given again to every walk while the table is
/// pending (a script walking the generals once per space): `pairs` only reads it, and no
/// script can reach it.
unsafe extern "C-unwind" fn lazy_keys(state: *mut ffi::lua_State) -> c_int {
    unsafe {
        if ffi::lua_type(state, 1) != ffi::LUA_TTABLE {
            return 0;
        }
        ffi::lua_settop(state, 1);
        ffi::luaL_checkstack(state, 8, std::ptr::null());
        let Some(node) = pending_node(state, 1) else { return 0 };
        if ffi::lua_rawgetp(state, 1, slot(&KEYS)) == ffi::LUA_TTABLE {
            return 1;
        }
        ffi::lua_settop(state, 1);
        match node {
            Node::Json(serde_json::Value::Array(items)) => {
                ffi::lua_createtable(state, items.len() as c_int, 0);
                for i in 1..=items.len() as ffi::lua_Integer {
                    ffi::lua_pushinteger(state, i);
                    ffi::lua_rawseti(state, 2, i);
                }
            }
            // A `serde_json` object's keys are sorted.
            Node::Json(serde_json::Value::Object(map)) => {
                ffi::lua_createtable(state, map.len() as c_int, 0);
                for (i, k) in map.keys().enumerate() {
                    ffi::lua_pushlstring(state, k.as_ptr().cast(), k.len());
                    ffi::lua_rawseti(state, 2, i as ffi::lua_Integer + 1);
                }
            }
            Node::Json(_) => return 0,
            Node::Lazy(_) | Node::Part(..) => {
                let mut keys = node.keys();
                keys.sort_unstable();
                // Kept in the arena before any Lua call (a Lua error skips this frame's drops).
                let keys = call_arena(state).keep(keys);
                ffi::lua_createtable(state, keys.len() as c_int, 0);
                for (i, k) in keys.iter().enumerate() {
                    ffi::lua_pushlstring(state, k.as_ptr().cast(), k.len());
                    ffi::lua_rawseti(state, 2, i as ffi::lua_Integer + 1);
                }
            }
        }
        ffi::lua_pushvalue(state, 2);
        ffi::lua_rawsetp(state, 1, slot(&KEYS));
        1
    }
}

/// Fill the table at `idx` (an absolute index) if it is pending; the stack is left as found.
unsafe fn materialize(state: *mut ffi::lua_State, idx: c_int) {
    unsafe {
        ffi::luaL_checkstack(state, 8, std::ptr::null());
        let base = ffi::lua_gettop(state);
        let Some(node) = pending_node(state, idx) else { return };
        push_meta(state, idx);
        let meta = base + 1;
        for key in [&NODE, &KEYS] {
            ffi::lua_pushnil(state);
            ffi::lua_rawsetp(state, idx, slot(key));
        }
        ffi::lua_pushnil(state);
        ffi::lua_setmetatable(state, idx);
        // Entries `lazy_index` stored already are kept: the script may hold those tables.
        match node {
            Node::Lazy(_) | Node::Part(..) => {
                for k in call_arena(state).keep(node.keys()) {
                    ffi::lua_pushlstring(state, k.as_ptr().cast(), k.len());
                    ffi::lua_pushvalue(state, -1);
                    if ffi::lua_rawget(state, idx) == ffi::LUA_TNIL {
                        ffi::lua_settop(state, meta + 1);
                        match node.get(k) {
                            Some(item) => push_input(state, meta, node.owner(), item),
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
                        push(state, meta, item);
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
                        push(state, meta, item);
                        ffi::lua_rawset(state, idx);
                    }
                    ffi::lua_settop(state, meta);
                }
            }
            Node::Json(_) => {}
        }
        ffi::lua_settop(state, base);
    }
}

/// Push `value`: scalars as they are, a non-empty object or array as a lazy table.
unsafe fn push(state: *mut ffi::lua_State, meta: c_int, value: &serde_json::Value) {
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
                        push(state, meta, item);
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
                        push(state, meta, item);
                        ffi::lua_rawset(state, -3);
                    }
                }
            }
            // The hidden entry is in the hash part (with room for it).
            J::Array(items) => {
                ffi::lua_createtable(state, items.len() as c_int, 1);
                lazy(state, meta, NodeRef::Json(value));
            }
            J::Object(map) => {
                ffi::lua_createtable(state, 0, map.len() as c_int);
                lazy(state, meta, NodeRef::Json(value));
            }
        }
    }
}

/// Make the table on top of the stack stand for `node` until it is materialized: the shared
/// metatable, and the hidden entry naming `node` in the call's arena.
unsafe fn lazy(state: *mut ffi::lua_State, meta: c_int, node: NodeRef) {
    unsafe {
        let hidden = call_arena(state).add(node);
        ffi::luaL_checkstack(state, 2, std::ptr::null());
        ffi::lua_pushvalue(state, meta);
        ffi::lua_setmetatable(state, -2);
        ffi::lua_pushlightuserdata(state, hidden as *mut c_void);
        ffi::lua_rawsetp(state, -2, slot(&NODE));
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A hidden entry names a node of its own call only: another call's (a table that outlived
    /// its call) names none.
    #[test]
    fn hidden_entries_name_nodes_of_their_own_call() {
        let (first, second) = (Arena::default(), Arena::default());
        let value = serde_json::json!([1, 2]);
        let hidden = first.add(NodeRef::Json(&value));
        assert!(matches!(first.node(hidden), Some(Node::Json(v)) if std::ptr::eq(v, &value)));
        assert!(second.node(hidden).is_none(), "another call's entry");
        assert!(first.node(hidden + 1).is_none(), "no such node");
    }
}
