//! Bivouac app library.
