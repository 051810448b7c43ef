//! A compact, exact byte key of any serializable value (keying a per-position cache by
//! the state's JSON cost more than some of the work it saved).
//!
//! Two values of the same type give the same key exactly when they serialize the same: every
//! part is written with its length or a marker, so no two serializations give the same bytes
//! (no hash, no collision). Numbers are written in their fixed width, strings with their
//! length, options, variants and skipped struct fields with a marker or index, sequences and
//! maps entry by entry behind a continuation byte. A map whose iteration order is not fixed
//! (a `HashMap`) may give two keys for equal values: a cache keyed on it then misses, never
//! errs. Not a format: the bytes are for comparison only, within one process. Also
//! [`same_list`], the fast `==` of two lists that exact keys compared field by field use.

use serde::ser::{self, Serialize};
use std::fmt;

/// `a == b` for two lists, every element compared without stopping at the first difference: a
/// loop the compiler vectorizes (a derived `==` of enums, such as a map's control per space, is
/// about 15 times slower), and two empty lists never reach `memcmp` (on AVX-512 machines glibc's
/// `memcmp` of an empty list never allocated takes ~100 ns: a masked load at its dangling
/// address). The games' caches compare whole states, list by list, at every action.
pub fn same_list<T: PartialEq>(a: &[T], b: &[T]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(true, |same, (x, y)| same & (x == y))
}

/// The key of `value`, or why it does not serialize.
pub fn state_key<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>, KeyError> {
    let mut out = Key(Vec::with_capacity(1024));
    value.serialize(&mut out)?;
    Ok(out.0)
}

/// A value that refused to serialize (its own `Serialize` reported an error).
#[derive(Debug)]
pub struct KeyError(String);

impl fmt::Display for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for KeyError {}

impl ser::Error for KeyError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        KeyError(msg.to_string())
    }
}

struct Key(Vec<u8>);

impl Key {
    fn len(&mut self, n: usize) {
        self.0.extend_from_slice(&(n as u64).to_le_bytes());
    }
}

type R = Result<(), KeyError>;

impl ser::Serializer for &mut Key {
    type Ok = ();
    type Error = KeyError;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    fn serialize_bool(self, v: bool) -> R {
        self.0.push(v as u8);
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> R {
        self.0.extend_from_slice(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_i16(self, v: i16) -> R {
        self.0.extend_from_slice(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_i32(self, v: i32) -> R {
        self.0.extend_from_slice(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_i64(self, v: i64) -> R {
        self.0.extend_from_slice(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_i128(self, v: i128) -> R {
        self.0.extend_from_slice(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> R {
        self.0.push(v);
        Ok(())
    }
    fn serialize_u16(self, v: u16) -> R {
        self.0.extend_from_slice(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_u32(self, v: u32) -> R {
        self.0.extend_from_slice(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_u64(self, v: u64) -> R {
        self.0.extend_from_slice(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_u128(self, v: u128) -> R {
        self.0.extend_from_slice(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> R {
        self.0.extend_from_slice(&v.to_bits().to_le_bytes());
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> R {
        self.0.extend_from_slice(&v.to_bits().to_le_bytes());
        Ok(())
    }
    fn serialize_char(self, v: char) -> R {
        self.serialize_u32(v as u32)
    }
    fn serialize_str(self, v: &str) -> R {
        self.serialize_bytes(v.as_bytes())
    }
    fn serialize_bytes(self, v: &[u8]) -> R {
        self.len(v.len());
        self.0.extend_from_slice(v);
        Ok(())
    }
    fn serialize_none(self) -> R {
        self.0.push(0);
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> R {
        self.0.push(1);
        value.serialize(self)
    }
    fn serialize_unit(self) -> R {
        Ok(())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> R {
        Ok(())
    }
    fn serialize_unit_variant(self, _name: &'static str, index: u32, _variant: &'static str) -> R {
        self.serialize_u32(index)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _name: &'static str, value: &T) -> R {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(self, _name: &'static str, index: u32, _variant: &'static str, value: &T) -> R {
        self.serialize_u32(index)?;
        value.serialize(self)
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self, KeyError> {
        Ok(self)
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self, KeyError> {
        Ok(self)
    }
    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<Self, KeyError> {
        Ok(self)
    }
    fn serialize_tuple_variant(self, _name: &'static str, index: u32, _variant: &'static str, _len: usize) -> Result<Self, KeyError> {
        self.serialize_u32(index)?;
        Ok(self)
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self, KeyError> {
        Ok(self)
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self, KeyError> {
        Ok(self)
    }
    fn serialize_struct_variant(self, _name: &'static str, index: u32, _variant: &'static str, _len: usize) -> Result<Self, KeyError> {
        self.serialize_u32(index)?;
        Ok(self)
    }
}

/// Sequences and maps: each entry behind a 1, the end a 0 (the length need not be known).
impl ser::SerializeSeq for &mut Key {
    type Ok = ();
    type Error = KeyError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> R {
        self.0.push(1);
        value.serialize(&mut **self)
    }
    fn end(self) -> R {
        self.0.push(0);
        Ok(())
    }
}

impl ser::SerializeMap for &mut Key {
    type Ok = ();
    type Error = KeyError;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> R {
        self.0.push(1);
        key.serialize(&mut **self)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> R {
        value.serialize(&mut **self)
    }
    fn end(self) -> R {
        self.0.push(0);
        Ok(())
    }
}

/// Tuples have a fixed arity per type: their elements one after another.
impl ser::SerializeTuple for &mut Key {
    type Ok = ();
    type Error = KeyError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> R {
        value.serialize(&mut **self)
    }
    fn end(self) -> R {
        Ok(())
    }
}

impl ser::SerializeTupleStruct for &mut Key {
    type Ok = ();
    type Error = KeyError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> R {
        value.serialize(&mut **self)
    }
    fn end(self) -> R {
        Ok(())
    }
}

impl ser::SerializeTupleVariant for &mut Key {
    type Ok = ();
    type Error = KeyError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> R {
        value.serialize(&mut **self)
    }
    fn end(self) -> R {
        Ok(())
    }
}

/// Struct fields in their fixed order, each behind a 1; a skipped field is a 0.
impl ser::SerializeStruct for &mut Key {
    type Ok = ();
    type Error = KeyError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, _key: &'static str, value: &T) -> R {
        self.0.push(1);
        value.serialize(&mut **self)
    }
    fn skip_field(&mut self, _key: &'static str) -> R {
        self.0.push(0);
        Ok(())
    }
    fn end(self) -> R {
        Ok(())
    }
}

impl ser::SerializeStructVariant for &mut Key {
    type Ok = ();
    type Error = KeyError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, _key: &'static str, value: &T) -> R {
        self.0.push(1);
        value.serialize(&mut **self)
    }
    fn skip_field(&mut self, _key: &'static str) -> R {
        self.0.push(0);
        Ok(())
    }
    fn end(self) -> R {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;
    use std::collections::BTreeMap;

    /// `same_list` is `==` of two lists: same length, same elements in the same order.
    #[test]
    fn same_list_is_list_equality() {
        let empty: [u8; 0] = [];
        assert!(same_list(&empty, &empty));
        assert!(same_list(&[1, 2, 3], &[1, 2, 3]));
        assert!(!same_list(&[1, 2, 3], &[1, 3, 2]));
        assert!(!same_list(&[1, 2], &[1, 2, 3]));
        assert!(!same_list(&[Some(1), None], &[Some(1), Some(2)]));
    }

    #[derive(Serialize)]
    struct S {
        a: Vec<String>,
        b: Option<u8>,
        #[serde(skip_serializing_if = "Option::is_none")]
        c: Option<u8>,
        d: E,
        e: BTreeMap<String, Vec<u16>>,
    }

    #[derive(Serialize)]
    enum E {
        Unit,
        New(u8),
        Pair(u8, u8),
        Named { x: u8 },
    }

    fn s(a: &[&str], b: Option<u8>, c: Option<u8>, d: E, e: &[(&str, &[u16])]) -> Vec<u8> {
        let v = S { a: a.iter().map(|x| x.to_string()).collect(), b, c, d, e: e.iter().map(|(k, v)| (k.to_string(), v.to_vec())).collect() };
        state_key(&v).unwrap()
    }

    /// Values that serialize differently never share a key; equal values always do.
    #[test]
    fn keys_tell_apart_what_serializes_apart() {
        let cases = [
            s(&[], None, None, E::Unit, &[]),
            s(&[""], None, None, E::Unit, &[]),
            s(&["", ""], None, None, E::Unit, &[]),
            s(&["ab"], None, None, E::Unit, &[]),
            s(&["a", "b"], None, None, E::Unit, &[]),
            s(&[], Some(0), None, E::Unit, &[]),
            s(&[], None, Some(0), E::Unit, &[]),
            s(&[], Some(0), Some(0), E::Unit, &[]),
            s(&[], None, None, E::New(0), &[]),
            s(&[], None, None, E::Pair(0, 0), &[]),
            s(&[], None, None, E::Named { x: 0 }, &[]),
            s(&[], None, None, E::Unit, &[("", &[])]),
            s(&[], None, None, E::Unit, &[("", &[0])]),
            s(&[], None, None, E::Unit, &[("a", &[]), ("b", &[])]),
            s(&[], None, None, E::Unit, &[("ab", &[])]),
        ];
        for (i, x) in cases.iter().enumerate() {
            for (j, y) in cases.iter().enumerate() {
                assert_eq!(i == j, x == y, "cases {i} and {j}");
            }
        }
        assert_eq!(s(&["a"], Some(3), None, E::Pair(1, 2), &[("k", &[7])]), s(&["a"], Some(3), None, E::Pair(1, 2), &[("k", &[7])]));
    }
}
