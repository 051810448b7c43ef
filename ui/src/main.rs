fn main() {
    std::process::exit(bivouac::cli::main());
}
