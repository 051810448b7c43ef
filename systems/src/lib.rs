//! The rules of each game Bivouac plays, one module per game, over the engine's contract.
