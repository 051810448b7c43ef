//! Piles of cards.
