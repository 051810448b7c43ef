//! Scripts compiled once per thread: parsing a card script took longer than creating the whole
//! sandboxed state, and the same few scripts run thousands of times in a game.
//!
//! A script's text is compiled in text mode in a scratch state (no libraries, the same memory
//! limit as a call) and dumped with its debug information, so error lines and names are those
//! of the text. Each call still loads the chunk into its own fresh state; only this bytecode,
//! made by this process from text a call would have accepted, is ever loaded in binary mode.
//! Text that does not compile is not cached: the call compiles it in its own state and reports
//! the error as before.

use mlua::chunk::ChunkMode;
use mlua::{Lua, LuaOptions, StdLib};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// Most scripts kept per thread; past that the cache starts over (mods may bring many).
const MAX_SCRIPTS: usize = 1024;

/// Bytecode by source text, for one chunk name.
type Compiled = HashMap<String, Rc<[u8]>>;

thread_local! {
    /// Per chunk name (a script or the library run before it), its bytecode by source text.
    static CACHE: RefCell<HashMap<&'static str, Compiled>> = RefCell::new(HashMap::new());
}

/// The bytecode of `source` under the chunk name `name`, or `None` if it does not compile.
pub(super) fn bytecode(name: &'static str, source: &str, memory_bytes: usize) -> Option<Rc<[u8]>> {
    if let Some(code) = CACHE.with_borrow(|c| c.get(name).and_then(|m| m.get(source)).cloned()) {
        return Some(code);
    }
    let code: Rc<[u8]> = compile(name, source, memory_bytes)?.into();
    CACHE.with_borrow_mut(|c| {
        let m = c.entry(name).or_default();
        if m.len() >= MAX_SCRIPTS {
            m.clear();
        }
        m.insert(source.to_string(), Rc::clone(&code));
    });
    Some(code)
}

fn compile(name: &str, source: &str, memory_bytes: usize) -> Option<Vec<u8>> {
    let lua = Lua::new_with(StdLib::NONE, LuaOptions::default()).ok()?;
    lua.set_memory_limit(memory_bytes).ok()?;
    let function = lua
        .load(source)
        .set_name(name)
        .set_mode(ChunkMode::Text)
        .into_function()
        .ok()?;
    // `dump` panics only if Lua cannot allocate the buffer: then the call compiles the text.
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| function.dump(false))).ok()
}
