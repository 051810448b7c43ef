//! The Bivouac program: the command line ([`cli`]) and the desktop app ([`app`]).
pub mod app;
pub mod builtin;
pub mod cli;
