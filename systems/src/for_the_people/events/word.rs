//! An option of an event's question (FtP 4.2): one word, kept once per process and named by a
//! number, so the action that picks it (`Action::Choose`) is plain `Copy` data (a
//! `String` in `Action` made every listing's actions 32 bytes and every dropped listing a
//! loop over them; the Strategic step lists ~1,400 actions).
//!
//! A word reads, compares in order, hashes, prints and saves as its text: the number is never
//! seen, so it does not matter which thread met a word first. The table only grows, and at
//! most `MAX_WORDS` distinct words are kept: a script that invents more fails (`Word::new`
//! refuses it) instead of filling the memory.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{OnceLock, RwLock};

/// Most distinct words a process keeps (the built-in cards use a few hundred).
const MAX_WORDS: usize = 1 << 16;

#[derive(Default)]
struct Words {
    text: Vec<&'static str>,
    number: rustc_hash::FxHashMap<&'static str, u32>,
}

impl Words {
    /// The number of `text`, kept now if it is new and there is room.
    fn number(&mut self, text: &str) -> Option<u32> {
        if let Some(&n) = self.number.get(text) {
            return Some(n);
        }
        if self.text.len() >= MAX_WORDS {
            return None;
        }
        let n = self.text.len() as u32;
        let kept: &'static str = Box::leak(text.into());
        self.text.push(kept);
        self.number.insert(kept, n);
        Some(n)
    }
}

fn words() -> &'static RwLock<Words> {
    static WORDS: OnceLock<RwLock<Words>> = OnceLock::new();
    WORDS.get_or_init(Default::default)
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Word(u32);

impl Word {
    /// The word `text`, refused once `MAX_WORDS` other words are kept.
    pub fn new(text: &str) -> Result<Word, String> {
        if let Some(&n) = words().read().unwrap_or_else(|e| e.into_inner()).number.get(text) {
            return Ok(Word(n));
        }
        let n = words().write().unwrap_or_else(|e| e.into_inner()).number(text);
        n.map(Word).ok_or_else(|| format!("more than {MAX_WORDS} distinct event option words in this process"))
    }

    pub fn as_str(self) -> &'static str {
        words().read().unwrap_or_else(|e| e.into_inner()).text[self.0 as usize]
    }
}

/// Tests name options as text.
#[cfg(test)]
impl From<&str> for Word {
    fn from(text: &str) -> Word {
        Word::new(text).expect("room for a test's word")
    }
}

impl PartialOrd for Word {
    fn partial_cmp(&self, other: &Word) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Word {
    fn cmp(&self, other: &Word) -> std::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Hash for Word {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.as_str().hash(h)
    }
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl Serialize for Word {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Word {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Word, D::Error> {
        let text = String::deserialize(d)?;
        Word::new(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::{MAX_WORDS, Word, Words};

    /// FtP 4.2: an option is its text: the same text is the same word, and words order, print
    /// and save as their text whichever was met first.
    #[test]
    fn a_word_is_its_text_fpt_4_2() {
        let (b, a) = (Word::new("word-test-b").unwrap(), Word::new("word-test-a").unwrap());
        assert_eq!(Word::new("word-test-b"), Ok(b));
        assert_ne!(a, b);
        assert!(a < b, "ordered by text, not by when met");
        assert_eq!((a.to_string(), format!("{b:?}")), ("word-test-a".to_string(), "\"word-test-b\"".to_string()));
        assert_eq!(serde_json::to_string(&a).unwrap(), "\"word-test-a\"");
        assert_eq!(serde_json::from_str::<Word>("\"word-test-b\"").unwrap(), b);
        let other_thread = std::thread::spawn(|| Word::new("word-test-a").unwrap()).join().unwrap();
        assert_eq!(other_thread, a, "one table for every thread");
    }

    /// A script inventing words without end fills the table, not the memory: past
    /// `MAX_WORDS` a new word is refused, and the words kept still answer.
    #[test]
    fn the_table_of_words_is_bounded() {
        let mut words = Words::default();
        for i in 0..MAX_WORDS {
            assert_eq!(words.number(&i.to_string()), Some(i as u32));
        }
        assert_eq!(words.number("one-too-many"), None);
        assert_eq!(words.number("7"), Some(7));
    }
}
