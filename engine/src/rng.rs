//! The game's random stream. It lives inside the state (so a clone or a save carries it) and
//! every die, shuffle and draw is computed here from ChaCha8's raw 32-bit words, so the same
//! seed gives the same game on every machine and across dependency upgrades.

use rand::{Rng as _, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A seeded ChaCha8 stream; serialized as its seed and position.
#[derive(Clone, Debug)]
pub struct GameRng {
    seed: u64,
    inner: ChaCha8Rng,
}

impl GameRng {
    pub fn new(seed: u64) -> Self {
        GameRng { seed, inner: ChaCha8Rng::seed_from_u64(seed) }
    }

    /// How many 32-bit words have been consumed; changes whenever randomness is used.
    pub fn position(&self) -> u64 {
        self.inner.get_word_pos() as u64
    }

    fn word(&mut self) -> u32 {
        self.inner.next_u32()
    }

    /// A uniform integer in `0..n` (n > 0), by rejection so there is no bias.
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "GameRng::below(0)");
        let zone = u32::MAX - (u32::MAX % n);
        loop {
            let w = self.word();
            if w < zone {
                return w % n;
            }
        }
    }

    /// One die with `sides` faces: 1..=sides.
    pub fn roll(&mut self, sides: u32) -> u32 {
        self.below(sides) + 1
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// Pick an index in `0..len` (len > 0).
    pub fn pick(&mut self, len: usize) -> usize {
        self.below(len as u32) as usize
    }
}

impl PartialEq for GameRng {
    fn eq(&self, other: &Self) -> bool {
        self.seed == other.seed && self.position() == other.position()
    }
}
impl Eq for GameRng {}

impl std::hash::Hash for GameRng {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.seed.hash(state);
        self.position().hash(state);
    }
}

#[derive(Serialize, Deserialize)]
struct RngState {
    seed: u64,
    position: u64,
}

impl Serialize for GameRng {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        RngState { seed: self.seed, position: self.position() }.serialize(s)
    }
}

impl<'de> Deserialize<'de> for GameRng {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let st = RngState::deserialize(d)?;
        let mut rng = GameRng::new(st.seed);
        rng.inner.set_word_pos(st.position as u128);
        Ok(rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let mut a = GameRng::new(7);
        let mut b = GameRng::new(7);
        let xs: Vec<u32> = (0..100).map(|_| a.roll(6)).collect();
        let ys: Vec<u32> = (0..100).map(|_| b.roll(6)).collect();
        assert_eq!(xs, ys);
        assert!(xs.iter().all(|&x| (1..=6).contains(&x)));
    }

    #[test]
    fn known_values_never_change() {
        // Saves replay from these numbers: if this test fails, every old save breaks.
        let mut r = GameRng::new(42);
        let rolls: Vec<u32> = (0..10).map(|_| r.roll(6)).collect();
        assert_eq!(rolls, PINNED_SEED_42);
    }

    const PINNED_SEED_42: [u32; 10] = [4, 4, 5, 1, 3, 3, 5, 4, 1, 3];

    #[test]
    fn serde_round_trip_keeps_position() {
        let mut r = GameRng::new(3);
        for _ in 0..17 {
            r.roll(8);
        }
        let json = serde_json::to_string(&r).unwrap();
        let mut back: GameRng = serde_json::from_str(&json).unwrap();
        assert_eq!(r, back);
        assert_eq!(r.clone().roll(1000), back.roll(1000));
    }

    #[test]
    fn shuffle_is_a_permutation_and_uniformish() {
        let mut r = GameRng::new(1);
        let mut counts = [0u32; 4];
        for _ in 0..4000 {
            let mut v = [0, 1, 2, 3];
            r.shuffle(&mut v);
            let mut s = v;
            s.sort();
            assert_eq!(s, [0, 1, 2, 3]);
            counts[v[0]] += 1;
        }
        assert!(counts.iter().all(|&c| (850..1150).contains(&c)), "{counts:?}");
    }
}
