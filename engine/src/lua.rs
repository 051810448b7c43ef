//! The sandboxed Lua 5.4 host (design.md section 5). Being written: see the module's tests.
