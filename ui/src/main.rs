/// mimalloc: the engine's hot paths (legal-action listings, event views, Lua calls) make many
/// short-lived allocations; glibc's allocator spent a fifth of a random game in malloc, free
/// and the page faults of memory it gave back and took again (issue 9, README).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(bivouac::cli::main());
}
