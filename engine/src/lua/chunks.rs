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

thread_local! {
    static CACHE: RefCell<HashMap<String, Rc<[u8]>>> = RefCell::new(HashMap::new());
}

/// The bytecode of `source` (chunk name `=script`), or `None` if it does not compile.
pub(super) fn bytecode(source: &str, memory_bytes: usize) -> Option<Rc<[u8]>> {
    if let Some(code) = CACHE.with_borrow(|c| c.get(source).cloned()) {
        return Some(code);
    }
    let code: Rc<[u8]> = compile(source, memory_bytes)?.into();
    CACHE.with_borrow_mut(|c| {
        if c.len() >= MAX_SCRIPTS {
            c.clear();
        }
        c.insert(source.to_string(), Rc::clone(&code));
    });
    Some(code)
}

fn compile(source: &str, memory_bytes: usize) -> Option<Vec<u8>> {
    let lua = Lua::new_with(StdLib::NONE, LuaOptions::default()).ok()?;
    lua.set_memory_limit(memory_bytes).ok()?;
    let function = lua
        .load(source)
        .set_name(super::CHUNK_NAME)
        .set_mode(ChunkMode::Text)
        .into_function()
        .ok()?;
    // `dump` panics only if Lua cannot allocate the buffer: then the call compiles the text.
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| function.dump(false))).ok()
}
