//! The fuzz targets (`bivouac_systems::fuzz_targets`) on the stable toolchain, as CI runs them:
//! every input of their corpus (`fuzz/corpus/TARGET/`, grown by coverage-guided runs of
//! `cargo fuzz`), then a short seeded run of mutations of those inputs. An input that panics,
//! hangs or runs away fails the test.

use bivouac_engine::GameRng;
use bivouac_systems::fuzz_targets;
use std::path::PathBuf;
use std::time::Instant;

type Target = fn(&[u8]);

const TARGETS: &[(&str, Target)] = &[
    ("content_loader", fuzz_targets::content_loader),
    ("save_reader", fuzz_targets::save_reader),
    ("notation", fuzz_targets::notation),
    ("lua_values", fuzz_targets::lua_values),
];

fn corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus").join(target);
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&p).unwrap()))
        .collect();
    files.sort();
    files
}

/// One input changed as a fuzzer would: bytes flipped, a span cut out or repeated, a byte
/// inserted, the input cut short, or spliced with another.
fn mutate(rng: &mut GameRng, input: &[u8], other: &[u8]) -> Vec<u8> {
    let mut v = input.to_vec();
    for _ in 0..1 + rng.pick(4) {
        let n = v.len();
        match rng.pick(6) {
            0 if n > 0 => {
                let i = rng.pick(n);
                v[i] ^= 1 << rng.pick(8);
            }
            1 if n > 1 => {
                let a = rng.pick(n);
                let b = (a + 1 + rng.pick(16)).min(n);
                v.drain(a..b);
            }
            2 if n > 1 => {
                let a = rng.pick(n);
                let b = (a + 1 + rng.pick(16)).min(n);
                let span = v[a..b].to_vec();
                v.splice(a..a, span.iter().cycle().take(span.len() * (1 + rng.pick(4))).copied());
            }
            3 => {
                let i = rng.pick(n + 1);
                v.insert(i, [b'{', b'}', b'[', b'"', b'=', b'\n', b'0', b'-', 0xff, b'9'][rng.pick(10)]);
            }
            4 if n > 0 => v.truncate(rng.pick(n)),
            _ if !other.is_empty() => {
                let a = rng.pick(v.len() + 1);
                let b = rng.pick(other.len());
                v.truncate(a);
                v.extend_from_slice(&other[b..]);
            }
            _ => {}
        }
    }
    v
}

#[test]
fn every_corpus_input_passes_its_target() {
    for (name, target) in TARGETS {
        let inputs = corpus(name);
        assert!(!inputs.is_empty(), "no corpus for {name}");
        for (file, bytes) in &inputs {
            let start = Instant::now();
            target(bytes);
            assert!(start.elapsed().as_secs() < 10, "{name}/{file}: {:?}", start.elapsed());
        }
    }
}

/// A short seeded run in CI (well under a minute): mutations of each corpus input.
#[test]
fn seeded_mutations_pass_every_target() {
    let mut rng = GameRng::new(0xf022);
    for (name, target) in TARGETS {
        let inputs = corpus(name);
        let rounds = if *name == "content_loader" { 60 } else { 300 };
        let start = Instant::now();
        for i in 0..rounds {
            let (_, a) = &inputs[rng.pick(inputs.len())];
            let (_, b) = &inputs[rng.pick(inputs.len())];
            let input = mutate(&mut rng, a, b);
            let one = Instant::now();
            target(&input);
            assert!(one.elapsed().as_secs() < 10, "{name} mutation {i}: {:?} on {:?}", one.elapsed(), String::from_utf8_lossy(&input));
        }
        eprintln!("{name}: {rounds} mutations in {:?}", start.elapsed());
    }
}
