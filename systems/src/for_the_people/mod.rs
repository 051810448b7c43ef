//! For the People (GMT, 2nd edition): the content model and loader. The rules are a later
//! issue; until then `load` validates the whole content folder and reports `Ok(None)`.
//!
//! Rule numbers in comments (`FtP 12.1.4`) are the Spanish rulebook's (the base edition), as
//! restated in the digest /work/shared/rules/for-the-people.md.

pub mod battle;
pub mod content;
#[cfg(test)]
mod tests;

use bivouac_engine::content::{ContentSet, Diagnostics};
use bivouac_engine::session::AnyGame;
use std::path::PathBuf;

pub const DIR: &str = "for-the-people";
pub mod formulas;

/// Load and validate `content/for-the-people/` from `layers` (built-in first, then mods).
pub fn load_content(layers: &[PathBuf]) -> Result<content::Content, Diagnostics> {
    let set = ContentSet::open(layers, DIR)?;
    content::load_content(&set)
}

/// The game is not playable yet: its content loads and validates, the rules are a later issue.
pub fn load(layers: &[PathBuf]) -> Result<Option<Box<dyn AnyGame>>, Diagnostics> {
    load_content(layers)?;
    Ok(None)
}
