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
    /// The turn the game was in, for the launcher's list of autosaves (the save itself needs
    /// it not: replaying its actions gives it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<u32>,
}

impl AppSave {
    pub fn read(path: &Path) -> Result<Self, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        // The engine checks the version and shape first, so an old or damaged save says so clearly.
        let save = SaveFile::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let (ai, turn) = serde_json::from_str::<AppSave>(&text).map(|s| (s.ai, s.turn)).unwrap_or_default();
        Ok(AppSave { save, ai, turn })
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
/// Autosaves kept per game (For the People, Bobby Lee...): the games played last, one file each.
pub const AUTOSAVES_PER_GAME: usize = 10;

/// An autosave in the launcher's list.
#[derive(Clone, Debug)]
pub struct Autosave {
    pub path: PathBuf,
    pub save: AppSave,
    pub modified: std::time::SystemTime,
}

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

    /// The folder of the autosaves: one file per game played, the last
    /// [`AUTOSAVES_PER_GAME`] of each game kept.
    pub fn autosaves_dir(&self) -> PathBuf {
        self.dir.join("autosaves")
    }

    /// Whether `path` is one of the app's autosaves (opening one continues writing to it).
    pub fn is_autosave(&self, path: &Path) -> bool {
        path == self.autosave_path() || path.parent() == Some(self.autosaves_dir().as_path())
    }

    /// The autosave file of a game being started or opened now: a new file, after the oldest
    /// autosaves of that game beyond the kept number are removed to make room.
    pub fn new_autosave_path(&self, game: &str, scenario: &str) -> PathBuf {
        let mine: Vec<Autosave> = self.autosaves().into_iter().filter(|a| a.save.save.game == game && a.path != self.autosave_path()).collect();
        for old in mine.iter().skip(AUTOSAVES_PER_GAME - 1) {
            let _ = std::fs::remove_file(&old.path);
        }
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
        let mut path = self.autosaves_dir().join(format!("{game}-{scenario}-{nanos}.json"));
        let mut n = 2;
        while path.exists() {
            path = self.autosaves_dir().join(format!("{game}-{scenario}-{nanos}-{n}.json"));
            n += 1;
        }
        path
    }

    /// Every autosave that reads, newest first (the old single `autosave.json` among them).
    pub fn autosaves(&self) -> Vec<Autosave> {
        let files = std::fs::read_dir(self.autosaves_dir()).into_iter().flatten().flatten().map(|e| e.path());
        let mut list: Vec<Autosave> = files
            .chain(Some(self.autosave_path()))
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .filter_map(|path| {
                let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok()?;
                let save = AppSave::read(&path).ok()?;
                Some(Autosave { path, save, modified })
            })
            .collect();
        list.sort_by(|a, b| b.modified.cmp(&a.modified).then_with(|| b.path.cmp(&a.path)));
        list
    }

    /// The last game autosaved, if any.
    pub fn autosave(&self) -> Option<AppSave> {
        self.autosaves().into_iter().next().map(|a| a.save)
    }

    pub fn write_autosave(&self, path: &Path, save: &AppSave) -> Result<(), String> {
        save.write(path)
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

/// How long ago `t` was, in a player's words ("just now", "5 min ago", "3 h ago", "2 days ago").
pub fn ago(t: std::time::SystemTime) -> String {
    let secs = std::time::SystemTime::now().duration_since(t).map(|d| d.as_secs()).unwrap_or(0);
    match secs {
        0..60 => "just now".into(),
        60..3600 => format!("{} min ago", secs / 60),
        3600..86400 => format!("{} h ago", secs / 3600),
        _ => format!("{} days ago", secs / 86400),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bivouac_engine::Setup;

    fn save(game: &str) -> AppSave {
        let save = SaveFile { format: bivouac_engine::save::SAVE_FORMAT, game: game.into(), content_hash: String::new(), setup: Setup::new("s", 2, 1), actions: Vec::new() };
        AppSave { save, ai: BTreeMap::new(), turn: Some(3) }
    }

    /// Each game played gets its own autosave; the last ten of each game are kept, newest first,
    /// and another game's autosaves are never removed to make room.
    #[test]
    fn autosaves_rotate_per_game_and_list_newest_first() {
        let dir = std::env::temp_dir().join(format!("bivouac-autosaves-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::new(dir.clone());
        let other = store.new_autosave_path("gcacw", "cedar-mountain");
        store.write_autosave(&other, &save("gcacw")).unwrap();
        let mut written = Vec::new();
        for _ in 0..13 {
            let p = store.new_autosave_path("bobby-lee", "1861");
            store.write_autosave(&p, &save("bobby-lee")).unwrap();
            written.push(p);
            std::thread::sleep(std::time::Duration::from_millis(15));
        }
        let list = store.autosaves();
        let bl: Vec<&PathBuf> = list.iter().filter(|a| a.save.save.game == "bobby-lee").map(|a| &a.path).collect();
        assert_eq!(bl.len(), AUTOSAVES_PER_GAME, "the last ten games of Bobby Lee are kept");
        let newest: Vec<&PathBuf> = written.iter().rev().take(AUTOSAVES_PER_GAME).collect();
        assert_eq!(bl, newest, "newest first, the oldest removed");
        assert!(list.iter().any(|a| a.path == other), "another game's autosave stays");
        assert_eq!(list[0].save.turn, Some(3));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
