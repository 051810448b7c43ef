#![no_main]
//! See `bivouac_systems::fuzz_targets::content_loader`.
libfuzzer_sys::fuzz_target!(|data: &[u8]| bivouac_systems::fuzz_targets::content_loader(data));
