//! Point-to-point maps on petgraph.
