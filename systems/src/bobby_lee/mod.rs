//! Not yet written: the content loader and rules of this game.

use bivouac_engine::content::Diagnostics;
use bivouac_engine::session::AnyGame;
use std::path::PathBuf;

pub const DIR: &str = "bobby-lee";

pub fn load(_layers: &[PathBuf]) -> Result<Option<Box<dyn AnyGame>>, Diagnostics> {
    Ok(None)
}
