//! The Bivouac program: the command line ([`cli`]) and, later, the desktop app.
pub mod cli;
