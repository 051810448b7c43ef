//! Maps: point-to-point graphs ([`graph`]) and hex maps ([`hex`]).
pub mod graph;
pub mod hex;
