//! The rules of each game Bivouac plays, one module per game, over the engine's contract.
//!
//! Each module exposes `load(layers) -> Result<Option<Box<dyn AnyGame>>, Diagnostics>`: it reads
//! and checks its content folder from the layers (built-in content first, then mods) and returns
//! the playable game, or `None` while only its content exists.
//!
//! Every rule in code cites its rulebook section, as `// BR 3.5.4`, `// FtP 7.10`, `// BL 6.33`
//! or `// GCACW 9.2`, and every rule section has a test that cites it too.

use bivouac_engine::content::Diagnostics;
use bivouac_engine::session::AnyGame;
use std::path::{Path, PathBuf};

pub mod blockade_runner;
pub mod bobby_lee;
pub mod for_the_people;
pub mod gcacw;
pub mod fuzz_targets;
#[cfg(test)]
mod examples_tests;
pub mod words;
#[cfg(test)]
mod leak_tests;
#[cfg(test)]
mod words_tests;
#[cfg(test)]
mod seeded_games;
#[cfg(test)]
mod hook_testkit;

type Loader = fn(&[PathBuf]) -> Result<Option<Box<dyn AnyGame>>, Diagnostics>;

/// Every game module: its content folder and its loader.
pub const MODULES: &[(&str, Loader)] = &[
    (blockade_runner::DIR, blockade_runner::load),
    (for_the_people::DIR, for_the_people::load),
    (bobby_lee::DIR, bobby_lee::load),
    (gcacw::DIR, gcacw::load),
];

/// The content folder of every game, as a mod or content folder must name them.
pub fn game_folders() -> Vec<&'static str> {
    MODULES.iter().map(|(dir, _)| *dir).collect()
}

/// All games whose content loaded, and the diagnostics of those whose content did not.
#[derive(Default)]
pub struct Catalog {
    pub games: Vec<Box<dyn AnyGame>>,
    pub errors: Vec<(String, Diagnostics)>,
    /// Content folders that validated but have no playable rules yet.
    pub content_only: Vec<String>,
}

impl Catalog {
    pub fn game(&self, id: &str) -> Option<&dyn AnyGame> {
        self.games.iter().find(|g| g.id() == id).map(|g| &**g)
    }
}

/// Load every game from `layers`. A layer is a folder holding one sub-folder per game; a mod
/// layer holds only what it overrides. A game folder absent from every layer is skipped.
pub fn load_catalog(layers: &[PathBuf]) -> Catalog {
    let mut catalog = Catalog::default();
    for (dir, load) in MODULES {
        if !layers.first().is_some_and(|l| l.join(dir).is_dir()) {
            continue;
        }
        match load(layers) {
            Ok(Some(game)) => catalog.games.push(game),
            Ok(None) => catalog.content_only.push(dir.to_string()),
            Err(d) => catalog.errors.push((dir.to_string(), d)),
        }
    }
    catalog
}

/// The source tree's content folder, for tests and tools built from it. The program itself
/// carries its own copy (ui/src/builtin.rs) and never reads content from the current directory.
pub fn builtin_content_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("content")
}

#[cfg(test)]
mod options_tests;
#[cfg(test)]
mod prompt_tests;

#[cfg(test)]
mod tests {
    #[test]
    fn the_built_in_content_passes_the_mod_folder_check() {
        let games = super::game_folders();
        assert_eq!(bivouac_engine::mod_folder::check(&super::builtin_content_dir(), true, &games), Ok(()));
    }
}
