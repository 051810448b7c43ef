/// mimalloc: the engine's hot paths (legal-action listings, event views, Lua calls) make many
/// short-lived allocations; glibc's allocator spent a fifth of a random game in malloc, free
/// and the page faults of memory it gave back and took again (docs/performance.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

// mimalloc's C API (linked by the `mimalloc` crate; its Rust binding needs a crate we do not vendor).
unsafe extern "C" {
    fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
}

/// `mi_option_purge_delay` in mimalloc 3's `mi_option_e` (include/mimalloc.h).
const MI_OPTION_PURGE_DELAY: std::ffi::c_int = 15;

fn main() {
    // Never give freed memory back to the OS: mimalloc asks for transparent huge pages, and
    // each 2 MiB page given back was zeroed again by the kernel when reused (about 5% of a For
    // the People random game). The process's footprint stays its peak.
    // SAFETY: sets a plain integer option before any thread is started.
    unsafe { mi_option_set(MI_OPTION_PURGE_DELAY, -1) };
    std::process::exit(bivouac::cli::main());
}
