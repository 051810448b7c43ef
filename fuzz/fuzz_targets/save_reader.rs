#![no_main]
//! See `bivouac_systems::fuzz_targets::save_reader`.
libfuzzer_sys::fuzz_target!(|data: &[u8]| bivouac_systems::fuzz_targets::save_reader(data));
