//! Sweeps of one content value (`bivouac sim --sweep 'game.toml:strategic_will.union=8..14:2'`):
//! the same batch played once per value, each value written into a copy of the content file
//! laid over the content as a layer of its own, so any number of any TOML file can be swept
//! without a mod written by hand.
//!
//! A spec is `FILE:PATH=VALUES`. `FILE` is relative to the game's content folder. `PATH` is
//! dotted keys; `[N]` picks the N-th entry (from 0) of a list, `[id=X]` the entry of a list of
//! records whose `id` is X: `card[id=smuggler].amount`. `VALUES` is a comma-separated list of
//! TOML values (`5,6,7`, `0.5,1.0`, `"a","b"`) or an inclusive range of numbers `FROM..TO:STEP`.

use crate::sim::SimReport;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use toml::{Table, Value};

#[derive(Clone, Debug, PartialEq)]
pub struct SweepSpec {
    /// The content file, relative to the game's folder.
    pub file: String,
    pub path: Vec<Step>,
    pub values: Vec<Value>,
    /// The spec as written, for reports.
    pub text: String,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    Key(String),
    Index(usize),
    Id(String),
}

/// At most this many values in one sweep.
pub const MAX_VALUES: usize = 200;

impl SweepSpec {
    pub fn parse(text: &str) -> Result<SweepSpec, String> {
        let form = "a sweep is FILE:PATH=VALUES, as `game.toml:strategic_will.union=8..14:2` or `cards.toml:card[id=smuggler].amount=1,2,3`";
        // The `=` before the values is the first one outside `[...]` (`[id=X]` has its own).
        let mut depth = 0i32;
        let split = text.char_indices().find(|&(_, c)| {
            match c {
                '[' => depth += 1,
                ']' => depth -= 1,
                _ => {}
            }
            c == '=' && depth == 0
        });
        let (target, values) = split.map(|(i, _)| (&text[..i], &text[i + 1..])).ok_or_else(|| format!("{form}; found `{text}`"))?;
        let (file, path) = target.split_once(':').ok_or_else(|| format!("{form}; found `{text}` (no `:` after the file)"))?;
        let file = file.trim();
        if file.is_empty() || !file.ends_with(".toml") || Path::new(file).components().any(|c| !matches!(c, std::path::Component::Normal(_))) {
            return Err(format!("the sweep's file `{file}` must be a .toml file inside the game's content folder"));
        }
        let path = parse_path(path.trim())?;
        let values = parse_values(values.trim())?;
        Ok(SweepSpec { file: file.to_string(), path, values, text: text.to_string() })
    }

    /// The path as written: `card[id=smuggler].amount`.
    pub fn path_text(&self) -> String {
        let mut out = String::new();
        for s in &self.path {
            match s {
                Step::Key(k) if out.is_empty() => out.push_str(k),
                Step::Key(k) => {
                    out.push('.');
                    out.push_str(k);
                }
                Step::Index(i) => out.push_str(&format!("[{i}]")),
                Step::Id(id) => out.push_str(&format!("[id={id}]")),
            }
        }
        out
    }
}

fn parse_path(text: &str) -> Result<Vec<Step>, String> {
    let mut steps = Vec::new();
    for part in text.split('.') {
        let (key, mut rest) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        if key.is_empty() && steps.is_empty() {
            return Err(format!("the sweep's path `{text}` must start with a key"));
        }
        if !key.is_empty() {
            steps.push(Step::Key(key.to_string()));
        }
        while !rest.is_empty() {
            let close = rest.find(']').ok_or_else(|| format!("an unclosed `[` in the sweep's path `{text}`"))?;
            let inner = &rest[1..close];
            steps.push(match inner.strip_prefix("id=") {
                Some(id) => Step::Id(id.trim_matches('"').to_string()),
                None => Step::Index(inner.parse().map_err(|_| format!("`[{inner}]` in the sweep's path `{text}`: write [N] or [id=X]"))?),
            });
            rest = &rest[close + 1..];
            if !rest.is_empty() && !rest.starts_with('[') {
                return Err(format!("the sweep's path `{text}`: a `.` must follow `]`"));
            }
        }
    }
    if steps.is_empty() {
        return Err("the sweep names no key".into());
    }
    Ok(steps)
}

fn parse_values(text: &str) -> Result<Vec<Value>, String> {
    if let Some((range, step)) = text.split_once(':')
        && let Some((from, to)) = range.split_once("..")
    {
        let num = |s: &str| s.trim().parse::<f64>().map_err(|_| format!("`{s}` in the sweep's range `{text}` is not a number"));
        let (from, to, step) = (num(from)?, num(to)?, num(step)?);
        if step <= 0.0 || to < from {
            return Err(format!("the sweep's range `{text}` must go up from FROM to TO by a positive STEP"));
        }
        let count = ((to - from) / step + 1e-9).floor() as usize + 1;
        if count > MAX_VALUES {
            return Err(format!("the sweep's range `{text}` has {count} values; at most {MAX_VALUES}"));
        }
        let integers = [from, to, step].iter().all(|v| v.fract() == 0.0);
        return Ok((0..count)
            .map(|k| {
                let v = from + step * k as f64;
                if integers { Value::Integer(v as i64) } else { Value::Float((v * 1e9).round() / 1e9) }
            })
            .collect());
    }
    let values: Vec<Value> = text
        .split(',')
        .map(|v| {
            let v = v.trim();
            toml::from_str::<Table>(&format!("v = {v}"))
                .ok()
                .and_then(|mut t| t.remove("v"))
                .ok_or_else(|| format!("`{v}` in the sweep is not a TOML value (a number, true/false, or \"text\")"))
        })
        .collect::<Result<_, _>>()?;
    if values.len() > MAX_VALUES {
        return Err(format!("the sweep has {} values; at most {MAX_VALUES}", values.len()));
    }
    Ok(values)
}

/// Set the value at `path` in `doc`. The key must exist already (a sweep changes a value, it
/// does not invent one) and keep its kind (a number stays a number).
pub fn set(doc: &mut Table, path: &[Step], value: Value, file: &str) -> Result<(), String> {
    let shown = |k: usize| SweepSpec { file: String::new(), path: path[..=k].to_vec(), values: vec![], text: String::new() }.path_text();
    let Some((Step::Key(first), rest)) = path.split_first() else { return Err("the sweep's path must start with a key".into()) };
    let keys = |t: &Table| t.keys().cloned().collect::<Vec<_>>().join(", ");
    let mut at: &mut Value = match doc.get_mut(first) {
        Some(v) => v,
        None => return Err(format!("{file} has no key `{first}` (its keys: {})", keys(doc))),
    };
    for (k, step) in rest.iter().enumerate() {
        let k = k + 1;
        at = match (step, at) {
            (Step::Key(key), Value::Table(t)) => {
                let known = keys(t);
                t.get_mut(key).ok_or_else(|| format!("{file}: `{}` has no key `{key}` (its keys: {known})", shown(k - 1)))?
            }
            (Step::Index(i), Value::Array(a)) => {
                let n = a.len();
                a.get_mut(*i).ok_or_else(|| format!("{file}: `{}` has {n} entries; [{i}] is past its end", shown(k - 1)))?
            }
            (Step::Id(id), Value::Array(a)) => {
                let matches = |v: &Value| match v.get("id") {
                    Some(Value::String(s)) => s == id,
                    Some(Value::Integer(n)) => n.to_string() == *id,
                    _ => false,
                };
                a.iter_mut().find(|v| matches(v)).ok_or_else(|| format!("{file}: `{}` has no entry with id `{id}`", shown(k - 1)))?
            }
            (_, _) => return Err(format!("{file}: `{}` cannot be entered by `{}`", shown(k - 1), shown(k))),
        };
    }
    let same_kind = matches!(
        (&*at, &value),
        (Value::Integer(_) | Value::Float(_), Value::Integer(_) | Value::Float(_))
            | (Value::String(_), Value::String(_))
            | (Value::Boolean(_), Value::Boolean(_))
    );
    if !same_kind {
        return Err(format!("{file}: `{}` is {}, the sweep gives {}", shown(path.len() - 1), at.type_str(), value.type_str()));
    }
    // A float stays a float (a table read as f64 rejects nothing), an integer key given 2.5 is refused.
    *at = match (&*at, value) {
        (Value::Float(_), Value::Integer(n)) => Value::Float(n as f64),
        (Value::Integer(_), Value::Float(f)) if f.fract() != 0.0 => {
            return Err(format!("{file}: `{}` is a whole number, the sweep gives {f}", shown(path.len() - 1)));
        }
        (Value::Integer(_), Value::Float(f)) => Value::Integer(f as i64),
        (_, v) => v,
    };
    Ok(())
}

/// Write the layer that gives `value` to the spec's key: the file as the topmost of `layers`
/// has it, with the one value changed, at `out/<game_dir>/<file>`. Returns the layer folder.
pub fn write_layer(layers: &[PathBuf], game_dir: &str, spec: &SweepSpec, value: &Value, out: &Path) -> Result<PathBuf, String> {
    let source = layers
        .iter()
        .rev()
        .map(|l| l.join(game_dir).join(&spec.file))
        .find(|p| p.is_file())
        .ok_or_else(|| format!("no content layer has {game_dir}/{}", spec.file))?;
    let text = std::fs::read_to_string(&source).map_err(|e| format!("{game_dir}/{}: {e}", spec.file))?;
    let mut doc: Table = toml::from_str(&text).map_err(|e| format!("{game_dir}/{}: {e}", spec.file))?;
    set(&mut doc, &spec.path, value.clone(), &format!("{game_dir}/{}", spec.file))?;
    let target = out.join(game_dir).join(&spec.file);
    if let Some(parent) = target.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    let written = toml::to_string(&doc).map_err(|e| format!("{game_dir}/{}: {e}", spec.file))?;
    std::fs::write(&target, written).map_err(|e| format!("{}: {e}", target.display()))?;
    Ok(out.to_path_buf())
}

/// A batch played once per value of a sweep.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SweepReport {
    /// The spec as written.
    pub sweep: String,
    pub values: Vec<String>,
    /// One report per value, in the order of `values`.
    pub reports: Vec<SimReport>,
    /// With two seats and numeric values: where the first seat's advantage (its win rate minus
    /// the second's) crosses zero, by linear interpolation between the two values around it.
    pub even_at: Option<f64>,
}

impl SweepReport {
    pub fn new(spec: &SweepSpec, reports: Vec<SimReport>) -> SweepReport {
        let values: Vec<String> = spec.values.iter().map(value_text).collect();
        let numbers: Option<Vec<f64>> = spec.values.iter().map(|v| v.as_float().or(v.as_integer().map(|n| n as f64))).collect();
        let advantage: Option<Vec<f64>> = reports.iter().map(|r| r.seat_advantage.map(|a| a.estimate)).collect();
        let even_at = numbers.zip(advantage).and_then(|(x, y)| crossing(&x, &y));
        SweepReport { sweep: spec.text.clone(), values, reports, even_at }
    }

    pub fn to_table(&self) -> String {
        let Some(first) = self.reports.first() else { return format!("sweep {}: no values\n", self.sweep) };
        let mut out = format!("{} {}: sweep {}, {} games per value\n", first.game, first.scenario, self.sweep, first.requested);
        out.push_str(&format!("{:>10}", "value"));
        for seat in &first.seats {
            out.push_str(&format!("  {:>26}", format!("{seat} win % (95%)")));
        }
        out.push_str(&format!("  {:>6} {:>6}  {:>10}\n", "draws", "games", "mean len"));
        for (v, r) in self.values.iter().zip(&self.reports) {
            out.push_str(&format!("{v:>10}"));
            for i in &r.win_rate {
                out.push_str(&format!("  {:>26}", i.percent_text()));
            }
            out.push_str(&format!("  {:>6} {:>6}  {:>10.1}\n", r.draws, r.games, r.mean_length));
        }
        match (self.even_at, first.seats.len()) {
            (Some(x), 2) => out.push_str(&format!("{} and {} win equally often near {}\n", first.seats[0], first.seats[1], crate::chart::number_text(x))),
            (None, 2) => out.push_str("no value in this range makes the two seats' win rates cross\n"),
            _ => {}
        }
        out
    }
}

/// The first x where the piecewise-linear curve through (x, y) crosses zero.
pub fn crossing(x: &[f64], y: &[f64]) -> Option<f64> {
    for k in 0..x.len().min(y.len()) {
        if y[k] == 0.0 {
            return Some(x[k]);
        }
        if k + 1 < x.len().min(y.len()) && (y[k] < 0.0) != (y[k + 1] < 0.0) && y[k + 1] != 0.0 {
            return Some(x[k] + (x[k + 1] - x[k]) * y[k] / (y[k] - y[k + 1]));
        }
    }
    None
}

/// A value as a designer reads it (`8`, `0.5`, `"text"`).
pub fn value_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_even_point_is_interpolated_between_values() {
        assert_eq!(crossing(&[8.0, 10.0, 12.0], &[-0.4, -0.1, 0.3]), Some(10.5));
        assert_eq!(crossing(&[1.0, 2.0], &[0.0, 0.5]), Some(1.0));
        assert_eq!(crossing(&[1.0, 2.0], &[0.2, 0.5]), None);
    }

    #[test]
    fn a_spec_names_a_file_a_path_and_values() {
        let s = SweepSpec::parse("cards.toml:card[id=smuggler].amount=1,2,3").unwrap();
        assert_eq!(s.file, "cards.toml");
        assert_eq!(s.path, vec![Step::Key("card".into()), Step::Id("smuggler".into()), Step::Key("amount".into())]);
        assert_eq!(s.values, vec![Value::Integer(1), Value::Integer(2), Value::Integer(3)]);
        assert_eq!(s.path_text(), "card[id=smuggler].amount");
        let r = SweepSpec::parse("game.toml:a.b[2]=8..14:2").unwrap();
        assert_eq!(r.values, vec![Value::Integer(8), Value::Integer(10), Value::Integer(12), Value::Integer(14)]);
        let f = SweepSpec::parse("game.toml:x=0.5..1.0:0.25").unwrap();
        assert_eq!(f.values, vec![Value::Float(0.5), Value::Float(0.75), Value::Float(1.0)]);
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        for (spec, says) in [
            ("game.toml", "FILE:PATH=VALUES"),
            ("game.toml=3", "no `:`"),
            ("../x.toml:a=1", "inside the game's content folder"),
            ("game.toml:a[x]=1", "[N] or [id=X]"),
            ("game.toml:a=1..0:1", "must go up"),
            ("game.toml:a=0..10000:1", "at most 200"),
            ("game.toml:a=abc", "not a TOML value"),
        ] {
            let e = SweepSpec::parse(spec).unwrap_err();
            assert!(e.contains(says), "{spec}: {e}");
        }
    }

    #[test]
    fn set_changes_one_value_and_refuses_missing_keys_and_other_kinds() {
        let mut doc: Table = toml::from_str("a = 1\nf = 0.5\n[t]\nb = 2\n[[card]]\nid = \"x\"\nn = 1\n[[card]]\nid = \"y\"\nn = 2\n").unwrap();
        let sw = |p: &str| SweepSpec::parse(&format!("f.toml:{p}=0")).unwrap().path;
        set(&mut doc, &sw("card[id=y].n"), Value::Integer(9), "f.toml").unwrap();
        assert_eq!(doc["card"][1]["n"].as_integer(), Some(9));
        assert_eq!(doc["card"][0]["n"].as_integer(), Some(1));
        set(&mut doc, &sw("t.b"), Value::Integer(5), "f.toml").unwrap();
        set(&mut doc, &sw("f"), Value::Integer(1), "f.toml").unwrap();
        assert_eq!(doc["f"].as_float(), Some(1.0));
        let e = set(&mut doc, &sw("t.c"), Value::Integer(5), "f.toml").unwrap_err();
        assert!(e.contains("has no key `c`") && e.contains("its keys: b"), "{e}");
        let e = set(&mut doc, &sw("card[id=z].n"), Value::Integer(5), "f.toml").unwrap_err();
        assert!(e.contains("no entry with id `z`"), "{e}");
        let e = set(&mut doc, &sw("a"), Value::String("s".into()), "f.toml").unwrap_err();
        assert!(e.contains("is integer, the sweep gives string"), "{e}");
        let e = set(&mut doc, &sw("a"), Value::Float(2.5), "f.toml").unwrap_err();
        assert!(e.contains("whole number"), "{e}");
    }
}
