//! Not yet written: Blockade Runner.

use bivouac_engine::content::Diagnostics;
use bivouac_engine::session::AnyGame;
use std::path::PathBuf;

pub const DIR: &str = "blockade-runner";

pub fn load(_layers: &[PathBuf]) -> Result<Option<Box<dyn AnyGame>>, Diagnostics> {
    Ok(None)
}
