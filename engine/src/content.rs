//! Layered TOML content with precise diagnostics (design.md section 4).
//!
//! A [`ContentSet`] is one game's folder (`content/blockade-runner/`) read from a stack of
//! layers: the built-in content first, then each mod folder with the same layout. A game parses
//! each file per layer into its own serde types, merges records by id with [`merge_by_id`]
//! (a mod overrides or adds records), and checks every cross-reference with
//! [`ContentSet::resolve`], which reports `file:line:col`, the offending text, what was expected
//! and the nearest valid ids. Nothing here panics on bad input.
//!
//! The content hash covers every file of every layer, so a save names exactly the rules it was
//! played with.

use serde::de::DeserializeOwned;
use rustc_hash::FxHashMap;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

pub use toml::Spanned;

/// Index of a loaded source file inside a [`ContentSet`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SrcId(pub u16);

/// A value together with the file it came from (its spans point into that file).
#[derive(Clone, Debug)]
pub struct Sourced<T> {
    pub src: SrcId,
    pub rec: T,
}

impl<T> std::ops::Deref for Sourced<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.rec
    }
}

/// A record with a string id, which mods override by.
pub trait Record {
    fn id(&self) -> &str;
}

/// One problem in a content file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub file: String,
    pub line: usize,
    pub col: usize,
    /// The offending text (may be empty when the problem is a missing thing).
    pub found: String,
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: {}", self.file, self.line, self.col, self.message)?;
        if !self.found.is_empty() {
            write!(f, "\n    found: {}", self.found)?;
        }
        Ok(())
    }
}

/// Every problem found while loading; loading goes on after a bad reference to report them all.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// `Ok(value)` when nothing was reported.
    pub fn into_result<T>(self, value: T) -> Result<T, Diagnostics> {
        if self.0.is_empty() { Ok(value) } else { Err(self) }
    }
    /// A problem that is not tied to a place in a file.
    pub fn general(file: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostics(vec![Diagnostic { file: file.into(), line: 1, col: 1, found: String::new(), message: message.into() }])
    }
}

impl Extend<Diagnostic> for Diagnostics {
    fn extend<I: IntoIterator<Item = Diagnostic>>(&mut self, iter: I) {
        self.0.extend(iter);
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Self {
        Diagnostics(vec![d])
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

struct SourceFile {
    /// Shown in diagnostics: the path as the user would type it.
    display: String,
    /// Path relative to the game folder, `/`-separated.
    rel: String,
    text: String,
}

/// One game's content across layers.
pub struct ContentSet {
    game_dir: String,
    files: Vec<SourceFile>,
    hash: String,
}

impl ContentSet {
    /// Read every file of `game_dir` under each layer root (built-in first, then mods).
    /// A layer without that folder is skipped; the first layer must have it.
    pub fn open(layers: &[PathBuf], game_dir: &str) -> Result<Self, Diagnostics> {
        let mut files = Vec::new();
        let mut total = 0u64;
        for (i, root) in layers.iter().enumerate() {
            let dir = root.join(game_dir);
            if !dir.is_dir() {
                if i == 0 {
                    return Err(Diagnostics::general(dir.display().to_string(), "content folder not found"));
                }
                continue;
            }
            let mut found = Vec::new();
            walk(&dir, 0, &mut found)?;
            found.sort();
            if files.len() + found.len() > MAX_FILES {
                return Err(Diagnostics::general(dir.display().to_string(), format!("more than {MAX_FILES} content files")));
            }
            for path in found {
                let text = read_text(&path, &mut total)?;
                let rel = path.strip_prefix(&dir).unwrap_or(&path).components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
                files.push(SourceFile { display: path.display().to_string(), rel, text });
            }
        }
        let hash = {
            use sha2::{Digest, Sha256};
            let mut h = Sha256::new();
            h.update(game_dir.as_bytes());
            for f in &files {
                h.update(f.rel.as_bytes());
                h.update([0]);
                h.update(f.text.as_bytes());
                h.update([0]);
            }
            h.finalize().iter().take(16).map(|b| format!("{b:02x}")).collect()
        };
        Ok(ContentSet { game_dir: game_dir.to_string(), files, hash })
    }

    pub fn game_dir(&self) -> &str {
        &self.game_dir
    }

    /// Identifies exactly which content a game was played with.
    pub fn hash(&self) -> &str {
        &self.hash
    }

    /// Relative paths of the files in `dir` (e.g. `scenarios`) ending in `ext`, across layers,
    /// sorted and without duplicates.
    pub fn list(&self, dir: &str, ext: &str) -> Vec<String> {
        let prefix = format!("{dir}/");
        let mut out: Vec<String> = self
            .files
            .iter()
            .filter(|f| f.rel.starts_with(&prefix) && f.rel.ends_with(ext))
            .map(|f| f.rel.clone())
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// The text of `rel` in the topmost layer that has it (for Lua scripts).
    pub fn text(&self, rel: &str) -> Option<(SrcId, &str)> {
        self.files.iter().enumerate().rev().find(|(_, f)| f.rel == rel).map(|(i, f)| (SrcId(i as u16), f.text.as_str()))
    }

    /// The display path of a source.
    pub fn path(&self, src: SrcId) -> &str {
        &self.files[src.0 as usize].display
    }

    /// Parse `rel` from every layer that has it, in layer order. The first layer must have it.
    pub fn parse<T: DeserializeOwned>(&self, rel: &str) -> Result<Vec<Sourced<T>>, Diagnostics> {
        let mut out = Vec::new();
        let mut errs = Diagnostics::default();
        for (i, f) in self.files.iter().enumerate().filter(|(_, f)| f.rel == rel) {
            let src = SrcId(i as u16);
            match toml::from_str::<T>(&f.text) {
                Ok(rec) => out.push(Sourced { src, rec }),
                Err(e) => {
                    let span = e.span().unwrap_or(0..0);
                    errs.push(self.diag(src, span, e.message().trim().to_string()));
                }
            }
        }
        if out.is_empty() && errs.is_empty() {
            return Err(Diagnostics::general(format!("{}/{rel}", self.game_dir), "required content file is missing"));
        }
        errs.into_result(out)
    }

    /// Like [`parse`](Self::parse) but for a file that overrides as a whole: the topmost layer wins.
    pub fn parse_top<T: DeserializeOwned>(&self, rel: &str) -> Result<Sourced<T>, Diagnostics> {
        Ok(self.parse(rel)?.pop().expect("parse returns at least one layer"))
    }

    /// The diagnostic for `id` listed twice in `src` (see [`layered_records_checked`]), at its
    /// second record.
    pub fn duplicate(&self, src: SrcId, id: &str, what: &str) -> Diagnostic {
        self.at_record(src, id, 1, format!("duplicate {what} `{id}` in this file (each id once per file; a mod overrides a record by writing its id in its own file)"))
    }

    /// A diagnostic at the `nth` (from 0) place `src` writes `id = "ID"` (a record's id), or at
    /// the file's start if it writes it otherwise.
    pub fn at_record(&self, src: SrcId, id: &str, nth: usize, message: impl Into<String>) -> Diagnostic {
        let text = &self.files[src.0 as usize].text;
        let quoted = format!("\"{id}\"");
        let is_id = |i: usize| {
            let before = text[..i].trim_end();
            before.strip_suffix('=').is_some_and(|b| b.trim_end().ends_with("id"))
        };
        let at = text.match_indices(&quoted).map(|(i, _)| i).filter(|&i| is_id(i)).nth(nth);
        let span = at.map_or(0..0, |i| i..i + quoted.len());
        self.diag(src, span, message)
    }

    /// A diagnostic at `span` (byte offsets) of `src`.
    pub fn diag(&self, src: SrcId, span: Range<usize>, message: impl Into<String>) -> Diagnostic {
        let f = &self.files[src.0 as usize];
        let start = span.start.min(f.text.len());
        let end = span.end.clamp(start, f.text.len());
        let (line, col) = line_col(&f.text, start);
        let found: String = f.text.get(start..end).unwrap_or("").chars().take(80).collect();
        Diagnostic { file: f.display.clone(), line, col, found, message: message.into() }
    }

    /// Look up a reference among known ids; on failure, say what was expected and suggest the
    /// nearest valid ids.
    pub fn resolve<T: Copy>(&self, src: SrcId, r: &Spanned<String>, index: &IdIndex<T>) -> Result<T, Diagnostic> {
        match index.get(r.get_ref()) {
            Some(v) => Ok(v),
            None => {
                let near = index.nearest(r.get_ref(), 3);
                let mut msg = format!("unknown {} `{}`", index.what, r.get_ref());
                if !near.is_empty() {
                    msg.push_str(&format!("; expected one of the known ids, nearest: {}", near.join(", ")));
                } else {
                    msg.push_str(&format!("; expected {}", index.what));
                }
                Err(self.diag(src, r.span(), msg))
            }
        }
    }
}

/// Most bytes one content file may hold (the largest built-in file is under 200 KiB).
pub const MAX_FILE_BYTES: u64 = 8 << 20;
/// Most bytes all the files of one game's layers may hold together.
pub const MAX_TOTAL_BYTES: u64 = 64 << 20;
/// Most content files one game's layers may hold (a source is numbered by a `u16`).
pub const MAX_FILES: usize = 4096;
/// Deepest folder nesting inside a game folder.
pub const MAX_DEPTH: usize = 8;

/// The `.toml` and `.lua` files under `dir`, found without following symbolic links: a link
/// is refused (it could lead out of the mod folder, or around it again and again), and so is
/// anything that is not a plain file or folder (a device or a pipe reads without end).
fn walk(dir: &Path, depth: usize, out: &mut Vec<PathBuf>) -> Result<(), Diagnostics> {
    let general = |p: &Path, m: String| Diagnostics::general(p.display().to_string(), m);
    if depth > MAX_DEPTH {
        return Err(general(dir, format!("folders nested more than {MAX_DEPTH} deep")));
    }
    let entries = std::fs::read_dir(dir).map_err(|e| general(dir, e.to_string()))?;
    for entry in entries {
        let entry = entry.map_err(|e| general(dir, e.to_string()))?;
        let path = entry.path();
        // `file_type` of a directory entry does not follow a symbolic link.
        let kind = entry.file_type().map_err(|e| general(&path, e.to_string()))?;
        let content = matches!(path.extension().and_then(|e| e.to_str()), Some("toml" | "lua"));
        if kind.is_symlink() {
            return Err(general(&path, "a symbolic link in a content folder is not followed: copy the file or folder in its place".into()));
        } else if kind.is_dir() {
            walk(&path, depth + 1, out)?;
        } else if content && !kind.is_file() {
            return Err(general(&path, "not a regular file".into()));
        } else if content {
            out.push(path);
        }
        if out.len() > MAX_FILES {
            return Err(general(dir, format!("more than {MAX_FILES} content files")));
        }
    }
    Ok(())
}

/// A content file's text, read only up to the size limits.
fn read_text(path: &Path, total: &mut u64) -> Result<String, Diagnostics> {
    use std::io::Read;
    let general = |m: String| Diagnostics::general(path.display().to_string(), m);
    let file = std::fs::File::open(path).map_err(|e| general(format!("cannot read: {e}")))?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(|e| general(format!("cannot read: {e}")))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(general(format!("larger than the limit of {MAX_FILE_BYTES} bytes for one content file")));
    }
    *total += bytes.len() as u64;
    if *total > MAX_TOTAL_BYTES {
        return Err(general(format!("the game's content files pass the limit of {MAX_TOTAL_BYTES} bytes together")));
    }
    String::from_utf8(bytes).map_err(|e| general(format!("cannot read as UTF-8 text: {e}")))
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..text.floor_char_boundary(offset)];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, col)
}

/// Merge a layer's records into `base`: same id replaces (a mod override), new id appends.
/// Returns the ids the layer itself lists more than once (the last is kept), each with its
/// source. Linear in the records: ids are found through a map, not a search.
pub fn merge_by_id<R: Record>(base: &mut Vec<Sourced<R>>, layer: impl IntoIterator<Item = Sourced<R>>) -> Vec<(SrcId, String)> {
    let mut at: FxHashMap<String, usize> = base.iter().enumerate().map(|(i, b)| (b.rec.id().to_string(), i)).collect();
    let mut in_layer = rustc_hash::FxHashSet::default();
    let mut dups = Vec::new();
    for rec in layer {
        let id = rec.rec.id().to_string();
        if !in_layer.insert(id.clone()) {
            dups.push((rec.src, id.clone()));
        }
        match at.get(&id) {
            Some(&i) => base[i] = rec,
            None => {
                at.insert(id, base.len());
                base.push(rec);
            }
        }
    }
    dups
}

/// Records from every layer of `rel` (each layer's list taken by `pick`), merged by id.
pub fn layered_records<D, R: Record>(layers: Vec<Sourced<D>>, pick: impl Fn(D) -> Vec<R>) -> Vec<Sourced<R>> {
    layered_records_checked(layers, pick).0
}

/// [`layered_records`], and the ids a layer lists more than once with their source (report
/// them with [`ContentSet::duplicate`]).
pub fn layered_records_checked<D, R: Record>(layers: Vec<Sourced<D>>, pick: impl Fn(D) -> Vec<R>) -> (Vec<Sourced<R>>, Vec<(SrcId, String)>) {
    let mut out = Vec::new();
    let mut dups = Vec::new();
    for layer in layers {
        let src = layer.src;
        dups.extend(merge_by_id(&mut out, pick(layer.rec).into_iter().map(|rec| Sourced { src, rec })));
    }
    (out, dups)
}

/// String ids interned to small integers, with "did you mean" suggestions.
#[derive(Clone, Debug)]
pub struct IdIndex<T> {
    what: String,
    /// FxHash: rules look ids up while they play.
    map: FxHashMap<String, T>,
}

impl<T: Copy> IdIndex<T> {
    /// `what` names the kind of id in messages: "space id from map.toml".
    pub fn new(what: impl Into<String>) -> Self {
        IdIndex { what: what.into(), map: FxHashMap::default() }
    }

    /// Insert; returns false if the id was already present.
    pub fn insert(&mut self, id: &str, value: T) -> bool {
        self.map.insert(id.to_string(), value).is_none()
    }

    pub fn get(&self, id: &str) -> Option<T> {
        self.map.get(id).copied()
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Up to `n` known ids closest to `id` by edit distance.
    pub fn nearest(&self, id: &str, n: usize) -> Vec<String> {
        let mut scored: Vec<(usize, &String)> =
            self.map.keys().map(|k| (strsim::levenshtein(id, k), k)).filter(|(d, k)| *d <= (k.len().max(id.len()) / 2).max(2)).collect();
        scored.sort();
        scored.into_iter().take(n).map(|(_, k)| format!("`{k}`")).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize, Debug)]
    struct Doc {
        port: Vec<Port>,
    }
    #[derive(Deserialize, Debug)]
    struct Port {
        id: String,
        price: u32,
        #[serde(default)]
        near: Option<Spanned<String>>,
    }
    impl Record for Port {
        fn id(&self) -> &str {
            &self.id
        }
    }

    fn tmp_layers(files: &[(&str, &str, &str)]) -> (PathBuf, Vec<PathBuf>) {
        static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let base = std::env::temp_dir().join(format!(
            "bivouac-content-test-{}-{}",
            std::process::id(),
            N.fetch_add(1, std::sync::atomic::Ordering::SeqCst)
        ));
        let _ = std::fs::remove_dir_all(&base);
        let mut layers = Vec::new();
        for (layer, rel, text) in files {
            let root = base.join(layer);
            let p = root.join("g").join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, text).unwrap();
            if !layers.contains(&root) {
                layers.push(root);
            }
        }
        (base, layers)
    }

    #[test]
    fn syntax_error_points_at_file_line_col() {
        let (_b, layers) = tmp_layers(&[("base", "ports.toml", "[[port]]\nid = \"wilmington\"\nprice = \"ten\"\n")]);
        let set = ContentSet::open(&layers, "g").unwrap();
        let err = set.parse::<Doc>("ports.toml").unwrap_err();
        let d = &err.0[0];
        assert!(d.file.ends_with("ports.toml"), "{d}");
        assert_eq!((d.line, d.col), (3, 9), "{d}");
        assert_eq!(d.found, "\"ten\"");
        assert!(d.message.contains("expected u32"), "{d}");
    }

    #[test]
    fn mod_layer_overrides_and_adds_by_id() {
        let (_b, layers) = tmp_layers(&[
            ("base", "ports.toml", "[[port]]\nid = \"wilmington\"\nprice = 10\n[[port]]\nid = \"charleston\"\nprice = 8\n"),
            ("mod", "ports.toml", "[[port]]\nid = \"charleston\"\nprice = 12\n[[port]]\nid = \"mobile\"\nprice = 7\n"),
        ]);
        let set = ContentSet::open(&layers, "g").unwrap();
        let ports = layered_records(set.parse::<Doc>("ports.toml").unwrap(), |d| d.port);
        let got: Vec<(&str, u32)> = ports.iter().map(|p| (p.id.as_str(), p.price)).collect();
        assert_eq!(got, vec![("wilmington", 10), ("charleston", 12), ("mobile", 7)]);
        assert!(set.path(ports[1].src).contains("mod"));
    }

    #[test]
    fn bad_reference_suggests_nearest_ids() {
        let (_b, layers) = tmp_layers(&[("base", "ports.toml", "[[port]]\nid = \"a\"\nprice = 1\nnear = \"wilmingtn\"\n")]);
        let set = ContentSet::open(&layers, "g").unwrap();
        let doc = set.parse_top::<Doc>("ports.toml").unwrap();
        let mut idx = IdIndex::new("port id");
        idx.insert("wilmington", 0u16);
        idx.insert("charleston", 1u16);
        let r = doc.rec.port[0].near.as_ref().unwrap();
        let d = set.resolve(doc.src, r, &idx).unwrap_err();
        assert_eq!((d.line, d.col), (4, 8));
        assert!(d.message.contains("unknown port id `wilmingtn`"), "{d}");
        assert!(d.message.contains("`wilmington`"), "{d}");
        assert!(!d.message.contains("charleston"), "{d}");
    }

    #[test]
    fn hash_changes_with_any_file_and_missing_folder_is_an_error() {
        let (_b, l1) = tmp_layers(&[("base", "x.toml", "a = 1\n")]);
        let (_c, l2) = tmp_layers(&[("base", "x.toml", "a = 2\n")]);
        let h1 = ContentSet::open(&l1, "g").unwrap().hash().to_string();
        let h2 = ContentSet::open(&l2, "g").unwrap().hash().to_string();
        assert_ne!(h1, h2);
        assert!(ContentSet::open(&l1, "nope").is_err());
    }

    #[test]
    fn line_col_counts_characters() {
        assert_eq!(line_col("ab\ncé d", 7), (2, 4));
        assert_eq!(line_col("", 5), (1, 1));
    }
}
