//! The sandboxed Lua 5.4 host for card events and scripted events (design.md section 5).
//!
//! Scripts come from modders and are untrusted. [`LuaHost::call`] loads one [`Script`], calls one
//! of its global functions with a JSON input turned into Lua tables, and turns the single value it
//! returns back into JSON ([`LuaHost::call_as`] goes straight to a Rust type). Every failure is a
//! [`LuaError`] naming the script and, when Lua knows it, the line; no script can panic the host.
//!
//! # What a script may use
//! * The base functions `assert error getmetatable ipairs next pairs pcall rawequal rawget rawlen
//!   rawset select setmetatable tonumber tostring type xpcall` and the `table`, `string`, `math`
//!   and `utf8` libraries.
//! * Removed: `io`, `os`, `package`, `debug`, `coroutine` (never loaded); `load`, `loadfile`,
//!   `dofile`, `require`, `collectgarbage`, `print` (scripts have no stdout), `warn` (it would
//!   write to stderr); `math.random` and `math.randomseed` (randomness comes from the engine: the
//!   caller passes rolls in the input); `string.dump` (bytecode escapes sandboxes).
//! * Chunks are loaded in text mode only: a precompiled bytecode chunk is refused.
//! * Adjusted for determinism (a save is replayed, so a script must give the same answer on every
//!   machine and every run): Lua seeds its string hashes from the clock and the address space, so
//!   the native `pairs` order changes from run to run; here `pairs` visits keys in sorted order
//!   (numbers, then strings, then booleans; it still honours `__pairs`). `next` keeps Lua's
//!   unspecified order. `setmetatable` refuses `__gc` metatables: finalizers run at moments that
//!   depend on the collector, and at state close, outside any useful error report.
//! * `pcall` and `xpcall` catch ordinary errors but re-raise once the instruction budget is spent,
//!   so a script cannot swallow its own budget error and loop on.
//!
//! # Limits ([`LuaLimits`])
//! * Memory: `memory_bytes` (default 16 MiB) for everything the state allocates, standard library
//!   included: each call may allocate `memory_bytes` less what a fresh sandbox holds (about
//!   the same room a fresh state per call gave; see `lua/sandbox.rs` for the garbage earlier
//!   calls may leave); a memory bomb ends with "memory limit of N bytes exceeded".
//! * Time: `instructions` (default 10 million) units of work for the top-level chunk and the
//!   entry function together. A Lua VM instruction is one unit, counted by a count hook installed
//!   only once the trusted setup is done (it costs 2-4x while set) and run every 1000
//!   instructions. The work one instruction can start inside the C library is counted on the
//!   same counter by the patched Lua (`vendor/lua-src/BIVOUAC.md`): a step of pattern matching,
//!   an element moved, joined, unpacked or sorted, 64 bytes of a long string made or compared (32 if ordered or
//!   read as a number), a slot of table growth, the heap's size at each emergency collection (so
//!   caught memory errors use it up too). Running out ends with "instruction budget of N
//!   exceeded", raised by the hook, or by the library function that passed it. The hook is a raw
//!   `lua_sethook` rather than mlua's `set_hook`, whose error path runs the interrupted
//!   function's `__close` handlers inside the hook, where Lua counts nothing (see `count_hook`).
//!   An `xpcall` message handler runs with hooks off after the hook's error: the sandbox's
//!   `xpcall` does not run it once the budget is spent. Deep recursion stops at Lua's stack
//!   limit ("stack overflow"), the memory limit or the budget, whichever comes first.
//! * The limits do not read the clock, which replays need: instructions and library work are
//!   the same on every run. One charge depends on the thread's state before the call (the
//!   garbage earlier calls left): when an emergency collection happens, and so a script within a
//!   few percent of the budget that also fills its memory may end on one run and not on another,
//!   as with the memory limit itself. No script of the built-in content comes near either.
//! * Values crossing the boundary: tables nested at most [`MAX_DEPTH`] deep, at most
//!   [`MAX_RETURNED_VALUES`] values returned, and returned strings totalling at most
//!   `memory_bytes` bytes (a shared subtable counts once per reference).
//!
//! # Nothing kept between calls, one state per thread
//! Lua keeps no state between calls that a script can see: a save, an undo or an AI clone of
//! the game never has to capture a Lua stack, two calls cannot leak into each other, and the
//! limits start from zero every time. Creating and sandboxing a state per call cost about 40 µs
//! (more than most event scripts take to run), so the sandboxed state is kept per thread and
//! reused (`lua/sandbox.rs`): each call runs in a fresh environment table over the read-only
//! shared sandbox (fresh copies of the four libraries; the string metatable reset), with its own
//! instruction budget and memory allowance; a call that fails in any way discards the state.
//! Measured in release on the loaded 2-core build machine (the ignored `bench_call_cost` test
//! prints the figures): one whole [`LuaHost::call`] (a fresh environment, run a ten-line script,
//! convert a small input and result) costs 10-30 µs; a fresh state with the four libraries
//! 18-50 µs and one sandboxed 70-90 µs (the sandbox prelude is compiled once per process:
//! parsing it every call cost 45 µs).
//!
//! More makes a call cheaper without sharing anything a script can see:
//! * Each script's text is compiled once per thread and its bytecode (made by this process from
//!   text, never from a script's bytes) loaded once into the thread's state (`lua/chunks.rs`,
//!   `lua/sandbox.rs`); the chunk still runs at every call, in that call's environment.
//! * The input is converted lazily (`lua/input.rs`): a nested object or array becomes a table
//!   when the script first touches it, so a script reading three fields of a view with hundreds
//!   of spaces does not pay for all of them. No script can tell (see that module); a script
//!   now gets its full memory limit on top of the parts of the input it reads, instead of
//!   sharing it with the whole converted input.
//! * The host may go further and make the input itself on demand ([`LuaHost::call_input_as`]
//!   with an [`Input::Lazy`]): an object's entries are made by trusted Rust code
//!   ([`LazyInput::get`]) when the script first reads them, so a costly view (an event view of
//!   the whole map) costs only the parts read. It is still a plain table to the script, made
//!   afresh in each call; nothing is kept between calls.
//!
//! # Values
//! JSON `null` becomes `nil` (so a `null` in an array leaves a hole), integers stay integers,
//! objects and arrays become tables. Back from Lua: `nil` is `null`; a float with an integral
//! value becomes an integer (`6 / 2` is `3`), NaN and infinities are refused; strings must be
//! UTF-8; a table whose keys are the integers `1..n` (holes allowed if at least half are present)
//! is an array, any other table an object whose integer keys are written in decimal (keys must be
//! strings or integers). An empty table is `[]` in JSON (Lua cannot tell `{}` from `[]`);
//! [`LuaHost::call_as`] accepts it as an empty list, map or struct alike. Functions, coroutines,
//! userdata and cyclic tables cannot be returned.

use std::cell::Cell;
use std::ffi::{CStr, c_int, c_void};
use std::fmt;
use std::rc::Rc;
use std::sync::Arc;

mod chunks;
mod input;
mod sandbox;
#[cfg(test)]
mod lazy_tests;

pub use input::{Input, LazyInput, Scalar, to_json};
use sandbox::Sandbox;

use mlua::{Lua, MultiValue, Value, ffi};
use serde::de::value::{MapAccessDeserializer, MapDeserializer, SeqDeserializer};
use serde::de::{self, DeserializeOwned, IntoDeserializer, Unexpected, Visitor};

/// Deepest nesting of tables accepted in the input and in the returned value.
pub const MAX_DEPTH: usize = 100;

/// Most values (tables, strings, numbers... counted once per reference) a script may return.
pub const MAX_RETURNED_VALUES: usize = 1_000_000;

/// The instruction hook fires every this many VM instructions (or every `instructions` if smaller).
const HOOK_STEP: u64 = 1000;

/// The chunk name Lua sees; errors are rewritten to carry the script's real name, which Lua
/// would otherwise truncate.
const CHUNK_NAME: &str = "=script";
const CHUNK_PREFIX: &str = "script:";
/// The chunk name of a script's library (errors raised in it are located in the calling script).
const LIBRARY_CHUNK_NAME: &str = "=library";

/// Resource limits for one call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LuaLimits {
    /// Memory the Lua state may allocate, standard library included. Default 16 MiB.
    pub memory_bytes: usize,
    /// Lua VM instructions one call may execute (top-level chunk plus entry function).
    /// Default 10 million.
    pub instructions: u64,
}

impl Default for LuaLimits {
    fn default() -> Self {
        LuaLimits {
            memory_bytes: 16 << 20,
            instructions: 10_000_000,
        }
    }
}

/// A Lua source file: its name (as shown in errors, e.g. `content/for-the-people/events/042.lua`)
/// and its text, optionally with a library: another source run first in the same state, whose
/// globals (shared building blocks) the script may use from its first line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Script {
    pub name: String,
    pub source: String,
    pub library: Option<Arc<Script>>,
}

impl Script {
    pub fn new(name: impl Into<String>, source: impl Into<String>) -> Self {
        Script {
            name: name.into(),
            source: source.into(),
            library: None,
        }
    }

    /// This script with `library` run before it in every call (under the same sandbox and
    /// limits; an error in the library names the library's file).
    pub fn with_library(mut self, library: Arc<Script>) -> Self {
        self.library = Some(library);
        self
    }
}

/// Anything that went wrong in a script: syntax, runtime error, limits, missing entry function,
/// a value that cannot cross the boundary. Displays as `SCRIPT:LINE: message`.
#[derive(Debug, Clone, PartialEq)]
pub struct LuaError {
    pub script: String,
    pub line: Option<u32>,
    pub message: String,
}

impl fmt::Display for LuaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.script, line, self.message),
            None => write!(f, "{}: {}", self.script, self.message),
        }
    }
}

impl std::error::Error for LuaError {}

/// Runs untrusted scripts, each call in a fresh environment of this thread's sandboxed Lua state
/// (see the module docs). Holds no Lua state itself, so it is `Send + Sync` and cheap to clone.
#[derive(Debug, Clone, Default)]
pub struct LuaHost {
    limits: LuaLimits,
}

impl LuaHost {
    pub fn new(limits: LuaLimits) -> Self {
        LuaHost { limits }
    }

    pub fn limits(&self) -> &LuaLimits {
        &self.limits
    }

    /// Load `script` (text mode only), call its global function `entry` with `input` converted
    /// from JSON to Lua tables, and convert the single return value back to JSON.
    pub fn call(
        &self,
        script: &Script,
        entry: &str,
        input: &serde_json::Value,
    ) -> Result<serde_json::Value, LuaError> {
        Ok(self.run(script, entry, input::Root::Json(input))?.into_json())
    }

    /// Like [`LuaHost::call`], but deserializes the returned value into `T`; a value of the wrong
    /// shape is a [`LuaError`] saying what was expected.
    pub fn call_as<T: DeserializeOwned>(
        &self,
        script: &Script,
        entry: &str,
        input: &serde_json::Value,
    ) -> Result<T, LuaError> {
        self.read_as(script, self.run(script, entry, input::Root::Json(input))?)
    }

    /// Like [`LuaHost::call_as`] with an input the host makes on demand ([`Input::Lazy`]: see
    /// `lua/input.rs`): an entry is made only when the script reads it. The host's objects are
    /// trusted code; the depth limit on inputs applies to JSON inputs only.
    pub fn call_input_as<T: DeserializeOwned>(
        &self,
        script: &Script,
        entry: &str,
        input: Input<'_>,
    ) -> Result<T, LuaError> {
        self.read_as(script, self.run(script, entry, input::Root::Lazy(input))?)
    }

    fn read_as<T: DeserializeOwned>(&self, script: &Script, data: Data) -> Result<T, LuaError> {
        T::deserialize(data).map_err(|e| LuaError {
            script: script.name.clone(),
            line: None,
            message: format!("returned value does not match the expected shape: {e}"),
        })
    }

    fn run(
        &self,
        script: &Script,
        entry: &str,
        input: input::Root<'_, '_>,
    ) -> Result<Data, LuaError> {
        // Declared before the state: the lazy input's tables point into it until the call ends;
        // registered as the running call's until the state is closed or put back.
        let arena = input::Arena::default();
        let _entered = arena.enter();
        let budget = Rc::new(Budget::new(self.limits.instructions));
        let cx = Cx {
            script,
            limits: &self.limits,
            budget: &budget,
        };
        // Declared before the state so that it is unregistered only after the state is closed
        // or put back (without its hook).
        let _active = ActiveBudget::enter(&budget);
        // Dropped after the state, like the budget: the library's counter as it was.
        let _work = work::Saved::take();
        let sandbox = Sandbox::take().map_err(|e| cx.fail(None, format!("cannot set up the sandbox: {e}")))?;
        let result = self.run_in(&sandbox, &cx, entry, input);
        // A failed call's state is dropped here (closed); a successful one is kept for the next.
        if result.is_ok() {
            sandbox.finish();
        }
        result
    }

    fn run_in(&self, sandbox: &Sandbox, cx: &Cx<'_>, entry: &str, input: input::Root<'_, '_>) -> Result<Data, LuaError> {
        let (script, budget, lua) = (cx.script, cx.budget, &sandbox.lua);
        let env = sandbox.begin(self.limits.memory_bytes).map_err(|e| cx.translate(e))?;

        // The library's and the script's functions for this call, made before the hook (their
        // makers run two instructions each: lua/sandbox.rs). An error loading either is
        // reported where it was before: the script's after the library has run.
        let limit = self.limits.memory_bytes;
        let library = script.library.as_ref().map(|library| (library, sandbox.chunk(LIBRARY_CHUNK_NAME, &library.source, limit, &env)));
        let chunk = sandbox.chunk(CHUNK_NAME, &script.source, limit, &env);

        // The hook counts only untrusted code: everything above ran without it.
        let step = budget.step as c_int;
        // SAFETY: the closure only installs a hook (a plain function) on the state it is given.
        let work_limit = budget.limit.min(i64::MAX as u64) as i64;
        unsafe {
            lua.exec_raw::<()>((), |state| {
                work::lbivouac_set(state, 0, work_limit);
                ffi::lua_sethook(state, Some(count_hook), ffi::LUA_MASKCOUNT, step)
            })
        }
        .map_err(|e| cx.fail(None, format!("cannot install the instruction hook: {e}")))?;

        if let Some((library, f)) = library {
            let lx = Cx {
                script: library,
                limits: &self.limits,
                budget,
            };
            f.and_then(|f| f.call::<()>(())).map_err(|e| lx.translate(e))?;
            lx.check_budget()?;
        }

        let chunk = chunk.map_err(|e| cx.translate(e))?;
        chunk.call::<()>(()).map_err(|e| cx.translate(e))?;
        cx.check_budget()?;

        let function = match env
            .raw_get::<Value>(entry)
            .map_err(|e| cx.translate(e))?
        {
            Value::Function(f) => f,
            Value::Nil => {
                return Err(cx.fail(
                    None,
                    format!("the script defines no global function `{entry}` (write `function {entry}(input) ... end`)"),
                ));
            }
            other => {
                return Err(cx.fail(
                    None,
                    format!(
                        "global `{entry}` is a {}, not a function",
                        other.type_name()
                    ),
                ));
            }
        };

        if let input::Root::Json(input) = input
            && !input::depth_ok(input, 0, MAX_DEPTH)
        {
            return Err(cx.fail(
                None,
                format!("the input is nested deeper than {MAX_DEPTH} levels"),
            ));
        }
        let arg = input::value(lua, input).map_err(|e| cx.translate(e))?;
        let returned: MultiValue = function.call(arg).map_err(|e| cx.translate(e))?;
        cx.check_budget()?;
        if returned.len() > 1 {
            return Err(cx.fail(
                None,
                format!(
                    "`{entry}` returned {} values; return a single value (put several in a table)",
                    returned.len()
                ),
            ));
        }
        let value = returned.into_iter().next().unwrap_or(Value::Nil);
        let mut walker = Walker {
            lua,
            nodes: 0,
            bytes: 0,
            max_bytes: self.limits.memory_bytes,
            open: Vec::new(),
            path: Vec::new(),
        };
        walker.walk(&value).map_err(|message| {
            cx.fail(
                None,
                format!("cannot convert the returned value: {message}"),
            )
        })
    }
}

/// Instruction accounting shared by the hook, the `pcall` wrappers and the error translation.
/// The count itself lives in the patched Lua library (`vendor/lua-src/BIVOUAC.md`): the hook
/// adds the instructions run, the C library the work one instruction started (a pattern match,
/// a table move, a long string made, an emergency collection), so no library call runs
/// unbounded.
struct Budget {
    limit: u64,
    /// The hook runs every `step` instructions.
    step: u64,
    exhausted: Cell<bool>,
    /// Where the script was when the budget ran out, if it was in the script's own code.
    line: Cell<Option<u32>>,
}

impl Budget {
    fn new(limit: u64) -> Self {
        Budget {
            limit,
            step: limit.clamp(1, HOOK_STEP),
            exhausted: Cell::new(false),
            line: Cell::new(None),
        }
    }

    fn message(&self) -> String {
        format!("instruction budget of {} exceeded", self.limit)
    }

    /// Whether the budget is spent: the hook found it so, or the library's work passed it.
    fn spent(&self) -> bool {
        // SAFETY: reads a thread-local counter of the patched library.
        self.exhausted.get() || unsafe { work::lbivouac_get_used() } >= self.limit.min(i64::MAX as u64) as i64
    }
}

/// The work counter of the patched Lua library (`vendor/lua-src/lua-5.4.9/lbivouac.h`): one per
/// thread, armed for one call at a time.
mod work {
    use mlua::ffi::lua_State;
    unsafe extern "C-unwind" {
        pub fn lbivouac_set(state: *mut lua_State, used: i64, limit: i64);
        pub fn lbivouac_get_state() -> *mut lua_State;
        pub fn lbivouac_get_used() -> i64;
        pub fn lbivouac_get_limit() -> i64;
        pub fn lbivouac_add(n: i64) -> i64;
    }

    /// The counter as it was before a call armed it, put back when dropped (a call made from
    /// inside another, by a lazy input's host code, arms the counter for itself meanwhile).
    pub(super) struct Saved(*mut lua_State, i64, i64);

    impl Saved {
        /// Disarm the counter (no limit) until the call arms it, keeping what it was.
        pub(super) fn take() -> Saved {
            // SAFETY: plain reads and writes of the library's thread-local counter.
            unsafe {
                let saved = Saved(lbivouac_get_state(), lbivouac_get_used(), lbivouac_get_limit());
                lbivouac_set(std::ptr::null_mut(), 0, 0);
                saved
            }
        }
    }

    impl Drop for Saved {
        fn drop(&mut self) {
            // SAFETY: as above; the state saved is the outer call's, still alive.
            unsafe { lbivouac_set(self.0, self.1, self.2) }
        }
    }
}

thread_local! {
    /// The budget of the call running on this thread, read by [`count_hook`].
    static ACTIVE: Cell<*const Budget> = const { Cell::new(std::ptr::null()) };
}

/// Whether the budget of the call running on this thread is spent (the sandbox's `pcall`).
fn budget_exhausted() -> bool {
    let budget = ACTIVE.with(Cell::get);
    // SAFETY: a registered budget outlives its registration (see `ActiveBudget`).
    !budget.is_null() && unsafe { (*budget).spent() }
}

/// Registers a budget as this thread's active one until dropped (restoring the previous one).
struct ActiveBudget(*const Budget);

impl ActiveBudget {
    fn enter(budget: &Budget) -> Self {
        ActiveBudget(ACTIVE.with(|a| a.replace(budget)))
    }
}

impl Drop for ActiveBudget {
    fn drop(&mut self) {
        ACTIVE.with(|a| a.set(self.0));
    }
}

/// The instruction-count hook, installed with the raw `lua_sethook`.
///
/// Not `Lua::set_hook`: when an mlua hook callback returns an error, mlua calls `lua_settop(L, 1)`
/// before raising it, and inside a hook that truncates the *running Lua function's* frame, which
/// runs its to-be-closed variables' `__close` handlers right there, inside the hook, where Lua
/// disables hooks: `local t <close> = setmetatable({}, {__close = function() while true do end
/// end})` then ran forever once the budget was spent. Raising a plain string error with
/// `lua_error` unwinds normally, and `__close` handlers run under the hook like any other code.
unsafe extern "C-unwind" fn count_hook(state: *mut ffi::lua_State, ar: *mut ffi::lua_Debug) {
    let budget = ACTIVE.with(Cell::get);
    if budget.is_null() {
        return;
    }
    // SAFETY: `run` registers the budget (kept alive by its `Rc`) before installing this hook and
    // unregisters it only after the Lua state is dropped.
    let budget = unsafe { &*budget };
    // SAFETY: the library's thread-local counter, armed for this call.
    if !budget.exhausted.get() && unsafe { work::lbivouac_add(budget.step as i64) } < budget.limit.min(i64::MAX as u64) as i64 {
        return;
    }
    if !budget.exhausted.get() {
        budget.exhausted.set(true);
        // The line of the script's innermost function on the stack: the hook may run in the
        // sandbox's own wrappers (`pcall`) or the library, called from the script.
        // SAFETY: `ar` is the activation record Lua passed to this hook; `lua_getstack` fills
        // it for each level of the running thread's stack.
        unsafe {
            let mut level = 0;
            while ffi::lua_getstack(state, level, ar) != 0 && level < 200 {
                if ffi::lua_getinfo(state, c"Sl".as_ptr(), ar) != 0
                    && !(*ar).source.is_null()
                    && CStr::from_ptr((*ar).source).to_bytes() == CHUNK_NAME.as_bytes()
                {
                    budget.line.set(u32::try_from((*ar).currentline).ok().filter(|&l| l > 0));
                    break;
                }
                level += 1;
            }
        }
    }
    // No value with a destructor is alive here: `lua_error` longjmps out of this frame.
    // SAFETY: raising an error from a count hook is allowed (the `lua` REPL's interrupt does it).
    unsafe {
        ffi::lua_pushstring(state, c"instruction budget exceeded".as_ptr());
        ffi::lua_error(state);
    }
}

/// What error translation needs to know about the call.
struct Cx<'a> {
    script: &'a Script,
    limits: &'a LuaLimits,
    budget: &'a Budget,
}

impl Cx<'_> {
    fn fail(&self, line: Option<u32>, message: String) -> LuaError {
        LuaError {
            script: self.script.name.clone(),
            line,
            message,
        }
    }

    fn memory(&self) -> LuaError {
        self.fail(
            None,
            format!(
                "memory limit of {} bytes exceeded",
                self.limits.memory_bytes
            ),
        )
    }

    /// The budget error, even when the script caught it and went on (an error raised inside an
    /// `xpcall` handler or a `__close` metamethod replaces the original one).
    fn check_budget(&self) -> Result<(), LuaError> {
        if self.budget.spent() {
            Err(self.fail(self.budget.line.get(), self.budget.message()))
        } else {
            Ok(())
        }
    }

    fn translate(&self, error: mlua::Error) -> LuaError {
        let mut error = error;
        while let mlua::Error::CallbackError { cause, .. }
        | mlua::Error::WithContext { cause, .. } = error
        {
            error = (*cause).clone();
        }
        if self.budget.spent() {
            let line = match &error {
                mlua::Error::RuntimeError(message) => traceback_line(message),
                _ => None,
            };
            return self.fail(self.budget.line.get().or(line), self.budget.message());
        }
        match error {
            mlua::Error::SyntaxError { message, .. } => {
                if self.script.source.starts_with('\x1b') || message.contains("binary chunk") {
                    return self.fail(
                        None,
                        "precompiled (bytecode) chunks are refused: a script must be Lua source text".into(),
                    );
                }
                let (line, rest) = split_location(&message);
                self.fail(line, format!("syntax error: {rest}"))
            }
            mlua::Error::MemoryError(_) => self.memory(),
            mlua::Error::RuntimeError(message) => {
                let (head, traceback) = match message.find("\nstack traceback:") {
                    Some(at) => (&message[..at], &message[at..]),
                    None => (message.as_str(), ""),
                };
                if head.ends_with("not enough memory") {
                    return self.memory();
                }
                let (line, rest) = split_location(head);
                let line = line.or_else(|| traceback_line(traceback));
                self.fail(line, describe_error_value(rest))
            }
            mlua::Error::StackError => self.fail(None, "stack overflow".into()),
            other => {
                let text = other.to_string();
                let (line, rest) = split_location(&text);
                self.fail(line, rest.to_string())
            }
        }
    }
}

/// `script:12: message` -> (Some(12), "message"); anything else is returned whole.
fn split_location(message: &str) -> (Option<u32>, &str) {
    if let Some(rest) = message.strip_prefix(CHUNK_PREFIX) {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0
            && let Some(after) = rest[digits..].strip_prefix(':')
            && let Ok(line) = rest[..digits].parse()
        {
            return (Some(line), after.trim_start());
        }
    }
    (None, message)
}

/// `error(x)` with a non-string `x` reaches us as `tostring(x)`: `nil`, or `table: 0x55d0...`,
/// whose address would differ from run to run.
fn describe_error_value(message: &str) -> String {
    if message.is_empty() || message == "nil" {
        return "error raised with no message".into();
    }
    for kind in ["table", "function", "userdata", "thread"] {
        if let Some(address) = message
            .strip_prefix(kind)
            .and_then(|m| m.strip_prefix(": 0x"))
            && !address.is_empty()
            && address.bytes().all(|b| b.is_ascii_hexdigit())
        {
            return format!("error raised with a {kind} value instead of a message");
        }
    }
    message.to_string()
}

/// The first line of the script in a Lua traceback (the innermost frame in the script).
fn traceback_line(traceback: &str) -> Option<u32> {
    traceback
        .lines()
        .find_map(|l| split_location(l.trim_start()).0)
}

/// A value returned by a script, copied out of the Lua state.
#[derive(Debug, Clone, PartialEq)]
enum Data {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    /// A table with no entries: an empty list, map or struct, whichever the reader wants.
    Empty,
    Array(Vec<Data>),
    /// Sorted by key, integer keys first.
    Object(Vec<(Key, Data)>),
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    Int(i64),
    Str(String),
}

impl Key {
    fn into_string(self) -> String {
        match self {
            Key::Int(i) => i.to_string(),
            Key::Str(s) => s,
        }
    }
}

impl Data {
    fn into_json(self) -> serde_json::Value {
        use serde_json::Value as J;
        match self {
            Data::Null => J::Null,
            Data::Bool(b) => J::Bool(b),
            Data::Int(i) => J::from(i),
            Data::Float(f) => serde_json::Number::from_f64(f).map_or(J::Null, J::Number),
            Data::Str(s) => J::String(s),
            Data::Empty => J::Array(Vec::new()),
            Data::Array(items) => J::Array(items.into_iter().map(Data::into_json).collect()),
            Data::Object(entries) => J::Object(
                entries
                    .into_iter()
                    .map(|(k, v)| (k.into_string(), v.into_json()))
                    .collect(),
            ),
        }
    }
}

enum Segment {
    Index(i64),
    Key(String),
}

/// Copies a Lua value into [`Data`] without running any Lua code (raw access, no metamethods),
/// refusing what JSON cannot hold and bounding depth, size and cycles.
struct Walker<'a> {
    lua: &'a Lua,
    nodes: usize,
    bytes: usize,
    max_bytes: usize,
    /// Tables on the current path, to detect cycles.
    open: Vec<*const c_void>,
    path: Vec<Segment>,
}

impl Walker<'_> {
    fn here(&self) -> String {
        let mut s = String::from("result");
        for seg in &self.path {
            match seg {
                Segment::Index(i) => s.push_str(&format!("[{i}]")),
                Segment::Key(k) => {
                    let ident = k
                        .chars()
                        .next()
                        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                        && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
                    if ident {
                        s.push('.');
                        s.push_str(k);
                    } else {
                        s.push_str(&format!("[{k:?}]"));
                    }
                }
            }
        }
        s
    }

    fn count(&mut self, bytes: usize) -> Result<(), String> {
        self.nodes += 1;
        self.bytes = self.bytes.saturating_add(bytes);
        if self.nodes > MAX_RETURNED_VALUES {
            return Err(format!("it holds more than {MAX_RETURNED_VALUES} values"));
        }
        if self.bytes > self.max_bytes {
            return Err(format!(
                "its strings total more than {} bytes",
                self.max_bytes
            ));
        }
        Ok(())
    }

    fn string(&mut self, s: &mlua::LuaString, what: &str) -> Result<String, String> {
        let bytes = s.as_bytes();
        self.count(bytes.len())?;
        match std::str::from_utf8(&bytes) {
            Ok(text) => Ok(text.to_owned()),
            Err(_) => Err(format!("{what} at {} is not valid UTF-8", self.here())),
        }
    }

    /// One entry of a table: its key checked, its value walked.
    fn entry(&mut self, k: Value, v: &Value) -> Result<(Key, Data), String> {
        let key = match k {
            Value::Integer(i) => Key::Int(i),
            Value::String(s) => Key::Str(self.string(&s, "a table key")?),
            Value::Number(f) => {
                return Err(format!("{} has the non-integer key {f}", self.here()));
            }
            other => {
                return Err(format!(
                    "{} has a key of type {}; keys must be strings or integers",
                    self.here(),
                    other.type_name()
                ));
            }
        };
        self.path.push(match &key {
            Key::Int(i) => Segment::Index(*i),
            Key::Str(s) => Segment::Key(s.clone()),
        });
        let data = self.walk(v)?;
        self.path.pop();
        Ok((key, data))
    }

    fn walk(&mut self, value: &Value) -> Result<Data, String> {
        Ok(match value {
            Value::Nil => {
                self.count(0)?;
                Data::Null
            }
            Value::Boolean(b) => {
                self.count(0)?;
                Data::Bool(*b)
            }
            Value::Integer(i) => {
                self.count(0)?;
                Data::Int(*i)
            }
            Value::Number(f) => {
                self.count(0)?;
                number(*f)
                    .ok_or_else(|| format!("{} is {f}, which JSON cannot hold", self.here()))?
            }
            Value::String(s) => Data::Str(self.string(s, "the string")?),
            Value::Table(t) => {
                self.count(0)?;
                // A lazy input table the script returns unread is filled first (lua/input.rs).
                input::touch(self.lua, t).map_err(|e| format!("cannot read {}: {e}", self.here()))?;
                let ptr = t.to_pointer();
                if self.open.contains(&ptr) {
                    return Err(format!(
                        "{} is a cyclic table (it contains itself)",
                        self.here()
                    ));
                }
                if self.open.len() >= MAX_DEPTH {
                    return Err(format!(
                        "{} is nested deeper than {MAX_DEPTH} levels",
                        self.here()
                    ));
                }
                self.open.push(ptr);
                let mut entries: Vec<(Key, Data)> = Vec::new();
                let mut failed = None;
                // One protected walk of the whole table (`for_each`; `pairs` protects each step,
                // ~900 instructions an entry); the first error stops it.
                let read = t.for_each::<Value, Value>(|k, v| match self.entry(k, &v) {
                    Ok(entry) => {
                        entries.push(entry);
                        Ok(())
                    }
                    Err(message) => {
                        failed = Some(message);
                        Err(mlua::Error::runtime("stopped"))
                    }
                });
                if let Some(message) = failed {
                    return Err(message);
                }
                read.map_err(|e| format!("cannot read {}: {e}", self.here()))?;
                self.open.pop();
                table(entries).map_err(|dup| {
                    format!("{} has both {dup} and \"{dup}\" as keys", self.here())
                })?
            }
            other => {
                return Err(format!(
                    "{} is a {}, which cannot leave Lua",
                    self.here(),
                    other.type_name()
                ));
            }
        })
    }
}

fn number(f: f64) -> Option<Data> {
    if !f.is_finite() {
        return None;
    }
    // -2^63 <= f < 2^63, both bounds exact in f64.
    if f.fract() == 0.0 && (-9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0).contains(&f)
    {
        Some(Data::Int(f as i64))
    } else {
        Some(Data::Float(f))
    }
}

/// An array if the keys are integers from 1 that fill at least half of `1..=max`, else an object.
/// The error is a key present both as an integer and as its decimal string.
fn table(mut entries: Vec<(Key, Data)>) -> Result<Data, i64> {
    if entries.is_empty() {
        return Ok(Data::Empty);
    }
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    let count = entries.len() as u64;
    let array_len = match (&entries[0].0, &entries[entries.len() - 1].0) {
        (Key::Int(min), Key::Int(max)) if *min >= 1 && (*max as u64) <= 2 * count => {
            Some(*max as usize)
        }
        _ => None,
    };
    if let Some(len) = array_len {
        let mut items = vec![Data::Null; len];
        for (k, v) in entries {
            if let Key::Int(i) = k {
                items[i as usize - 1] = v;
            }
        }
        return Ok(Data::Array(items));
    }
    let ints: Vec<i64> = entries
        .iter()
        .filter_map(|(k, _)| if let Key::Int(i) = k { Some(*i) } else { None })
        .collect();
    for (k, _) in &entries {
        if let Key::Str(s) = k
            && let Ok(i) = s.parse::<i64>()
            && i.to_string() == *s
            && ints.binary_search(&i).is_ok()
        {
            return Err(i);
        }
    }
    Ok(Data::Object(entries))
}

// ---- Deserializing Rust types straight from `Data` (for `call_as`) ----

type DeError = de::value::Error;

fn visit_seq<'de, V: Visitor<'de>>(items: Vec<Data>, visitor: V) -> Result<V::Value, DeError> {
    let mut seq = SeqDeserializer::new(items.into_iter());
    let value = visitor.visit_seq(&mut seq)?;
    seq.end()?;
    Ok(value)
}

fn visit_map<'de, V: Visitor<'de>>(
    entries: Vec<(Key, Data)>,
    visitor: V,
) -> Result<V::Value, DeError> {
    let mut map = MapDeserializer::new(entries.into_iter());
    let value = visitor.visit_map(&mut map)?;
    map.end()?;
    Ok(value)
}

impl Data {
    fn unexpected(&self) -> Unexpected<'_> {
        match self {
            Data::Null => Unexpected::Other("nil"),
            Data::Bool(b) => Unexpected::Bool(*b),
            Data::Int(i) => Unexpected::Signed(*i),
            Data::Float(f) => Unexpected::Float(*f),
            Data::Str(s) => Unexpected::Str(s),
            Data::Empty => Unexpected::Other("empty table"),
            Data::Array(_) => Unexpected::Seq,
            Data::Object(_) => Unexpected::Map,
        }
    }
}

impl<'de> de::Deserializer<'de> for Data {
    type Error = DeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match self {
            Data::Null => visitor.visit_unit(),
            Data::Bool(b) => visitor.visit_bool(b),
            Data::Int(i) => visitor.visit_i64(i),
            Data::Float(f) => visitor.visit_f64(f),
            Data::Str(s) => visitor.visit_string(s),
            Data::Empty => visit_seq(Vec::new(), visitor),
            Data::Array(items) => visit_seq(items, visitor),
            Data::Object(entries) => visit_map(entries, visitor),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match self {
            Data::Null => visitor.visit_none(),
            other => visitor.visit_some(other),
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match self {
            Data::Empty => visit_seq(Vec::new(), visitor),
            Data::Array(items) => visit_seq(items, visitor),
            other => Err(de::Error::invalid_type(other.unexpected(), &visitor)),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, DeError> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, DeError> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match self {
            Data::Empty => visit_map(Vec::new(), visitor),
            Data::Object(entries) => visit_map(entries, visitor),
            // An array is a map from 1..n, for readers that want a map.
            Data::Array(items) => visit_map(
                items
                    .into_iter()
                    .enumerate()
                    .map(|(i, v)| (Key::Int(i as i64 + 1), v))
                    .collect(),
                visitor,
            ),
            other => Err(de::Error::invalid_type(other.unexpected(), &visitor)),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        match self {
            Data::Empty => visit_map(Vec::new(), visitor),
            Data::Object(entries) => visit_map(entries, visitor),
            other => Err(de::Error::invalid_type(other.unexpected(), &visitor)),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        match self {
            Data::Str(s) => visitor.visit_enum(s.into_deserializer()),
            Data::Object(entries) if entries.len() == 1 => visitor.visit_enum(
                MapAccessDeserializer::new(MapDeserializer::new(entries.into_iter())),
            ),
            other => Err(de::Error::invalid_type(other.unexpected(), &visitor)),
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match self {
            Data::Null | Data::Empty => visitor.visit_unit(),
            other => Err(de::Error::invalid_type(other.unexpected(), &visitor)),
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, DeError> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, DeError> {
        visitor.visit_newtype_struct(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf identifier ignored_any
    }
}

impl<'de> IntoDeserializer<'de, DeError> for Data {
    type Deserializer = Data;
    fn into_deserializer(self) -> Data {
        self
    }
}

/// Table keys: integers read as numbers or as their decimal string, strings as strings or, when
/// a number is wanted and they hold one, as that number (like JSON object keys).
impl<'de> de::Deserializer<'de> for Key {
    type Error = DeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match self {
            Key::Int(i) => visitor.visit_i64(i),
            Key::Str(s) => visitor.visit_string(s),
        }
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_string(self.into_string())
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_string(self.into_string())
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_string(self.into_string())
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        visitor.visit_enum(self.into_string().into_deserializer())
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, DeError> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_i64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.number(visitor)
    }
    fn deserialize_i32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.number(visitor)
    }
    fn deserialize_i16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.number(visitor)
    }
    fn deserialize_i8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.number(visitor)
    }
    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.number(visitor)
    }
    fn deserialize_u32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.number(visitor)
    }
    fn deserialize_u16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.number(visitor)
    }
    fn deserialize_u8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.number(visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i128 u128 f32 f64 char bytes byte_buf option unit unit_struct seq tuple
        tuple_struct map struct ignored_any
    }
}

impl Key {
    fn number<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match self {
            Key::Int(i) => visitor.visit_i64(i),
            Key::Str(s) => match s.parse::<i64>() {
                Ok(i) => visitor.visit_i64(i),
                Err(_) => visitor.visit_string(s),
            },
        }
    }
}

impl<'de> IntoDeserializer<'de, DeError> for Key {
    type Deserializer = Key;
    fn into_deserializer(self) -> Key {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mlua::{LuaOptions, StdLib};
    use serde::Deserialize;
    use serde_json::json;
    use std::time::Instant;

    const NAME: &str = "content/test/events/042.lua";

    fn script(source: &str) -> Script {
        Script::new(NAME, source)
    }

    /// A host with a small instruction budget so runaway scripts end in milliseconds.
    fn small() -> LuaHost {
        LuaHost::new(LuaLimits {
            memory_bytes: 16 << 20,
            instructions: 200_000,
        })
    }

    fn run(source: &str) -> Result<serde_json::Value, LuaError> {
        small().call(&script(source), "event", &json!({}))
    }

    fn fails(source: &str) -> LuaError {
        let err = run(source).expect_err("the script should fail");
        assert_eq!(err.script, NAME, "{err}");
        err
    }

    #[test]
    fn library_runs_first_and_names_its_own_errors() {
        let lib = Arc::new(Script::new("lib.lua", "lib = {}\nfunction lib.twice(x) return 2 * x end\n"));
        let s = script("local k = lib.twice(3)\nfunction event(input) return lib.twice(k) end").with_library(lib);
        assert_eq!(small().call(&s, "event", &json!({})).unwrap(), json!(12));
        // An error in the library names the library, with its line.
        let bad = Arc::new(Script::new("lib.lua", "\nerror('broken')"));
        let err = small().call(&script("function event() end").with_library(bad), "event", &json!({})).unwrap_err();
        assert_eq!((err.script.as_str(), err.line), ("lib.lua", None), "{err}");
        assert!(err.message.contains("library:2: broken"), "{err}");
        // The library's instructions count against the same budget.
        let spin = Arc::new(Script::new("lib.lua", "while true do end"));
        let err = small().call(&script("function event() end").with_library(spin), "event", &json!({})).unwrap_err();
        assert!(err.message.contains("instruction budget"), "{err}");
    }

    #[test]
    fn converts_input_and_result() {
        let src = r#"
function event(input)
  local out = { total = 0, names = {}, half = input.n / 2, empty = {}, flag = not input.flag }
  for _, u in ipairs(input.units) do
    out.total = out.total + u.strength
    out.names[#out.names + 1] = u.name
  end
  out.keyed = { [10] = "ten", [20] = "twenty" }
  out.pi = 3.5
  return out
end
"#;
        let input = json!({
            "n": 6, "flag": false,
            "units": [{"name": "Iron Brigade", "strength": 4}, {"name": "Stonewall", "strength": 5}]
        });
        let out = LuaHost::default()
            .call(&script(src), "event", &input)
            .unwrap();
        assert_eq!(
            out,
            json!({
                "total": 9, "names": ["Iron Brigade", "Stonewall"], "half": 3, "empty": [],
                "flag": true, "keyed": {"10": "ten", "20": "twenty"}, "pi": 3.5
            })
        );
        // Nothing returned is null; holes in arrays are null.
        assert_eq!(run("function event() end").unwrap(), json!(null));
        assert_eq!(
            run("function event() return {1, nil, 3} end").unwrap(),
            json!([1, null, 3])
        );
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(tag = "kind", rename_all = "snake_case")]
    enum Command {
        Move { unit: String, to: u32 },
        Discard { cards: Vec<String> },
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Outcome {
        commands: Vec<Command>,
        notes: std::collections::BTreeMap<String, u8>,
        by_id: std::collections::BTreeMap<u32, String>,
        choice: Option<Choice>,
        flags: Vec<bool>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    enum Choice {
        Pass,
        Pick(u8),
    }

    #[test]
    fn call_as_reads_rust_types() {
        let src = r#"
function event(input)
  return {
    commands = { { kind = "move", unit = "1st Minnesota", to = input.roll * 2 },
                 { kind = "discard", cards = {} } },
    notes = {}, by_id = { [7] = "seven" }, choice = { Pick = 3 }, flags = {},
  }
end"#;
        let got: Outcome = small()
            .call_as(&script(src), "event", &json!({"roll": 3}))
            .unwrap();
        assert_eq!(
            got,
            Outcome {
                commands: vec![
                    Command::Move {
                        unit: "1st Minnesota".into(),
                        to: 6
                    },
                    Command::Discard { cards: vec![] },
                ],
                notes: Default::default(),
                by_id: [(7, "seven".to_string())].into(),
                choice: Some(Choice::Pick(3)),
                flags: vec![],
            }
        );
        let pass: Choice = small()
            .call_as(&script("function e() return 'Pass' end"), "e", &json!(null))
            .unwrap();
        assert_eq!(pass, Choice::Pass);
    }

    #[test]
    fn call_as_reports_shape_mismatch() {
        let host = small();
        let err = host
            .call_as::<Outcome>(&script("function event() end"), "event", &json!({}))
            .unwrap_err();
        assert_eq!(err.script, NAME);
        assert!(
            err.message
                .starts_with("returned value does not match the expected shape: "),
            "{err}"
        );
        assert!(err.message.contains("nil"), "{err}");
        let err = host
            .call_as::<Outcome>(
                &script("function event() return { commands = 5 } end"),
                "event",
                &json!({}),
            )
            .unwrap_err();
        assert!(
            err.message.contains("does not match the expected shape"),
            "{err}"
        );
        assert!(err.message.contains("integer `5`"), "{err}");
        let err = host
            .call_as::<Vec<u8>>(
                &script("function event() return { 1, 2, 'x' } end"),
                "event",
                &json!({}),
            )
            .unwrap_err();
        assert!(err.message.contains("expected u8"), "{err}");
    }

    #[test]
    fn only_safe_libraries_are_loaded() {
        let src = r#"
function event()
  local present = {}
  for _, name in ipairs({ "io", "os", "package", "debug", "coroutine", "require", "load",
      "loadfile", "dofile", "loadstring", "collectgarbage", "print", "warn" }) do
    if _G[name] ~= nil then present[#present + 1] = name end
  end
  if math.random ~= nil then present[#present + 1] = "math.random" end
  if math.randomseed ~= nil then present[#present + 1] = "math.randomseed" end
  if string.dump ~= nil then present[#present + 1] = "string.dump" end
  if ("x").dump ~= nil then present[#present + 1] = "(''):dump" end
  return { present = present, libs = { type(table), type(string), type(math), type(utf8),
    type(pcall), type(setmetatable), type(rawset), type(tostring), type(select) } }
end"#;
        let out = run(src).unwrap();
        assert_eq!(out["present"], json!([]));
        assert_eq!(
            out["libs"],
            json!([
                "table", "table", "table", "table", "function", "function", "function", "function",
                "function"
            ])
        );
    }

    #[test]
    fn forbidden_functions_fail_with_script_and_line() {
        let cases = [
            ("io.open('/etc/passwd')", "global 'io'"),
            ("os.execute('rm -rf /')", "global 'os'"),
            ("require('socket')", "global 'require'"),
            ("load('return 1')()", "global 'load'"),
            ("dofile('/etc/passwd')", "global 'dofile'"),
            ("loadfile('x.lua')", "global 'loadfile'"),
            ("collectgarbage()", "global 'collectgarbage'"),
            ("print('hi')", "global 'print'"),
            ("debug.getinfo(1)", "global 'debug'"),
            ("package.loadlib('x', 'y')", "global 'package'"),
            ("math.random(6)", "field 'random'"),
            ("math.randomseed(1)", "field 'randomseed'"),
            ("string.dump(event)", "field 'dump'"),
        ];
        for (code, mention) in cases {
            let err = fails(&format!("-- line 1\nfunction event()\n  {code}\nend"));
            assert_eq!(err.line, Some(3), "{code}: {err}");
            assert!(err.message.starts_with("attempt to"), "{code}: {err}");
            assert!(err.message.contains(mention), "{code}: {err}");
            assert!(
                err.to_string()
                    .starts_with(&format!("{NAME}:3: attempt to")),
                "{err}"
            );
        }
    }

    #[test]
    fn bytecode_is_refused() {
        // Real bytecode from a separate, unsandboxed state; `Script` holds text, so the bytes are
        // mangled by the UTF-8 conversion, but the text-only mode refuses the chunk before that
        // matters. A bare signature is refused too.
        let lua = Lua::new();
        let f = lua
            .load("function event() return 1 end")
            .into_function()
            .unwrap();
        let bytes = f.dump(false);
        let mangled = String::from_utf8_lossy(&bytes).into_owned();
        for source in [mangled, "\x1bLua\x54\x00".to_string()] {
            let err = fails(&source);
            assert!(
                err.message
                    .contains("precompiled (bytecode) chunks are refused"),
                "{err}"
            );
        }
    }

    #[test]
    fn memory_bombs_are_stopped() {
        let host = LuaHost::default();
        for src in [
            "function event() return string.rep('x', 1e9) end",
            "function event() local t = {} while true do t[#t + 1] = 'xxxxxxxxxxxxxxxxxxxx' .. #t end end",
            "function event() local s = 'x' while true do s = s .. s end end",
        ] {
            let err = host.call(&script(src), "event", &json!({})).unwrap_err();
            assert_eq!(err.script, NAME);
            assert_eq!(
                err.message,
                format!("memory limit of {} bytes exceeded", 16 << 20),
                "{src}: {err}"
            );
        }
    }

    /// The collector is stopped during calls (lua/sandbox.rs): a call making garbage
    /// past its memory limit in all still runs (Lua collects when an allocation would pass the
    /// limit), and calls one after another keep the state's memory bounded.
    #[test]
    fn garbage_past_the_limit_is_collected() {
        let host = LuaHost::new(LuaLimits { memory_bytes: 4 << 20, instructions: 50_000_000 });
        // About 40 MiB of short-lived tables and strings, 40 KiB alive at a time.
        let src = "function event() local n = 0 for i = 1, 1000 do local t = {} for j = 1, 100 do t[j] = ('x'):rep(200) .. j .. i end n = n + #t end return n end";
        for _ in 0..5 {
            assert_eq!(host.call(&script(src), "event", &json!({})).unwrap(), json!(100_000));
        }
        let src = "function event() local t = {} for i = 1, 20000 do t[i] = { i, tostring(i) } end return #t end";
        let used = || {
            let sandbox = sandbox::Sandbox::take().unwrap();
            let used = sandbox.lua.used_memory();
            sandbox.finish();
            used
        };
        let before = used();
        for _ in 0..50 {
            assert_eq!(host.call(&script(src), "event", &json!({})).unwrap(), json!(20_000));
        }
        let after = used();
        assert!(after < before + (4 << 20), "{before} then {after} bytes");
    }

    #[test]
    fn endless_loops_use_up_the_budget() {
        let err = fails("function event()\n  local i = 0\n  while true do i = i + 1 end\nend");
        assert_eq!(err.message, "instruction budget of 200000 exceeded");
        assert_eq!(err.line, Some(3));
        assert_eq!(
            err.to_string(),
            format!("{NAME}:3: instruction budget of 200000 exceeded")
        );
        // At top level too, outside the entry function.
        let err = fails("while true do end");
        assert_eq!(err.message, "instruction budget of 200000 exceeded");
        assert_eq!(err.line, Some(1));
    }

    #[test]
    fn the_budget_cannot_be_caught() {
        for src in [
            "function event() while true do pcall(function() while true do end end) end end",
            "function event() local t = {} for i = 1, 1e4 do t[i] = i end table.sort(t, function(a, b) while true do end end) end",
            "function event() while true do xpcall(function() while true do end end, function() return 'fine' end) end end",
            "function event() local ok = pcall(function() while true do end end) return ok end",
            "function event() while true do pcall(error, 'x') end end",
            "function event() local t <close> = setmetatable({}, { __close = function() while true do end end }) while true do end end",
            "function event() local t <close> = setmetatable({}, { __close = function() while true do end end }) error('x') end",
            "function event() local t <close> = setmetatable({}, { __close = function() local i = 0 while i < 1e9 do i = i + 1 end end }) while true do end end",
        ] {
            let err = fails(src);
            assert_eq!(
                err.message, "instruction budget of 200000 exceeded",
                "{src}"
            );
            assert_eq!(err.line, Some(1), "{src}");
        }
        // Ordinary errors are still caught.
        assert_eq!(
            run("function event() local ok, e = pcall(error, 'x', 0) return { ok, e } end")
                .unwrap(),
            json!([false, "x"])
        );
    }

    /// Hostile scripts that once ran for minutes or forever inside one call: a looping message
    /// handler (run with hooks off after the count hook's error), caught memory errors (each an
    /// emergency collection), catastrophic patterns and other work done inside one call into the
    /// C library. Each now ends within the default budget, naming the script, the line and the
    /// limit.
    #[test]
    fn work_inside_the_library_and_handlers_is_bounded() {
        let host = LuaHost::default();
        let cases = [
            "xpcall(function() while true do end end,\n  function(m) while true do end end)",
            "xpcall(error,\n  function(m) while true do end end)",
            "while true do pcall(string.rep, 'x', 1 << 30) end",
            "local s = ('a'):rep(1e5)\nreturn s:find(('a*'):rep(100) .. 'b')",
            "local s = ('a'):rep(5e4)\nreturn s:find('(a*)*b')",
            "local s = ('a'):rep(5e4)\nfor i = 1, 100 do s:find('a-b') end",
            "local s = ('a'):rep(3e6)\nreturn s:find(('a'):rep(1e6) .. 'b', 1, true)",
            "local s = ('a'):rep(3e6)\nreturn s:find(('a'):rep(1e6) .. 'b')",
            "local s = ('x'):rep(4e6)\nwhile true do local t = s .. 'y' end",
            "local a, b = ('x'):rep(4e6), ('x'):rep(4e6)\nwhile true do local _ = a < b end",
            "local a, b = ('x'):rep(4e6), ('x'):rep(4e6)\nwhile true do local _ = a == b end",
            "local s = ('1'):rep(4e6)\nwhile true do local _ = tonumber(s) end",
            "local s = ('x'):rep(4e6)\nwhile true do local _ = utf8.len(s) end",
            "local t = {}\nfor i = 1, 1e5 do t[i] = i end\nwhile true do table.concat(t, ',') end",
            "local t = {}\nfor i = 1, 1e5 do t[i] = -i end\nwhile true do table.sort(t) table.sort(t, function(a, b) return a > b end) end",
            "while true do table.move({}, 1, 1e12, 1) end",
            "while true do local t = {} for i = 1, 2e5 do t[i] = i end end",
            "local s = ('(' ):rep(1e5) .. (')'):rep(1e5)\nwhile true do s:find('%b()') end",
        ];
        for body in cases {
            let src = format!("function event()\n  {body}\nend");
            let start = Instant::now();
            let err = host.call(&script(&src), "event", &json!({})).unwrap_err();
            let took = start.elapsed();
            assert_eq!(err.script, NAME, "{body}");
            assert_eq!(err.message, "instruction budget of 10000000 exceeded", "{body}: {err}");
            assert!(err.line.is_some_and(|l| (2..=4).contains(&l)), "{body}: {err}");
            assert!(took.as_secs_f64() < 5.0, "{body}: {took:?}");
        }
        // Nothing empty repeated forever: n copies of nothing are `""` at once.
        assert_eq!(run("function event() return ('').rep('', 1e15) end").unwrap(), json!(""));
        // Ordinary pattern work stays well within the budget.
        let trim = "function event() local n = 0 for i = 1, 200 do local s = ('  word '):rep(20) n = n + #s:match('^%s*(.-)%s*$') end return n end";
        assert_eq!(host.call(&script(trim), "event", &json!({})).unwrap(), json!(200 * 137));
    }

    #[test]
    fn deep_recursion_is_stopped() {
        for host in [small(), LuaHost::default()] {
            let err = host
                .call(
                    &script(
                        "local function f() return 1 + f() end\nfunction event() return f() end",
                    ),
                    "event",
                    &json!({}),
                )
                .unwrap_err();
            assert_eq!(err.script, NAME);
            assert!(
                err.message.contains("stack overflow")
                    || err.message.starts_with("memory limit")
                    || err.message.starts_with("instruction budget"),
                "{err}"
            );
        }
        // With room for Lua's whole stack (a million slots), Lua's own limit stops it.
        let err = LuaHost::new(LuaLimits {
            memory_bytes: 256 << 20,
            instructions: 50_000_000,
        })
        .call(
            &script("local function f() return 1 + f() end\nfunction event() return f() end"),
            "event",
            &json!({}),
        )
        .unwrap_err();
        assert!(err.message.contains("stack overflow"), "{err}");
        assert_eq!(err.line, Some(1), "{err}");
    }

    #[test]
    fn runtime_errors_name_script_and_line() {
        let err = fails("function event()\n  local x = 1\n  error('boom')\nend");
        assert_eq!(
            err,
            LuaError {
                script: NAME.into(),
                line: Some(3),
                message: "boom".into()
            }
        );
        assert_eq!(err.to_string(), format!("{NAME}:3: boom"));
        let err = fails("function event(input)\n  return input.missing.field\nend");
        assert_eq!(err.line, Some(2));
        assert!(
            err.message
                .contains("attempt to index a nil value (field 'missing')"),
            "{err}"
        );
        // Without a position in the message, the traceback gives the line.
        let err = fails("function event()\n\n  error('no position', 0)\nend");
        assert_eq!((err.line, err.message.as_str()), (Some(3), "no position"));
        let err = fails("function event()\n  error({ code = 1 })\nend");
        assert_eq!(
            (err.line, err.message.as_str()),
            (
                Some(2),
                "error raised with a table value instead of a message"
            )
        );
        let err = fails("function event()\n  error()\nend");
        assert_eq!(
            (err.line, err.message.as_str()),
            (Some(2), "error raised with no message")
        );
        let err = fails(
            "function event()\n  error(setmetatable({}, { __tostring = function() return 'custom' end }))\nend",
        );
        assert_eq!((err.line, err.message.as_str()), (Some(2), "custom"));
    }

    #[test]
    fn syntax_errors_name_script_and_line() {
        let err = fails("function event()\n  local x = = 1\nend");
        assert_eq!(err.line, Some(2));
        assert!(err.message.starts_with("syntax error: "), "{err}");
        let err = fails("function event()\n  return 1\n");
        assert!(err.message.starts_with("syntax error: "), "{err}");
        assert!(err.message.contains("'end' expected"), "{err}");
    }

    #[test]
    fn missing_or_wrong_entry() {
        let err = fails("function other() end");
        assert_eq!(err.line, None);
        assert!(err.message.contains("no global function `event`"), "{err}");
        let err = fails("event = 42");
        assert_eq!(err.message, "global `event` is a integer, not a function");
        let err = fails("local function event() return 1 end");
        assert!(err.message.contains("no global function `event`"), "{err}");
    }

    #[test]
    fn unconvertible_results_are_errors() {
        let cases = [
            (
                "function event() return function() end end",
                "result is a function, which cannot leave Lua",
            ),
            (
                "function event() return { a = { 1, print or next } } end",
                "result.a[2] is a function",
            ),
            (
                "function event() local t = {} t.self = t return t end",
                "result.self is a cyclic table",
            ),
            ("function event() return { x = 0/0 } end", "result.x is NaN"),
            (
                "function event() return { ['a b'] = 1/0 } end",
                "result[\"a b\"] is inf",
            ),
            (
                "function event() return { [true] = 1 } end",
                "key of type boolean",
            ),
            (
                "function event() return { [1.5] = 1 } end",
                "non-integer key 1.5",
            ),
            (
                "function event() return { [1] = 'a', ['1'] = 'b', [9] = 'c' } end",
                "both 1 and \"1\"",
            ),
            (
                "function event() return { s = '\\255' } end",
                "result.s is not valid UTF-8",
            ),
            ("function event() return 1, 2 end", "returned 2 values"),
            (
                "function event() local t = {} for i = 1, 200 do t = { t } end return t end",
                "nested deeper than 100 levels",
            ),
            (
                "function event() local t = {} for i = 1, 60 do t = { t, t } end return t end",
                "more than 1000000 values",
            ),
            (
                "function event() local s, t = string.rep('x', 1e6), {} for i = 1, 100 do t[i] = s end return t end",
                "strings total more than",
            ),
        ];
        for (src, mention) in cases {
            let err = fails(src);
            assert!(
                err.message
                    .starts_with("cannot convert the returned value: ")
                    || mention.starts_with("returned"),
                "{src}: {err}"
            );
            assert!(err.message.contains(mention), "{src}: {err}");
        }
    }

    #[test]
    fn input_depth_is_bounded() {
        let mut deep = json!(1);
        for _ in 0..200 {
            deep = json!([deep]);
        }
        let err = small()
            .call(&script("function event(x) return 1 end"), "event", &deep)
            .unwrap_err();
        assert!(err.message.contains("nested deeper than 100"), "{err}");
    }

    #[test]
    fn pairs_is_deterministic() {
        let src = r#"
function event(input)
  local t = { [true] = 1, [3] = 1, [-1] = 1, [2.5] = 1 }
  for i = 1, 50 do t["k" .. (i * 7919 % 101)] = i end
  local order = {}
  for k in pairs(t) do order[#order + 1] = tostring(k) end
  local custom = setmetatable({}, { __pairs = function(t) return function(_, k) if not k then return 1, 'one' end end, t, nil end })
  for k, v in pairs(custom) do order[#order + 1] = v end
  return order
end"#;
        let out = run(src).unwrap();
        let order: Vec<String> = serde_json::from_value(out.clone()).unwrap();
        assert_eq!(&order[..3], ["-1", "2.5", "3"]);
        let mut names = order[3..53].to_vec();
        names.sort();
        assert_eq!(names, order[3..53]);
        assert_eq!(&order[53..], ["true", "one"]);
        for _ in 0..5 {
            assert_eq!(run(src).unwrap(), out);
        }
        let err = fails("function event()\n  for k in pairs(nil) do end\nend");
        assert_eq!(err.line, Some(2), "{err}");
        assert!(err.message.contains("bad argument #1 to 'pairs'"), "{err}");
    }

    #[test]
    fn finalizers_are_refused() {
        let err = fails(
            "function event()\n  setmetatable({}, { __gc = function() while true do end end })\nend",
        );
        assert_eq!(err.line, Some(2));
        assert!(
            err.message.contains("__gc metamethods are not allowed"),
            "{err}"
        );
        // Other metatables work.
        let src = "function event() local v = setmetatable({}, { __index = function(_, k) return k .. '!' end }) return v.hi end";
        assert_eq!(run(src).unwrap(), json!("hi!"));
    }

    #[test]
    fn each_call_starts_fresh() {
        let src = "counter = (counter or 0) + 1\nfunction event() return counter end";
        let host = small();
        for _ in 0..3 {
            assert_eq!(
                host.call(&script(src), "event", &json!({})).unwrap(),
                json!(1)
            );
        }
        // A script cannot damage the next call's libraries either.
        let vandal = "string.rep = nil\nfunction event() return 1 end";
        host.call(&script(vandal), "event", &json!({})).unwrap();
        let user = "function event() return string.rep('ab', 2) end";
        assert_eq!(
            host.call(&script(user), "event", &json!({})).unwrap(),
            json!("abab")
        );
    }

    /// `math`, `table` and `utf8` are copied into a call's environment when first read
    /// (lua/sandbox.rs), yet no script can tell: a library assigned or removed before or after
    /// its first read keeps what was assigned, a raw access, `next`, `pairs` or `getmetatable`
    /// on the environment sees every library and no metatable, and each call has its own copy.
    #[test]
    fn libraries_made_on_first_read_are_as_if_made_at_once() {
        let host = small();
        let set_before = r#"
math = nil
table = 5
function event()
  local t = _ENV.table
  return { math = math == nil, table = t, utf8 = type(utf8) }
end"#;
        let removed_after = r#"
function event()
  local floor = math.floor
  math = nil
  local again = math
  return { floor = floor(2.5), again = again == nil }
end"#;
        let walked = r#"
function event()
  local raw = type(rawget(_ENV, "utf8"))
  local names = {}
  for k, v in pairs(_G) do
    if type(v) == "table" and k ~= "_G" then names[#names + 1] = k end
  end
  local via_next = 0
  for k in next, _ENV do
    if k == "math" or k == "table" or k == "utf8" or k == "string" then via_next = via_next + 1 end
  end
  return { raw = raw, names = names, via_next = via_next, meta = getmetatable(_ENV) == nil }
end"#;
        let own_copy = "function event() math.own = (math.own or 0) + 1 return math.own end";
        for _ in 0..2 {
            assert_eq!(host.call(&script(set_before), "event", &json!({})).unwrap(), json!({"math": true, "table": 5, "utf8": "table"}));
            assert_eq!(host.call(&script(removed_after), "event", &json!({})).unwrap(), json!({"floor": 2, "again": true}));
            assert_eq!(
                host.call(&script(walked), "event", &json!({})).unwrap(),
                json!({"raw": "table", "names": ["math", "string", "table", "utf8"], "via_next": 4, "meta": true})
            );
            assert_eq!(host.call(&script(own_copy), "event", &json!({})).unwrap(), json!(1));
        }
        // A global not set is still nil, and names itself in errors.
        assert_eq!(run("function event() return missing end").unwrap(), json!(null));
        let err = run("function event() return missing() end").unwrap_err().to_string();
        assert!(err.contains("global 'missing'"), "{err}");
    }

    /// The state is reused call after call on a thread (lua/sandbox.rs), yet nothing a script
    /// sets is seen by the next call: globals, library entries added, removed or replaced, the
    /// string metatable, the library's globals.
    #[test]
    fn a_global_set_in_one_call_is_gone_in_the_next() {
        let host = small();
        let vandal = r#"
leak = 42
_G.other = "x"
string.leak, table.insert, math.pi = 1, nil, 3
utf8.char = function() return "!" end
getmetatable("").__index = { len = function() return 99 end }
getmetatable("").__add = function() return "added" end
lib_value = "changed"
function event() return { leak = leak, n = ("abc"):len() } end"#;
        let reader = r#"
function event()
  local ok = pcall(function() return "a" + "b" end)
  return { leak = leak, other = rawget(_G, "other"), string_leak = string.leak, insert = table.insert ~= nil,
           pi = math.pi > 3.14 and math.pi < 3.15, char = utf8.char(65), len = ("abc"):len(), rep = ("ab"):rep(2),
           add = ok, lib_value = lib_value, same_g = _G == _ENV }
end"#;
        let lib = Arc::new(Script::new("lib.lua", "lib_value = 'fresh'\n"));
        run("function event() return 1 end").unwrap();
        let made = sandbox::created();
        for _ in 0..3 {
            let out = host.call(&script(vandal).with_library(Arc::clone(&lib)), "event", &json!({})).unwrap();
            assert_eq!(out, json!({"leak": 42, "n": 99}));
            let out = host.call(&script(reader).with_library(Arc::clone(&lib)), "event", &json!({})).unwrap();
            assert_eq!(
                out,
                json!({"insert": true, "pi": true, "char": "A", "len": 3, "rep": "abab", "add": false,
                       "lib_value": "fresh", "same_g": true})
            );
        }
        // One state served all six calls.
        assert_eq!(sandbox::created(), made, "the state was reused");
        // A failing call discards the state; the next call gets a new one that works.
        fails("function event() error('boom') end");
        assert_eq!(run("function event() return leak end").unwrap(), json!(null));
        assert_eq!(sandbox::created(), made + 1);
    }

    /// Limits start from zero at every call on a reused state: a script using most of the
    /// instruction budget or of the memory limit runs again and again, and one going past
    /// either still trips it, call after call, with the state usable afterwards.
    #[test]
    fn limits_still_trip_after_reuse() {
        let host = LuaHost::new(LuaLimits {
            memory_bytes: 8 << 20,
            instructions: 200_000,
        });
        let call = |src: &str| host.call(&script(src), "event", &json!({}));
        let busy = "function event() local n = 0 for i = 1, 40000 do n = n + i end return n end";
        let big = "function event() local t = {} for i = 1, 40 do t[i] = string.rep(tostring(i), 50000) end return #t end";
        let spin = "function event() while true do end end";
        let swallow = "function event() for i = 1, 1e9 do pcall(function() while true do end end) end end";
        let bomb = "function event() local t = {} for i = 1, 1e9 do t[i] = string.rep('x', 1e5) .. i end end";
        // The budget counts the bytes a script makes (vendor/lua-src/BIVOUAC.md): filling 8 MiB
        // takes more than 200,000 units, so the bomb runs with room enough to meet the memory
        // limit first, on the same reused state.
        let roomy = LuaHost::new(LuaLimits { memory_bytes: 8 << 20, instructions: 5_000_000 });
        for _ in 0..4 {
            assert_eq!(call(busy).unwrap(), json!(800020000));
            assert_eq!(call(big).unwrap(), json!(40));
            for (src, message) in [(spin, "instruction budget of 200000 exceeded"), (swallow, "instruction budget of 200000 exceeded")] {
                assert_eq!(call(busy).unwrap(), json!(800020000));
                assert_eq!(call(src).unwrap_err().message, message, "{src}");
            }
            assert_eq!(call(big).unwrap(), json!(40));
            assert_eq!(roomy.call(&script(bomb), "event", &json!({})).unwrap_err().message, "memory limit of 8388608 bytes exceeded");
        }
    }

    #[test]
    fn hostile_scripts_never_panic() {
        let hostile = [
            "while true do end",
            "function event() while true do end end",
            "function event() return string.rep('x', 1e9) end",
            "function event() local t = {} while true do t[#t + 1] = {} end end",
            "local function f() return 1 + f() end function event() return f() end",
            "function event() local function f() return pcall(f) end return f() end",
            "function event() return setmetatable({}, { __index = function(t, k) return t[k] end }).x end",
            "function event() return tostring(setmetatable({}, { __tostring = function(t) return tostring(t) end })) end",
            "function event() return table.unpack({}, 1, 1e8) end",
            "function event() return string.format('%99999d', 1) end",
            "function event() local t = {} for i = 1, 1e6 do t[i] = i end table.sort(t, function(a, b) return true end) end",
            "function event() return ('x'):rep(1e6):gsub('x', '%0%0') end",
            "function event() error(setmetatable({}, { __tostring = function() while true do end end })) end",
            "function event() getmetatable('').__index = function() while true do end end return ('x'):len() end",
            "\x1bLua",
            "function event( return",
            "function event() return { [{}] = 1 } end",
            "function event() return coroutine.wrap(function() end) end",
            "function event() local t <close> = 42 end",
            "function event() return utf8.char(0x7FFFFFFF, 1e10) end",
        ];
        let host = LuaHost::new(LuaLimits {
            memory_bytes: 4 << 20,
            instructions: 100_000,
        });
        for round in 0..3 {
            for src in hostile {
                let result = std::panic::catch_unwind(|| {
                    host.call(&script(src), "event", &json!({"round": round}))
                });
                let result = result.unwrap_or_else(|_| panic!("the host panicked on {src:?}"));
                let err = result.expect_err(src);
                assert_eq!(err.script, NAME, "{src}");
                assert!(!err.message.is_empty(), "{src}");
            }
        }
    }

    /// Lazy input tables (lua/input.rs) cannot be told from eager ones: raw access, length,
    /// metatables, iteration, writes and returning them unread all see the whole table.
    #[test]
    fn lazy_input_behaves_like_plain_tables() {
        let input = json!({"a": {"x": 1, "y": [1, 2, 3]}, "b": [10, 20], "c": {"k": "v"}, "d": {"n": 1},
            "e": [5, 6], "f": {"m": {"deep": true}}, "g": {}, "h": {"z": 2}, "i": [7]});
        let src = r#"
function event(v)
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  local k1, v1 = next(v.a)
  local names = {}
  for k in pairs(v.f.m) do names[#names + 1] = k end
  v.h.w = 3
  local mt_i = getmetatable(v.i)
  return {
    keys = keys, next_a = k1 ~= nil and v1 ~= nil, raw_b = rawget(v.b, 2), len_b = rawlen(v.b),
    len_y = #v.a.y, no_mt = getmetatable(v.c) == nil and mt_i == nil, set_d = rawset(v.d, "n", 5).n,
    e = table.concat(v.e, ","), unread = v.f, names = names, h = v.h, g = v.g,
  }
end
"#;
        let out = small().call(&script(src), "event", &input).unwrap();
        assert_eq!(
            out,
            json!({"keys": ["a", "b", "c", "d", "e", "f", "g", "h", "i"], "next_a": true, "raw_b": 20, "len_b": 2,
                   "len_y": 3, "no_mt": true, "set_d": 5, "e": "5,6", "unread": {"m": {"deep": true}},
                   "names": ["deep"], "h": {"w": 3, "z": 2}, "g": []})
        );
        // Entries read one by one stay the same tables once the whole table is read.
        let src = r#"
function event(v)
  local sub = v.a.sub
  sub.changed = true
  local same, n = false, 0
  for k, x in pairs(v.a) do
    n = n + 1
    if k == "sub" then same = rawequal(x, sub) and x.changed end
  end
  local arr = v.b
  local third = arr[3]
  return { same = same, n = n, len = #arr, third = third, float = arr[2.0], absent = arr["2"] == nil and v.a[1] == nil }
end
"#;
        let input = json!({"a": {"sub": {"x": 1}, "y": 2, "z": null}, "b": [{"q": 1}, 20, {"r": 3}]});
        let out = small().call(&script(src), "event", &input).unwrap();
        assert_eq!(out, json!({"same": true, "n": 2, "len": 3, "third": {"r": 3}, "float": 20, "absent": true}));
        // A raw function still names itself when misused.
        let err = run("function event(v) return next(42) end").unwrap_err();
        assert!(err.message.contains("bad argument #1 to 'next'"), "{err}");
    }

    /// Compiled chunks are reused per thread (lua/chunks.rs): a second call gives the same
    /// answer and the same error lines, and a script that does not compile keeps its error.
    #[test]
    fn compiled_chunks_keep_lines_and_errors() {
        let src = "\n\nfunction event(v)\n  error('boom')\nend\n";
        for _ in 0..2 {
            let err = run(src).unwrap_err();
            assert_eq!((err.line, err.message.as_str()), (Some(4), "boom"), "{err}");
        }
        for _ in 0..2 {
            let err = run("function event(v) return end end").unwrap_err();
            assert!(err.message.starts_with("syntax error"), "{err}");
        }
    }

    /// Kept chunks are found by their source's length and ends (lua/sandbox.rs `source_key`):
    /// two sources alike there but not in the middle each run their own code, again and again.
    #[test]
    fn kept_chunks_differing_only_in_the_middle_run_their_own_code() {
        let pad = "-".repeat(80);
        let source = |n: u8| format!("--{pad}\nfunction event(v) return {n} end\n--{pad}\n");
        assert_eq!(source(1).len(), source(2).len());
        for _ in 0..2 {
            for n in [1, 2] {
                assert_eq!(run(&source(n)).unwrap(), json!(n), "source {n}");
            }
        }
    }

    /// A chunk is run through its maker (lua/sandbox.rs): text that compiles only inside the
    /// maker's wrapper is still a syntax error, and a last line that is a comment still ends it.
    #[test]
    fn chunks_run_as_their_own_text() {
        let err = run("end end, function(_ENV) return function(...)").unwrap_err();
        assert!(err.message.starts_with("syntax error"), "{err}");
        assert_eq!(run("function event() return 1 end -- the end").unwrap(), json!(1));
        let err = fails("local t = {}\nfunction event() return missing.x end");
        assert_eq!((err.line, err.message.as_str()), (Some(2), "attempt to index a nil value (global 'missing')"), "{err}");
    }

    /// A text nested too deeply to compile inside the maker's wrapper, but not alone, still runs
    /// (loaded afresh at every call: lua/sandbox.rs), call after call.
    #[test]
    fn chunks_too_deep_for_the_wrapper_still_run() {
        let source = |depth: usize| format!("function event() return {}1{} end", "(".repeat(depth), ")".repeat(depth));
        let compiles = |text: &str| Lua::new().load(text).into_function().is_ok();
        let depth = (100..300)
            .find(|&d| compiles(&source(d)) && !compiles(&sandbox::wrapped(&source(d))))
            .expect("a depth that compiles alone only");
        for _ in 0..3 {
            assert_eq!(run(&source(depth)).unwrap(), json!(1));
        }
        assert!(run(&source(depth + 10)).is_err(), "too deep alone too");
    }

    /// What a call leaves is young garbage (lua/sandbox.rs): a young collection after the call
    /// frees its environment and all it holds, the chunk being kept or not.
    #[test]
    fn a_call_leaves_young_garbage() {
        let host = LuaHost::default();
        let src = "big = {} for i = 1, 4000 do big[i] = { i } end\nfunction event() return #big end";
        let young = || {
            let sandbox = sandbox::Sandbox::take().unwrap();
            sandbox.lua.gc_step().unwrap();
            let used = sandbox.lua.used_memory();
            sandbox.finish();
            used
        };
        for _ in 0..3 {
            let before = young();
            assert_eq!(host.call(&script(src), "event", &json!({})).unwrap(), json!(4000));
            let after = young();
            assert!(after < before + (64 << 10), "{before} then {after} bytes");
        }
    }

    #[test]
    fn host_is_send_and_sync() {
        fn check<T: Send + Sync + Clone>() {}
        check::<LuaHost>();
        check::<LuaError>();
    }

    #[test]
    #[ignore = "benchmark: cargo test --release --lib lua::tests::bench_call_cost -- --ignored --nocapture"]
    fn bench_call_cost() {
        let host = LuaHost::default();
        let src = script(
            r#"
function event(input)
  local commands = {}
  for i, unit in ipairs(input.units) do
    if unit.strength + input.roll > 6 then
      commands[#commands + 1] = { kind = "rout", unit = unit.name }
    end
  end
  return { commands = commands }
end"#,
        );
        let input = json!({"roll": 4, "units": [{"name": "a", "strength": 3}, {"name": "b", "strength": 1}]});
        let n = 2000;
        for _ in 0..100 {
            host.call(&src, "event", &input).unwrap();
        }
        let start = Instant::now();
        for _ in 0..n {
            host.call(&src, "event", &input).unwrap();
        }
        let per_call = start.elapsed().as_secs_f64() * 1e6 / n as f64;
        let new_state = || {
            Lua::new_with(
                StdLib::TABLE | StdLib::STRING | StdLib::MATH | StdLib::UTF8,
                LuaOptions::default(),
            )
            .unwrap()
        };
        let start = Instant::now();
        for _ in 0..n {
            drop(new_state());
        }
        let per_bare = start.elapsed().as_secs_f64() * 1e6 / n as f64;
        let start = Instant::now();
        for _ in 0..n {
            drop(sandbox::fresh().unwrap());
        }
        let per_state = start.elapsed().as_secs_f64() * 1e6 / n as f64;
        println!(
            "one call: {per_call:.1} µs; new state with 4 libraries: {per_bare:.1} µs; \
             new state + sandbox: {per_state:.1} µs"
        );
    }
}
