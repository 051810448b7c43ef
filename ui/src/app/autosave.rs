//! Where the app keeps its files: the autosave, saved games and the recent-games list, in the
//! user's data dir. Saves use the engine's `SaveFile` plus the CLI's optional `ai` map (seat name
//! -> agent kind), so a game started here continues on the command line and the other way.

use bivouac_engine::agent::AgentKind;
use bivouac_engine::save::{SaveError, SaveFile};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A save as the CLI writes it: the engine's save plus which seats the AI plays.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct AppSave {
    #[serde(flatten)]
    pub save: SaveFile,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub ai: BTreeMap<String, AgentKind>,
}

impl AppSave {
    pub fn read(path: &Path) -> Result<Self, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        // The engine checks the version and shape first, so an old or damaged save says so clearly.
        let save = SaveFile::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let ai = serde_json::from_str::<AppSave>(&text).map(|s| s.ai).unwrap_or_default();
        Ok(AppSave { save, ai })
    }

    /// Atomic write (temporary file, then rename), creating the folder if needed.
    pub fn write(&self, path: &Path) -> Result<(), String> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        let json = serde_json::to_string_pretty(self).expect("saves serialize");
        let tmp = path.with_extension("tmp-write");
        std::fs::write(&tmp, json).map_err(|e| SaveError::Io(format!("{}: {e}", tmp.display())).to_string())?;
        std::fs::rename(&tmp, path).map_err(|e| SaveError::Io(format!("{}: {e}", path.display())).to_string())
    }
}

/// The app's folder: `$BIVOUAC_DATA_DIR`, else `$XDG_DATA_HOME/bivouac`, else
/// `~/.local/share/bivouac`, else `./bivouac-data`.
pub fn default_data_dir() -> PathBuf {
    let env = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(d) = env("BIVOUAC_DATA_DIR") {
        return d;
    }
    if let Some(d) = env("XDG_DATA_HOME") {
        return d.join("bivouac");
    }
    if let Some(h) = env("HOME") {
        return h.join(".local").join("share").join("bivouac");
    }
    PathBuf::from("bivouac-data")
}

/// The files of one data dir.
#[derive(Clone, Debug)]
pub struct Store {
    pub dir: PathBuf,
}

const RECENT_MAX: usize = 8;

impl Store {
    pub fn new(dir: PathBuf) -> Self {
        Store { dir }
    }

    pub fn autosave_path(&self) -> PathBuf {
        self.dir.join("autosave.json")
    }

    pub fn saves_dir(&self) -> PathBuf {
        self.dir.join("saves")
    }

    fn recent_path(&self) -> PathBuf {
        self.dir.join("recent.json")
    }

    /// A fresh file name for a new save of `game` in the saves folder.
    pub fn new_save_path(&self, game: &str, scenario: &str) -> PathBuf {
        let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
        let base = format!("{game}-{scenario}-{secs}");
        let mut path = self.saves_dir().join(format!("{base}.json"));
        let mut n = 2;
        while path.exists() {
            path = self.saves_dir().join(format!("{base}-{n}.json"));
            n += 1;
        }
        path
    }

    /// The last game, if an autosave exists and reads.
    pub fn autosave(&self) -> Option<AppSave> {
        let p = self.autosave_path();
        if p.exists() { AppSave::read(&p).ok() } else { None }
    }

    pub fn write_autosave(&self, save: &AppSave) -> Result<(), String> {
        save.write(&self.autosave_path())
    }

    /// Recently saved or opened files, newest first, only those that still exist.
    pub fn recent(&self) -> Vec<PathBuf> {
        let Ok(text) = std::fs::read_to_string(self.recent_path()) else { return Vec::new() };
        let list: Vec<PathBuf> = serde_json::from_str(&text).unwrap_or_default();
        list.into_iter().filter(|p| p.exists()).collect()
    }

    pub fn add_recent(&self, path: &Path) {
        let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
        let mut list = self.recent();
        list.retain(|p| p != &path);
        list.insert(0, path);
        list.truncate(RECENT_MAX);
        let _ = std::fs::create_dir_all(&self.dir);
        let _ = std::fs::write(self.recent_path(), serde_json::to_string_pretty(&list).expect("paths serialize"));
    }
}
