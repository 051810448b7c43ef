//! The save file: JSON with the format version, the game, the setup, the content hash and the
//! action log in notation. Loading a save replays its log ([`crate::session`]).

use crate::game::{Seat, Setup};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::Path;

pub const SAVE_FORMAT: u32 = 1;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedAction {
    pub seat: Seat,
    pub action: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveFile {
    pub format: u32,
    pub game: String,
    pub content_hash: String,
    #[serde(flatten)]
    pub setup: Setup,
    pub actions: Vec<SavedAction>,
}

/// What a player is told when a save played with other content (an older Bivouac, other mods)
/// loads: every action replayed, and play goes on by the rules loaded now.
pub const OTHER_CONTENT: &str =
    "this save was played with other rules content (an older Bivouac or other mods); every action replayed, and the game goes on by the rules loaded now";

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveError {
    Io(String),
    /// Another writer holds the save (or replaced it while this one was reading it).
    Busy(String),
    /// Not JSON, truncated, or missing fields.
    Corrupt(String),
    WrongFormat { found: u32 },
    WrongGame { found: String, expected: String },
    /// Played with other content, and no longer replays with this one (`why`).
    WrongContent { found: String, expected: String, why: String },
    /// The setup was refused (unknown scenario, bad options).
    Setup(String),
    /// Action number `index` (1-based) no longer applies: the log was edited or is inconsistent.
    Replay { index: usize, action: String, reason: String },
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Io(e) => write!(f, "cannot read or write the save: {e}"),
            SaveError::Busy(path) => write!(
                f,
                "{path} is being changed by another bivouac command at this moment; nothing was played: try again once it is done"
            ),
            SaveError::Corrupt(e) => write!(f, "the save is damaged or not a Bivouac save: {e}"),
            SaveError::WrongFormat { found } => {
                write!(f, "the save has format version {found}; this Bivouac reads version {SAVE_FORMAT}")
            }
            SaveError::WrongGame { found, expected } => write!(f, "the save is a game of `{found}`, not `{expected}`"),
            SaveError::WrongContent { found, expected, why } => write!(
                f,
                "the save was played with other rules content (hash {found}; the loaded content is {expected}) and no longer replays with this one: {why}; load it with the content or mods it was played with"
            ),
            SaveError::Setup(e) => write!(f, "the save's setup is refused: {e}"),
            SaveError::Replay { index, action, reason } => {
                write!(f, "the save does not replay: action {index} `{action}` is refused: {reason}")
            }
        }
    }
}

impl std::error::Error for SaveError {}

impl SaveFile {
    pub fn from_json(text: &str) -> Result<Self, SaveError> {
        // Check the version before the shape, so an old or future save says so clearly.
        let raw: serde_json::Value = serde_json::from_str(text).map_err(|e| SaveError::Corrupt(e.to_string()))?;
        match raw.get("format").and_then(|v| v.as_u64()) {
            Some(v) if v == SAVE_FORMAT as u64 => {}
            Some(v) => return Err(SaveError::WrongFormat { found: v as u32 }),
            None => return Err(SaveError::Corrupt("no `format` field".into())),
        }
        serde_json::from_value(raw).map_err(|e| SaveError::Corrupt(e.to_string()))
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("saves serialize")
    }

    pub fn read(path: &Path) -> Result<Self, SaveError> {
        let text = std::fs::read_to_string(path).map_err(|e| SaveError::Io(format!("{}: {e}", path.display())))?;
        Self::from_json(&text)
    }

    /// Write atomically (see [`write_atomic`]): a crash never leaves half a save.
    pub fn write(&self, path: &Path) -> Result<(), SaveError> {
        write_atomic(path, self.to_json().as_bytes())
    }
}

/// Write `bytes` to `path` atomically: into a temporary file of its own in the same folder
/// (named after this process and an instant, created only if new, so two writers never share
/// one), flushed to disk, then renamed over `path`. A reader sees the old file or the new one,
/// never half of either; a failed write leaves `path` untouched and no temporary file behind.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), SaveError> {
    use std::io::Write;
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let io = |p: &Path, e: std::io::Error| SaveError::Io(format!("{}: {e}", p.display()));
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "save".into());
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let tmp = path.with_file_name(format!(".{name}.{}.{nanos}.{}.tmp", std::process::id(), COUNT.fetch_add(1, Ordering::Relaxed)));
    let written = (|| {
        let mut file = std::fs::OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()
    })();
    if let Err(e) = written.and_then(|()| std::fs::rename(&tmp, path)) {
        let _ = std::fs::remove_file(&tmp);
        return Err(io(path, e));
    }
    Ok(())
}

/// A save held for one read-modify-write (a move, an undo): an exclusive advisory lock on the
/// save's file, released when dropped (or when the process ends, however it ends). A second
/// writer is refused while the first holds it, so no move is lost to a race: without the lock,
/// two writers that read the same log each wrote their own move over it and one was dropped.
#[derive(Debug)]
pub struct SaveLock {
    _file: std::fs::File,
    /// The save's text, read under the lock.
    pub text: String,
}

impl SaveLock {
    /// Lock the save at `path` and read it. Refused ([`SaveError::Busy`]) when another writer
    /// holds it, or replaced it between this opening the file and locking it.
    pub fn acquire(path: &Path) -> Result<SaveLock, SaveError> {
        use std::io::Read;
        let io = |e: std::io::Error| SaveError::Io(format!("{}: {e}", path.display()));
        let mut file = std::fs::File::open(path).map_err(io)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => return Err(SaveError::Busy(path.display().to_string())),
            Err(std::fs::TryLockError::Error(e)) => return Err(io(e)),
        }
        // The file locked must still be the save: a writer that finished meanwhile renamed a
        // new file over it, and this one's log is out of date.
        let current = std::fs::metadata(path).map_err(io)?;
        if !same_file(&file.metadata().map_err(io)?, &current) {
            return Err(SaveError::Busy(path.display().to_string()));
        }
        let mut text = String::new();
        file.read_to_string(&mut text).map_err(io)?;
        Ok(SaveLock { _file: file, text })
    }
}

#[cfg(unix)]
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}

#[cfg(not(unix))]
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    (a.len(), a.modified().ok()) == (b.len(), b.modified().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("bivouac-save-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn writes_replace_the_file_whole_and_leave_nothing_behind() {
        let dir = temp("atomic");
        let path = dir.join("game.json");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        // A folder where the save should go: an error, and no temporary file left.
        let err = write_atomic(&dir, b"x").unwrap_err();
        assert!(matches!(err, SaveError::Io(_)), "{err}");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_second_writer_is_refused_while_the_first_holds_the_save() {
        let dir = temp("lock");
        let path = dir.join("game.json");
        write_atomic(&path, b"[]").unwrap();
        let first = SaveLock::acquire(&path).unwrap();
        assert_eq!(first.text, "[]");
        let second = SaveLock::acquire(&path).unwrap_err();
        assert!(matches!(second, SaveError::Busy(_)), "{second}");
        assert!(second.to_string().contains("another bivouac command"), "{second}");
        drop(first);
        assert!(SaveLock::acquire(&path).is_ok());
        std::fs::remove_dir_all(&dir).ok();
    }

    /// Writers racing on one save, each adding one entry under the lock: every writer told it
    /// succeeded has its entry in the file (none lost), the others were refused.
    #[test]
    fn racing_writers_lose_nothing() {
        let dir = temp("race");
        let path = dir.join("game.json");
        write_atomic(&path, b"[]").unwrap();
        let done = std::sync::atomic::AtomicUsize::new(0);
        std::thread::scope(|s| {
            for t in 0..4 {
                let (path, done) = (&path, &done);
                s.spawn(move || {
                    for i in 0..50 {
                        let Ok(lock) = SaveLock::acquire(path) else { continue };
                        let mut v: Vec<String> = serde_json::from_str(&lock.text).unwrap();
                        v.push(format!("{t}-{i}"));
                        write_atomic(path, serde_json::to_string(&v).unwrap().as_bytes()).unwrap();
                        drop(lock);
                        done.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    }
                });
            }
        });
        let v: Vec<String> = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(v.len(), done.load(std::sync::atomic::Ordering::SeqCst));
        assert!(!v.is_empty());
        std::fs::remove_dir_all(&dir).ok();
    }
}
