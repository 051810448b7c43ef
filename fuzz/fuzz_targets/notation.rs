#![no_main]
//! See `bivouac_systems::fuzz_targets::notation`.
libfuzzer_sys::fuzz_target!(|data: &[u8]| bivouac_systems::fuzz_targets::notation(data));
