//! The sandboxed Lua state, kept per thread and reused call after call (creating and
//! sandboxing a state cost about 40 µs a call, more than most event scripts take to run).
//!
//! Reuse keeps the contract of a fresh state per call (see `lua.rs`): Lua keeps nothing
//! between calls that a script can see.
//! * Each call runs in its own environment table, made by the trusted prelude: a copy of the
//!   sandboxed globals with fresh copies of `string`, `table`, `math` and `utf8` (the last three
//!   made when a script first reads them, or first touches the environment raw: most scripts
//!   never do, and copying them was a fifth of a call's fixed cost; no script can tell, see
//!   `libraries_made_on_first_read_are_as_if_made_at_once`). A script's
//!   globals, and whatever it adds to, removes from or replaces in a library, are gone at the
//!   next call. The shared functions are closures over trusted locals only (never over the
//!   shared global table), so a script cannot change what they do. The string metatable, the
//!   only shared table a script can reach, is reset at the start of every call.
//! * The limits start from zero: a new instruction budget per call (the hook is installed for
//!   the call only), and a memory limit set at the start of each call to what the state holds
//!   then plus `memory_bytes` less what a fresh sandbox takes (its standard library). So a call
//!   always has at least the room a fresh state gave it, and what earlier calls allocated never
//!   takes from it. Garbage an earlier call left (at most `GC_SLACK`: past that the state is
//!   collected in full after the call) is collected when this call needs the room, so it may
//!   give a call up to that much more. A full collection after every call made the state's
//!   memory exact but cost more than a fresh state (it marks every loaded chunk each time).
//! * The collector runs between calls, not during them: nearly everything a call
//!   makes lives until it returns (the lazy input's tables are held by the tables holding
//!   them, up to the input itself), so collecting during a call marked much and freed little,
//!   and promoted the call's tables to the old generation, which only full collections free.
//!   After a call, once calls have allocated `GC_YOUNG` since the last collection, a young
//!   collection frees them; within a call, an allocation that would pass the memory limit first
//!   makes Lua collect in full (its emergency collection runs with the collector stopped), so a
//!   script making much garbage still has the room it had.
//! * The call's arena is forgotten when the call ends: a lazy table of the call (none is
//!   reachable by a later script) then stands for nothing (lua/input.rs).
//! * A call that fails in any way (a script error, a limit, a value that cannot be returned)
//!   discards the state: the next call makes a new one. Calls made while another is running on
//!   the same thread (a host calling Lua from a lazy input) get a state of their own.
//!
//! Each script's chunk is loaded once per state and kept, as a *maker*: the chunk's text inside
//! `return function(_ENV) return function(...) <text>\nend end`, run once at load, gives a
//! function that, called with the call's environment, gives a fresh function of the chunk's
//! code over it (a fresh closure with a fresh `_ENV`). The chunk still runs at every call, so
//! the functions it defines are made afresh in the call's environment. The text starts on the
//! wrapper's first line, so lines in errors are the text's; the wrapper is used only once the
//! text compiles alone (else text such as `end end, function(_ENV) return function(...)` would
//! compile wrapped, not alone), and `_ENV` is an upvalue named `_ENV` in both, so error
//! messages ("global 'x'") are the same. A text that compiles alone but not wrapped (nested
//! near Lua's limit of syntax levels) is loaded afresh at every call from its bytecode.
//! Setting the `_ENV` of a kept function instead made every call's environment old
//! at once (the collector's write barrier ages what an old object is made to point to), so
//! only full collections freed it and all it held.

use super::{chunks, input};
use mlua::chunk::ChunkMode;
use mlua::prelude::{LuaGcGenParams, LuaGcMode};
use mlua::{Function, Lua, LuaOptions, StdLib, Table, Value, ffi};
use std::cell::{Cell, RefCell};
use std::ffi::c_int;
use rustc_hash::FxHashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::rc::Rc;
use std::sync::OnceLock;

/// Trusted Lua run once per state, before any script: installs the wrappers in the globals and
/// returns the function that makes each call's environment.
const PRELUDE: &str = r#"
local exhausted, touch_input, lazy_keys, lazy_get, copy, lazy_assign = ...
local raw_pcall, raw_xpcall, raw_setmetatable, raw_next = pcall, xpcall, setmetatable, next
local rawget, getmetatable, type, error, sort = rawget, getmetatable, type, error, table.sort
local raw_rawset = rawset

-- Each call's environment (see the end) gets its own `math`, `table` and `utf8` only when a
-- script first reads one (most never do): until then its metatable, marked `ENV`, stands for
-- them, each library's name in it `false` while the library is pending. `__index` copies the
-- library asked for; `__newindex` (`lazy_assign`, lua/sandbox.rs) marks a library assigned
-- before it was read (so `math = nil` leaves it nil); either way the library's name is then
-- `true`. `materialize` copies every library still pending and removes the metatable: from
-- then on the environment is an ordinary table, as if made in full.
local ENV = {}
local LAZY = {}
local function materialize(env, mt)
  raw_setmetatable(env, nil)
  for name, list in raw_next, LAZY do
    if mt[name] == false then raw_rawset(env, name, copy(list)) end
  end
end
local function lazy_library(env, k)
  local mt = getmetatable(env)
  if mt[k] ~= false then return nil end
  mt[k] = true
  local lib = copy(LAZY[k])
  raw_rawset(env, k, lib)
  return lib
end

-- Before any raw access: a lazy input table (lua/input.rs) or an environment still standing
-- for libraries is made in full.
local function touch(t)
  local mt = getmetatable(t)
  if type(mt) == "table" and rawget(mt, ENV) then materialize(t, mt) end
  touch_input(t)
end

-- Lazy input tables (lua/input.rs) are materialized before any raw access. The raw function
-- is called through a local of the same name, not as a tail call, so its argument errors
-- still name it; `ret` returns exactly the values it returned.
local function ret(...) return ... end
do
  local next, rawset, rawlen = next, rawset, rawlen
  _G.next = function(t, ...) touch(t) return ret(next(t, ...)) end
  _G.rawget = function(t, ...) touch(t) return ret(rawget(t, ...)) end
  _G.rawset = function(t, ...) touch(t) return ret(rawset(t, ...)) end
  _G.rawlen = function(t, ...) touch(t) return ret(rawlen(t, ...)) end
  _G.getmetatable = function(t, ...) touch(t) return ret(getmetatable(t, ...)) end
end

local function pass(ok, ...)
  if not ok and exhausted() then error((...), 0) end
  return ok, ...
end
function pcall(f, ...) return pass(raw_pcall(f, ...)) end
-- Once the budget is spent the handler is not run: Lua runs a message handler before it unwinds,
-- and after an error raised by the count hook with hooks still off, so nothing would stop it.
function xpcall(f, handler, ...)
  if type(handler) == "function" then
    local h = handler
    handler = function(m) if exhausted() then return m end return h(m) end
  end
  return pass(raw_xpcall(f, handler, ...))
end

function setmetatable(t, mt)
  touch(t)
  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
    error("__gc metamethods are not allowed in the sandbox", 2)
  end
  return raw_setmetatable(t, mt)
end

local rank = { number = 1, string = 2, boolean = 3 }
local function before(a, b)
  local ta, tb = type(a), type(b)
  if ta == tb then
    if ta == "number" or ta == "string" then return a < b end
    if ta == "boolean" then return b and not a end
    return false
  end
  return (rank[ta] or 4) < (rank[tb] or 4)
end

-- The iterator over `t`'s keys in the order of `keys` (entries removed meanwhile are skipped).
-- A lazy table is walked without being made in full: `lazy_get` makes the entry reached if it
-- is still pending (the raw value otherwise), so a walk that stops early makes no more.
local function walk(t, keys)
  local i = 0
  return function()
    while true do
      i = i + 1
      local k = keys[i]
      if k == nil then return nil end
      local v = rawget(t, k)
      if v == nil then v = lazy_get(t, k) end
      if v ~= nil then return k, v end
    end
  end, t, nil
end

function pairs(t)
  -- A lazy input table gives its keys already in order (lua/input.rs).
  local keys = lazy_keys(t)
  if keys then return walk(t, keys) end
  touch(t)
  local mt = getmetatable(t)
  local custom = type(mt) == "table" and rawget(mt, "__pairs")
  if custom then
    local f, s, c = custom(t)
    return f, s, c
  end
  if type(t) ~= "table" then
    error("bad argument #1 to 'pairs' (table expected, got " .. type(t) .. ")", 2)
  end
  local n, kind, mixed = 0, nil, false
  keys = {}
  for k in raw_next, t do
    n = n + 1
    keys[n] = k
    local tk = type(k)
    if tk ~= kind then mixed = kind ~= nil; kind = kind or tk end
  end
  -- Keys all strings or all numbers: the same order as `before`, with the faster native `<`.
  if mixed or (kind ~= "string" and kind ~= "number") then sort(keys, before) else sort(keys) end
  return walk(t, keys)
end

-- Each call's environment (lua/sandbox.rs): a fresh table with the globals above and its own
-- copies of the four libraries (`math`, `table` and `utf8` made when first read, see `ENV`
-- above), so nothing a script sets, adds or removes reaches the next call. The string
-- metatable is the one shared table a script can reach (`getmetatable("")`): it is emptied and
-- pointed at the call's own `string` table, made at once.
-- The shared tables no longer change from here on: each is listed once as a flat sequence
-- of its entries { k1, v1, k2, v2, ... }, in `next`'s order, and `copy` (lua/sandbox.rs,
-- `copy_flat`) makes each call's copy from that list, with room for all its entries, inserting
-- them in the same order as a walk of the table would.
local string_mt = getmetatable("")
-- `skip`: keys left out (the globals' copy leaves out the libraries, copied on their own).
local function flat(t, skip)
  local list, n = {}, 0
  for k, v in raw_next, t do
    if not (skip and skip[k]) then
      list[n + 1], list[n + 2] = k, v
      n = n + 2
    end
  end
  return list
end
-- The lazy libraries: the names the environment's metatable marks `false` (below).
local libraries = { string = true }
for _, name in raw_next, { "math", "table", "utf8" } do
  LAZY[name] = flat(_G[name])
  libraries[name] = true
end
local G = flat(_G, libraries)
local string_lib = flat(_G.string)
return function()
  local env = copy(G)
  local string = copy(string_lib)
  env.string = string
  env._G = env
  for k in raw_next, string_mt do string_mt[k] = nil end
  string_mt.__index = string
  -- The names of `LAZY`, pending.
  raw_setmetatable(env, { [ENV] = true, math = false, table = false, utf8 = false,
                          __index = lazy_library, __newindex = lazy_assign })
  return env
end
"#;

/// Garbage calls may leave for the next (collected by a young collection once there is
/// `GC_YOUNG` of it, or in full once there is more than this): see the module docs.
const GC_SLACK: usize = 1 << 20;

/// What calls may allocate before a young collection after the call (see the module docs):
/// measured on the events of random campaign games, 64 and 256 KiB cost the same, 1 MiB (and a
/// 4 MiB `GC_SLACK`) a fifth more (a larger heap, fewer cache hits).
const GC_YOUNG: usize = 256 << 10;

/// Most chunks kept loaded per state; past that the cache starts over (mods may bring many).
const MAX_LOADED: usize = 1024;

thread_local! {
    /// The state the last successful call on this thread left, ready for the next.
    static POOL: RefCell<Option<Sandbox>> = const { RefCell::new(None) };
}

/// One chunk name's loaded chunks, by `source_key`, each with its source (compared in full).
type Loaded = FxHashMap<(usize, u64), Vec<(String, Kept)>>;

/// A chunk kept loaded: how each call gets a fresh function of it (see the module docs).
#[derive(Clone)]
enum Kept {
    /// Its maker: called with the call's environment, it gives the chunk's function over it.
    Maker(Function),
    /// Loaded afresh at every call: its bytecode (its text compiles alone but not wrapped), or
    /// its text (it did not compile in the scratch state of lua/chunks.rs: loading it reports
    /// the error as a text chunk's).
    Afresh(Option<Rc<[u8]>>),
}

/// `source` inside the maker's wrapper, starting on the wrapper's first line (see the module
/// docs); the closing `end`s on a line of their own, past a last line that may be a comment.
pub(super) fn wrapped(source: &str) -> String {
    format!("return function(_ENV) return function(...) {source}\nend end")
}

/// Where a chunk's source is kept in `Sandbox::loaded`: its length and a hash of at most 64
/// bytes at each end. A source is kilobytes and is looked up twice a call (the library, the
/// script): hashing it whole cost more than the rest of the lookup. Sources with the
/// same key are told apart by comparing them in full.
fn source_key(source: &str) -> (usize, u64) {
    let b = source.as_bytes();
    let mut h = DefaultHasher::new();
    b[..b.len().min(64)].hash(&mut h);
    b[b.len().saturating_sub(64)..].hash(&mut h);
    (b.len(), h.finish())
}

/// A sandboxed Lua state between calls.
pub(super) struct Sandbox {
    pub(super) lua: Lua,
    /// The prelude's environment maker.
    fresh_env: Function,
    /// Memory a fresh sandbox takes: its standard library and wrappers.
    base: usize,
    /// Memory in use after the last full collection.
    clean: Cell<usize>,
    /// Memory in use after the last collection, young or full.
    swept: Cell<usize>,
    /// Loaded chunks per chunk name, by source text (found by `source_key`).
    loaded: RefCell<FxHashMap<&'static str, Loaded>>,
}

impl Sandbox {
    /// This thread's state, or a new one.
    pub(super) fn take() -> mlua::Result<Sandbox> {
        POOL.take().map_or_else(Sandbox::new, Ok)
    }

    fn new() -> mlua::Result<Sandbox> {
        #[cfg(test)]
        CREATED.set(CREATED.get() + 1);
        let lua = Lua::new_with(StdLib::TABLE | StdLib::STRING | StdLib::MATH | StdLib::UTF8, LuaOptions::default())?;
        let fresh_env = sandbox(&lua)?;
        // Calls make short-lived garbage over a heap that lives as long as the state (the
        // library, the loaded chunks): the generational collector's young collections suit it
        // (run between calls: see the module docs).
        lua.gc_set_mode(LuaGcMode::Generational(LuaGcGenParams::default()));
        lua.gc_collect()?;
        // Collections run between calls only (`finish`), or when an allocation would pass the
        // memory limit (Lua's emergency collection runs even with the collector stopped).
        lua.gc_stop();
        let base = lua.used_memory();
        Ok(Sandbox { lua, fresh_env, base, clean: Cell::new(base), swept: Cell::new(base), loaded: RefCell::default() })
    }

    /// Start a call that may allocate `memory_bytes` less a fresh sandbox's own memory: its
    /// environment.
    pub(super) fn begin(&self, memory_bytes: usize) -> mlua::Result<Table> {
        self.lua.set_memory_limit(self.lua.used_memory() + memory_bytes.saturating_sub(self.base).max(1))?;
        self.fresh_env.call(())
    }

    /// `source` as a function of this state under the chunk name `name`, running in `env`: a
    /// fresh function, made from the chunk kept in this state (loaded once, see [`keep`]). Its
    /// maker runs two VM instructions: the caller makes the functions before the instruction
    /// hook is installed, so the budget counts the script's own instructions only.
    pub(super) fn chunk(&self, name: &'static str, source: &str, memory_bytes: usize, env: &Table) -> mlua::Result<Function> {
        let key = source_key(source);
        let kept = self.loaded.borrow().get(name).and_then(|m| m.get(&key)).and_then(|v| v.iter().find(|(s, _)| s == source)).map(|(_, k)| k.clone());
        let kept = match kept {
            Some(k) => k,
            None => {
                let k = keep(&self.lua, name, source, memory_bytes)?;
                let mut loaded = self.loaded.borrow_mut();
                let m = loaded.entry(name).or_default();
                if m.values().map(Vec::len).sum::<usize>() >= MAX_LOADED {
                    m.clear();
                }
                m.entry(key).or_default().push((source.to_string(), k.clone()));
                k
            }
        };
        match kept {
            // SAFETY: the maker is at index 1 and the environment at index 2; `lua_call` (in
            // the protected call of `exec_raw`) leaves the function it returns.
            Kept::Maker(maker) => unsafe { self.lua.exec_raw::<Function>((&maker, env), |state| ffi::lua_call(state, 1, 1)) },
            Kept::Afresh(Some(code)) => binary(&self.lua, name, &code).set_environment(env.clone()).into_function(),
            Kept::Afresh(None) => self.lua.load(source).set_name(name).set_mode(ChunkMode::Text).set_environment(env.clone()).into_function(),
        }
    }

    /// After a successful call: remove the hook, forget the call's input, collect its garbage
    /// and keep the state for the next call on this thread (dropped instead if any of it fails).
    pub(super) fn finish(self) {
        let reset = || -> mlua::Result<()> {
            // SAFETY: removing a hook is always allowed.
            unsafe { self.lua.exec_raw::<()>((), |state| ffi::lua_sethook(state, None, 0, 0))? };
            self.lua.set_memory_limit(0)?;
            let used = self.lua.used_memory();
            if used > self.clean.get() + GC_SLACK {
                self.lua.gc_collect()?;
                self.clean.set(self.lua.used_memory());
                self.swept.set(self.clean.get());
            } else if used > self.swept.get() + GC_YOUNG {
                // A young collection (generational mode): the calls' objects are all young.
                self.lua.gc_step()?;
                self.swept.set(self.lua.used_memory());
            }
            Ok(())
        };
        if reset().is_ok() {
            POOL.set(Some(self));
        }
    }
}

/// Remove everything unsafe or nondeterministic from the globals, install the wrappers, and
/// return the environment maker.
fn sandbox(lua: &Lua) -> mlua::Result<Function> {
    let globals = lua.globals();
    for name in ["io", "os", "package", "debug", "coroutine", "require", "load", "loadfile", "dofile", "loadstring", "collectgarbage", "print", "warn"] {
        globals.raw_set(name, Value::Nil)?;
    }
    let math: Table = globals.raw_get("math")?;
    math.raw_set("random", Value::Nil)?;
    math.raw_set("randomseed", Value::Nil)?;
    let string: Table = globals.raw_get("string")?;
    string.raw_set("dump", Value::Nil)?;

    let exhausted = lua.create_function(|_, ()| Ok(super::budget_exhausted()))?;
    let (touch, keys, get) = input::install(lua)?;
    let prelude = match prelude_bytecode() {
        // Our own constant, compiled by this process: binary mode is safe for it (and only it).
        Some(code) => lua.load(code).set_name("=sandbox").set_mode(ChunkMode::Binary),
        None => lua.load(PRELUDE).set_name("=sandbox").set_mode(ChunkMode::Text),
    };
    // SAFETY: `copy_flat` and `lazy_assign` follow the Lua C API protocol (see them).
    let copy = unsafe { lua.create_c_function(copy_flat)? };
    let assign = unsafe { lua.create_c_function(lazy_assign)? };
    prelude.call::<Function>((exhausted, touch, keys, get, copy, assign))
}

/// `copy(list)` for the trusted prelude: a new table with the entries of `list`, a sequence
/// { k1, v1, k2, v2, ... } (raw), made with room for all of them and filled in that order. Each
/// call's environment copies the globals and four libraries (a copy grown entry by
/// entry in Lua was rehashed several times per table, at every call; walking the shared table
/// with `lua_next` looked up each key again to find the next, reading a sequence by index does
/// not).
unsafe extern "C-unwind" fn copy_flat(state: *mut ffi::lua_State) -> c_int {
    unsafe {
        ffi::luaL_checktype(state, 1, ffi::LUA_TTABLE);
        ffi::lua_settop(state, 1);
        ffi::luaL_checkstack(state, 4, std::ptr::null());
        let len = ffi::lua_rawlen(state, 1) as ffi::lua_Integer;
        ffi::lua_createtable(state, 0, (len / 2).clamp(0, c_int::MAX as ffi::lua_Integer) as c_int);
        // [list, copy] -> [list, copy, key, value] -> rawset -> [list, copy]
        let mut i = 1;
        while i < len {
            ffi::lua_rawgeti(state, 1, i);
            ffi::lua_rawgeti(state, 1, i + 1);
            ffi::lua_rawset(state, 2);
            i += 2;
        }
    }
    1
}

/// `__newindex(env, key, value)` of a call's environment while it stands for libraries not yet
/// made (the prelude's `ENV`): a pending library (`false` under its name in the metatable) is
/// marked done, so a library assigned before it was read keeps what was assigned; then the raw
/// assignment. In C: every global a script defines comes here (a Lua function cost 1,400
/// instructions a global).
unsafe extern "C-unwind" fn lazy_assign(state: *mut ffi::lua_State) -> c_int {
    unsafe {
        ffi::lua_settop(state, 3);
        ffi::luaL_checkstack(state, 4, std::ptr::null());
        // [env, key, value, mt, mt[key]], then [env, key, value, mt, mt[key], key, true]
        if ffi::lua_getmetatable(state, 1) != 0 {
            ffi::lua_pushvalue(state, 2);
            if ffi::lua_rawget(state, 4) == ffi::LUA_TBOOLEAN && ffi::lua_toboolean(state, 5) == 0 {
                ffi::lua_pushvalue(state, 2);
                ffi::lua_pushboolean(state, 1);
                ffi::lua_rawset(state, 4);
            }
        }
        ffi::lua_settop(state, 3);
        ffi::lua_rawset(state, 1);
    }
    0
}

/// [`PRELUDE`] compiled once per process: parsing it took 45 µs a call, loading its bytecode 5.
fn prelude_bytecode() -> Option<&'static [u8]> {
    static CODE: OnceLock<Option<Vec<u8>>> = OnceLock::new();
    CODE.get_or_init(|| {
        let lua = Lua::new_with(StdLib::NONE, LuaOptions::default()).ok()?;
        let function = lua.load(PRELUDE).set_name("=sandbox").set_mode(ChunkMode::Text).into_function().ok()?;
        // Not stripped: the wrappers' locals name the raw functions in argument errors.
        // `dump` panics only if Lua cannot allocate the buffer; fall back to parsing then.
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| function.dump(false))).ok()
    })
    .as_deref()
}

/// `source` loaded in `lua` under the chunk name `name`, to be kept (see the module docs): its
/// maker, or else (see [`Kept::Afresh`]) its bytecode or nothing. Bytecode is compiled once per
/// thread in text mode by this process (lua/chunks.rs).
fn keep(lua: &Lua, name: &'static str, source: &str, memory_bytes: usize) -> mlua::Result<Kept> {
    let Some(code) = chunks::bytecode(name, source, memory_bytes) else { return Ok(Kept::Afresh(None)) };
    match chunks::bytecode(name, &wrapped(source), memory_bytes) {
        Some(maker) => Ok(Kept::Maker(binary(lua, name, &maker).call(())?)),
        None => Ok(Kept::Afresh(Some(code))),
    }
}

/// Bytecode this process compiled (lua/chunks.rs), to load in binary mode (safe for it only).
fn binary<'c>(lua: &Lua, name: &'static str, code: &'c [u8]) -> mlua::chunk::Chunk<'c> {
    lua.load(code).set_name(name).set_mode(ChunkMode::Binary)
}

#[cfg(test)]
thread_local! {
    static CREATED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// How many states this thread has made (tests: proof that calls reuse one).
#[cfg(test)]
pub(super) fn created() -> usize {
    CREATED.get()
}

/// A fresh sandboxed state, for the call-cost benchmark.
#[cfg(test)]
pub(super) fn fresh() -> mlua::Result<Lua> {
    let lua = Lua::new_with(StdLib::TABLE | StdLib::STRING | StdLib::MATH | StdLib::UTF8, LuaOptions::default())?;
    sandbox(&lua)?;
    Ok(lua)
}
