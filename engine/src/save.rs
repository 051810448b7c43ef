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

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveError {
    Io(String),
    /// Not JSON, truncated, or missing fields.
    Corrupt(String),
    WrongFormat { found: u32 },
    WrongGame { found: String, expected: String },
    WrongContent { found: String, expected: String },
    /// The setup was refused (unknown scenario, bad options).
    Setup(String),
    /// Action number `index` (1-based) no longer applies: the log was edited or is inconsistent.
    Replay { index: usize, action: String, reason: String },
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Io(e) => write!(f, "cannot read or write the save: {e}"),
            SaveError::Corrupt(e) => write!(f, "the save is damaged or not a Bivouac save: {e}"),
            SaveError::WrongFormat { found } => {
                write!(f, "the save has format version {found}; this Bivouac reads version {SAVE_FORMAT}")
            }
            SaveError::WrongGame { found, expected } => write!(f, "the save is a game of `{found}`, not `{expected}`"),
            SaveError::WrongContent { found, expected } => write!(
                f,
                "the save was played with other rules content (hash {found}; the loaded content is {expected}); load it with the same content or mods"
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

    /// Write atomically (temporary file, then rename): a crash never leaves half a save.
    pub fn write(&self, path: &Path) -> Result<(), SaveError> {
        let tmp = path.with_extension("tmp-write");
        std::fs::write(&tmp, self.to_json()).map_err(|e| SaveError::Io(format!("{}: {e}", tmp.display())))?;
        std::fs::rename(&tmp, path).map_err(|e| SaveError::Io(format!("{}: {e}", path.display())))
    }
}
