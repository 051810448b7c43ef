//! The built-in content, embedded in the program at build time (`build.rs`): the rules a game
//! is played with never depend on the folder the user stands in, nor on where the program was
//! built. `--content DIR` replaces it explicitly.
//!
//! The content loader reads folders, so the embedded files are laid out once in a folder of
//! the user's cache named after their hash, and checked file by file at every start (a folder
//! changed by hand, or made by someone else in a shared temporary folder, is not used).

use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// Every file of `content/`'s game folders: its path relative to `content/` and its bytes.
static FILES: &[(&str, &[u8])] = include!(concat!(env!("OUT_DIR"), "/builtin_content.rs"));

/// The folder holding the built-in content (see the module docs).
pub fn content_dir() -> Result<PathBuf, String> {
    let mut h = Sha256::new();
    for (rel, bytes) in FILES {
        h.update(rel.as_bytes());
        h.update([0]);
        h.update(bytes);
        h.update([0]);
    }
    let hash: String = h.finalize().iter().take(8).map(|b| format!("{b:02x}")).collect();
    let base = cache_base();
    let dir = base.join(format!("content-{hash}"));
    if matches(&dir) {
        return Ok(dir);
    }
    // Laid out in a folder of its own, then renamed into place: a second process doing the
    // same at once finds one whole folder or the other, never half of one.
    std::fs::create_dir_all(&base).map_err(|e| format!("cannot make {}: {e}", base.display()))?;
    let tmp = base.join(format!(".content-{hash}.{}.tmp", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    for (rel, bytes) in FILES {
        let path = tmp.join(rel);
        let made = path.parent().map_or(Ok(()), std::fs::create_dir_all).and_then(|()| std::fs::write(&path, bytes));
        made.map_err(|e| format!("cannot lay out the built-in content in {}: {e}", tmp.display()))?;
    }
    // Another process may have put the same folder in place meanwhile: then it is used as it is.
    // Only a folder that differs from the embedded files (stale or altered) is set aside (and
    // never read again) so the new one can go in.
    for _ in 0..3 {
        if std::fs::rename(&tmp, &dir).is_ok() || matches(&dir) {
            let _ = std::fs::remove_dir_all(&tmp);
            if matches(&dir) {
                return Ok(dir);
            }
        }
        let old = base.join(format!(".content-{hash}.{}.old", std::process::id()));
        if std::fs::rename(&dir, &old).is_ok() {
            let _ = std::fs::remove_dir_all(&old);
        }
        if !tmp.exists() {
            break;
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    if matches(&dir) {
        return Ok(dir);
    }
    Err(format!("cannot lay out the built-in content in {}", dir.display()))
}

/// The user's cache folder for Bivouac: `$XDG_CACHE_HOME/bivouac`, `~/.cache/bivouac`, else a
/// folder of the system's temporary folder.
fn cache_base() -> PathBuf {
    let home = std::env::var_os("XDG_CACHE_HOME").filter(|v| !v.is_empty()).map(PathBuf::from).or_else(|| {
        std::env::var_os("HOME").or_else(|| std::env::var_os("USERPROFILE")).filter(|v| !v.is_empty()).map(|h| PathBuf::from(h).join(".cache"))
    });
    home.unwrap_or_else(std::env::temp_dir).join("bivouac")
}

/// Whether `dir` holds exactly the embedded files: the same paths and bytes, nothing more (no
/// symbolic link, no other file a game would read).
fn matches(dir: &Path) -> bool {
    let mut found = Vec::new();
    if !list(dir, dir, &mut found) || found.len() != FILES.len() {
        return false;
    }
    found.sort();
    let mut expected: Vec<&str> = FILES.iter().map(|(rel, _)| *rel).collect();
    expected.sort();
    found.iter().map(String::as_str).eq(expected.iter().copied())
        && FILES.iter().all(|(rel, bytes)| std::fs::read(dir.join(rel)).is_ok_and(|b| b == *bytes))
}

fn list(root: &Path, dir: &Path, out: &mut Vec<String>) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else { return false };
    for e in entries {
        let Ok(e) = e else { return false };
        let Ok(kind) = e.file_type() else { return false };
        let path = e.path();
        if kind.is_dir() {
            if !list(root, &path, out) {
                return false;
            }
        } else if kind.is_file() {
            let rel = path.strip_prefix(root).map(|r| r.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/"));
            let Ok(rel) = rel else { return false };
            out.push(rel);
        } else {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_embedded_content_is_laid_out_and_checked() {
        let dir = super::content_dir().unwrap();
        assert!(super::matches(&dir));
        assert!(dir.join("blockade-runner/game.toml").is_file());
        assert!(super::FILES.iter().all(|(rel, _)| !rel.ends_with("README.md")));
    }
}
