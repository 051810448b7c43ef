//! Embeds the built-in content (`content/`) in the program: `ui/src/builtin.rs` lays it out
//! where the program finds it, so the rules played never depend on the folder the user stands
//! in nor on the build machine's source tree.

use std::fmt::Write;
use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("content");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    walk(&root, &mut files);
    files.sort();
    let mut out = String::from("&[\n");
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let rel = path.strip_prefix(&root).expect("under content").components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
        writeln!(out, "    ({rel:?}, include_bytes!({:?}) as &[u8]),", path.display().to_string()).unwrap();
    }
    out.push(']');
    let dest = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it")).join("builtin_content.rs");
    std::fs::write(dest, out).expect("write the embedded content list");
}

/// Every game folder's files (the folders under `content/`; its README stays out).
fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).expect("content/ is readable").map(|e| e.expect("entry")).collect();
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let path = e.path();
        println!("cargo:rerun-if-changed={}", path.display());
        let kind = e.file_type().expect("file type");
        if kind.is_dir() {
            walk(&path, out);
        } else if kind.is_file() && dir != Path::new(&std::env::var_os("CARGO_MANIFEST_DIR").unwrap()).join("content") {
            out.push(path);
        }
    }
}
