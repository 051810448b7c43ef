//! Hex maps on hexx axial coordinates.
