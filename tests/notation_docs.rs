//! The action notation documented for players and modders (the `## Actions (notation)` section
//! of each game's page under docs/games/) checked against the rules code, so the two cannot
//! drift apart:
//! - every row of the table is well formed: a form, its rule (cited with the game's prefix, a
//!   section the rules code cites too) and one example written in that form;
//! - every example is read by the game's notation parser;
//! - the seat names of the game are given;
//! - the verbs the game's `notation` function writes are exactly the documented verbs;
//! - every legal action met along seeded games (random moves, and one game of the heuristic AI
//!   for each setup) matches a documented form.
//!
//! Forms are written with lowercase words typed as they are, CAPITALS for a name or number the
//! player fills in, `a/b` for one of several words, and one optional trailing `[...]` group.

// Only the catalog is used here.
#[allow(dead_code)]
mod common;

use bivouac_engine::agent::AgentKind;
use bivouac_engine::session::AnySession;
use bivouac_engine::{GameRng, Setup};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// One game: its catalog id, its page, its rule prefix, its rules folder, and the setups its
/// random games are played from (scenario, players, options).
struct GameDoc {
    id: &'static str,
    page: &'static str,
    prefix: &'static str,
    rules: &'static str,
    setups: &'static [(&'static str, u8, &'static [(&'static str, &'static str)])],
}

const GAMES: [GameDoc; 4] = [
    GameDoc {
        id: "for-the-people",
        page: "docs/games/for-the-people.md",
        prefix: "FtP",
        rules: "systems/src/for_the_people",
        setups: &[
            ("1861", 2, &[]),
            ("1863", 2, &[("opt-ops-queue", "on"), ("opt-special-generals", "on")]),
            ("1864", 2, &[("edition", "italian")]),
            ("campaign", 2, &[("opt-special-generals", "on")]),
        ],
    },
    GameDoc {
        id: "bobby-lee",
        page: "docs/games/bobby-lee.md",
        prefix: "BL",
        rules: "systems/src/bobby_lee",
        setups: &[("1861", 2, &[]), ("1862", 2, &[("deployment", "free")]), ("1864", 2, &[])],
    },
    GameDoc {
        id: "blockade-runner",
        page: "docs/games/blockade-runner.md",
        prefix: "BR",
        rules: "systems/src/blockade_runner",
        setups: &[("standard", 2, &[]), ("standard", 4, &[]), ("standard", 6, &[])],
    },
    GameDoc {
        id: "gcacw",
        page: "docs/games/gcacw.md",
        prefix: "GCACW",
        rules: "systems/src/gcacw",
        setups: &[("cedar-mountain", 2, &[]), ("seven-pines", 2, &[]), ("cedar-mountain", 2, &[("limited-intelligence", "on")]), ("seven-pines", 2, &[("limited-intelligence", "on")])],
    },
];

/// Seeds of the random games played from each setup.
const SEEDS: [u64; 6] = [1, 7, 1862, 21, 99, 1865];
/// Actions played at most in one random game: enough to pass through every phase of a turn
/// several times, short enough for a quick test.
const MAX_STEPS: usize = 20_000;

const SECTION: &str = "## Actions (notation)";

/// A word of a form: typed as written (one of the alternatives), or filled in by the player.
#[derive(Debug)]
enum Word {
    Typed(Vec<String>),
    Slot,
}

#[derive(Debug)]
struct Form {
    text: String,
    verb: String,
    required: Vec<Word>,
    optional: Vec<Word>,
    rule: String,
    example: String,
}

impl Form {
    fn matches(&self, action: &str) -> bool {
        let w: Vec<&str> = action.split_whitespace().collect();
        let fits = |words: &[&str], pattern: &[&Word]| {
            words.len() == pattern.len()
                && words.iter().zip(pattern).all(|(w, p)| match p {
                    Word::Typed(alts) => alts.iter().any(|a| a == w),
                    Word::Slot => true,
                })
        };
        let required: Vec<&Word> = self.required.iter().collect();
        let full: Vec<&Word> = self.required.iter().chain(&self.optional).collect();
        fits(&w, &required) || (!self.optional.is_empty() && fits(&w, &full))
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The text between backticks of a table cell, if the cell is exactly one code span.
fn code(cell: &str) -> Option<String> {
    let c = cell.trim();
    let inner = c.strip_prefix('`')?.strip_suffix('`')?;
    (!inner.contains('`') && !inner.trim().is_empty()).then(|| inner.trim().to_string())
}

fn parse_form(text: &str) -> Result<(Vec<Word>, Vec<Word>), String> {
    let word = |t: &str| -> Result<Word, String> {
        if !t.is_empty() && t.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_') && t.chars().any(|c| c.is_ascii_uppercase()) {
            Ok(Word::Slot)
        } else if !t.is_empty() && t.split('/').all(|a| !a.is_empty() && a.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')) {
            Ok(Word::Typed(t.split('/').map(String::from).collect()))
        } else {
            Err(format!("`{t}` is neither a typed word (lowercase) nor a slot (CAPITALS)"))
        }
    };
    let (head, tail) = match text.split_once('[') {
        Some((h, t)) => {
            let t = t.strip_suffix(']').ok_or_else(|| "the optional `[...]` group must end the form".to_string())?;
            if t.contains('[') || t.contains(']') {
                return Err("only one optional `[...]` group".into());
            }
            (h, t)
        }
        None => (text, ""),
    };
    let required = head.split_whitespace().map(word).collect::<Result<Vec<_>, _>>()?;
    let optional = tail.split_whitespace().map(word).collect::<Result<Vec<_>, _>>()?;
    Ok((required, optional))
}

/// The `## Actions (notation)` section of a page.
fn section(page: &str) -> String {
    let text = std::fs::read_to_string(root().join(page)).unwrap_or_else(|e| panic!("{page}: {e}"));
    let mut lines = text.lines().skip_while(|l| l.trim() != SECTION);
    assert!(lines.next().is_some(), "{page} has no `{SECTION}` section");
    lines.take_while(|l| !l.starts_with("## ")).collect::<Vec<_>>().join("\n")
}

/// The documented forms of a game, each row checked for its shape.
fn forms(g: &GameDoc, sec: &str) -> Vec<Form> {
    let mut out = Vec::new();
    let mut bad = Vec::new();
    for line in sec.lines().filter(|l| l.trim_start().starts_with('|')) {
        let cells: Vec<&str> = line.trim().trim_matches('|').split('|').map(str::trim).collect();
        if cells.iter().all(|c| c.chars().all(|x| matches!(x, '-' | ':' | ' '))) || cells.first() == Some(&"Form") {
            continue;
        }
        let [form, _what, rule, example] = cells[..] else {
            bad.push(format!("`{line}`: expected 4 cells (form | what it does | rule | example)"));
            continue;
        };
        let (Some(text), Some(example)) = (code(form), code(example)) else {
            bad.push(format!("`{line}`: the form and the example are each one `code` span"));
            continue;
        };
        let (required, optional) = match parse_form(&text) {
            Ok(x) => x,
            Err(e) => {
                bad.push(format!("`{text}`: {e}"));
                continue;
            }
        };
        let verb = match required.first() {
            Some(Word::Typed(v)) if v.len() == 1 => v[0].clone(),
            _ => {
                bad.push(format!("`{text}`: a form starts with its verb, one typed word"));
                continue;
            }
        };
        if !rule.starts_with(&format!("{} ", g.prefix)) {
            bad.push(format!("`{text}`: the rule `{rule}` is cited as `{} N.N`", g.prefix));
        }
        let f = Form { text, verb, required, optional, rule: rule.to_string(), example };
        if !f.matches(&f.example) {
            bad.push(format!("example `{}` is not written in its form `{}`", f.example, f.text));
        }
        out.push(f);
    }
    assert!(bad.is_empty(), "{}: malformed rows in `{SECTION}`:\n{}", g.page, bad.join("\n"));
    assert!(!out.is_empty(), "{}: `{SECTION}` has no table of forms", g.page);
    out
}

/// The `.rs` files of a game's rules folder (not its subfolders), concatenated.
fn rules_source(g: &GameDoc) -> String {
    let dir = root().join(g.rules);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", g.rules)).filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "rs")).collect();
    files.sort();
    files.iter().map(|p| std::fs::read_to_string(p).unwrap_or_default()).collect::<Vec<_>>().join("\n")
}

/// Whether `num` (a rule section such as `5.32`) occurs in `src` as a whole number, not as
/// part of a longer one (`15.32`, `5.321`, `5.32.1`).
fn cites(src: &str, num: &str) -> bool {
    src.match_indices(num).any(|(i, _)| {
        let before_ok = !matches!(src[..i].chars().next_back(), Some(c) if c.is_ascii_digit() || c == '.');
        let rest = &src[i + num.len()..];
        let after_ok = match rest.chars().next() {
            Some(c) if c.is_ascii_digit() => false,
            Some('.') => !rest[1..].starts_with(|d: char| d.is_ascii_digit()),
            _ => true,
        };
        before_ok && after_ok
    })
}

/// The verbs the body of `fn NAME(` writes: the first word of every string literal that starts
/// a `format!(` or is turned `.into()` a String.
fn notation_verbs(src: &str, name: &str) -> BTreeSet<String> {
    let mut verbs = BTreeSet::new();
    let head = format!("fn {name}(");
    let Some(start) = src.find(&head) else { return verbs };
    let body_start = start + src[start..].find('{').expect("a function body");
    // Walk the body: braces outside string literals, and the literals with what surrounds them.
    let bytes = src.as_bytes();
    let mut depth = 0usize;
    let mut i = body_start;
    while i < bytes.len() {
        match bytes[i] {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            b'"' => {
                let lit_start = i + 1;
                let mut j = lit_start;
                while j < bytes.len() && bytes[j] != b'"' {
                    j += if bytes[j] == b'\\' { 2 } else { 1 };
                }
                let lit = &src[lit_start..j];
                let before = src[..i].trim_end();
                let after = &src[j + 1..];
                if before.ends_with("format!(") || after.starts_with(".into()") {
                    let w = lit.split_whitespace().next().unwrap_or("");
                    if !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
                        verbs.insert(w.to_string());
                    }
                }
                i = j;
            }
            _ => {}
        }
        i += 1;
    }
    verbs
}

fn setup(scenario: &str, players: u8, options: &[(&str, &str)], seed: u64) -> Setup {
    let mut s = Setup::new(scenario, players, seed);
    for (k, v) in options {
        s.options.insert(k.to_string(), v.to_string());
    }
    s
}

/// An action text's shape: its words, each word no form types replaced by `_`. Two actions of
/// one shape match the same forms, so one text of each shape is enough to check.
fn shape(action: &str, typed: &BTreeSet<String>) -> String {
    action.split_whitespace().map(|w| if typed.contains(w) { w } else { "_" }).collect::<Vec<_>>().join(" ")
}

/// A game from `session` for at most `MAX_STEPS` actions, each a random legal one, or the
/// heuristic AI's choice with `ai` (it reaches battles and sieges random play rarely does); one
/// legal action text of each shape met on the way goes to `seen`.
fn walk(session: &mut dyn AnySession, seed: u64, ai: bool, typed: &BTreeSet<String>, seen: &mut BTreeMap<String, String>) {
    let mut rng = GameRng::new(seed);
    for _ in 0..MAX_STEPS {
        let active = session.active_seats();
        if active.is_empty() {
            return;
        }
        let mut chosen = Vec::new();
        let seat = active[rng.pick(active.len())];
        for &s in &active {
            let legal = session.legal_actions(s);
            for a in &legal {
                seen.entry(shape(a, typed)).or_insert_with(|| a.clone());
            }
            if s == seat {
                chosen = legal;
            }
        }
        if chosen.is_empty() {
            return;
        }
        if ai {
            session.ai_move(seat, AgentKind::Heuristic, seed).unwrap_or_else(|e| panic!("{}: the AI's move refused: {e}", session.game_id()));
        } else {
            let a = chosen[rng.pick(chosen.len())].clone();
            session.apply_text(seat, &a).unwrap_or_else(|e| panic!("{}: legal `{a}` refused: {e}", session.game_id()));
        }
    }
}

#[test]
fn documented_action_notation_matches_the_rules_code() {
    let catalog = common::catalog();
    let mut failures = Vec::new();
    for g in &GAMES {
        let sec = section(g.page);
        let forms = forms(g, &sec);
        let game = catalog.game(g.id).unwrap_or_else(|| panic!("{} is in the catalog", g.id));
        let src = rules_source(g);

        // Each cited rule section is one the rules code cites.
        for f in &forms {
            let nums = f.rule[g.prefix.len()..].split([',', ';', ' ', '-']).map(str::trim).filter(|t| !t.is_empty());
            for n in nums {
                if !n.chars().all(|c| c.is_ascii_digit() || c == '.') || !cites(&src, n) {
                    failures.push(format!("{}: `{}` cites `{n}`, a section the rules code in {} never cites", g.page, f.text, g.rules));
                }
            }
        }

        // The page names the seats, and says where the legal actions are listed.
        if !sec.contains("bivouac actions") {
            failures.push(format!("{}: `{SECTION}` does not mention `bivouac actions`", g.page));
        }
        for &(scenario, players, options) in g.setups {
            let session = game.new_session(setup(scenario, players, options, 1)).unwrap_or_else(|e| panic!("{} {scenario}: {e}", g.id));
            for name in session.seat_names() {
                if !sec.contains(&format!("`{name}`")) {
                    failures.push(format!("{}: the seat `{name}` is not named in `{SECTION}`", g.page));
                }
            }
        }

        // Every example is read by the parser (a refusal for any other reason than the
        // notation means it was read: it is just not legal at the start of a game).
        let (scenario, players, options) = g.setups[0];
        let fresh = game.new_session(setup(scenario, players, options, 1)).unwrap();
        let seat = fresh.active_seats().first().copied().unwrap_or(0);
        for f in &forms {
            let mut s = fresh.clone_box();
            if let Err(e) = s.apply_text(seat, &f.example) {
                if e.rule == "notation" {
                    failures.push(format!("{}: the example `{}` of `{}` is not read: {}", g.page, f.example, f.text, e.message));
                }
            }
        }

        // The verbs the game writes are the documented verbs.
        let written: BTreeSet<String> = ["notation", "notation_of"].iter().flat_map(|n| notation_verbs(&src, n)).collect();
        assert!(!written.is_empty(), "{}: no `fn notation` writing action texts found in {}", g.id, g.rules);
        let documented: BTreeSet<String> = forms.iter().map(|f| f.verb.clone()).collect();
        for v in written.difference(&documented) {
            failures.push(format!("{}: the game writes actions `{v} ...` that `{SECTION}` does not document", g.page));
        }
        for v in documented.difference(&written) {
            failures.push(format!("{}: `{SECTION}` documents `{v}`, a verb the game's notation never writes", g.page));
        }

        // Every legal action met in play matches a documented form.
        let typed: BTreeSet<String> = forms.iter().flat_map(|f| f.required.iter().chain(&f.optional)).flat_map(|w| match w {
            Word::Typed(alts) => alts.clone(),
            Word::Slot => Vec::new(),
        }).collect();
        let mut seen = BTreeMap::new();
        for &(scenario, players, options) in g.setups {
            for (i, seed) in SEEDS.into_iter().enumerate() {
                let mut s = game.new_session(setup(scenario, players, options, seed)).unwrap();
                walk(&mut *s, seed, i == 0, &typed, &mut seen);
            }
        }
        for a in seen.values() {
            if !forms.iter().any(|f| f.matches(a)) {
                failures.push(format!("{}: the legal action `{a}` matches no documented form", g.page));
            }
        }
        let unmet: Vec<&str> = forms.iter().filter(|f| !seen.values().any(|a| f.matches(a))).map(|f| f.text.as_str()).collect();
        eprintln!("{}: {} forms, {} met in play; not met: {}", g.id, forms.len(), forms.len() - unmet.len(), unmet.join(", "));
    }
    assert!(failures.is_empty(), "the documented action notation and the code disagree:\n{}", failures.join("\n"));
}

#[test]
fn form_matching_reads_slots_alternatives_and_options() {
    let f = |t: &str| {
        let (required, optional) = parse_form(t).unwrap();
        Form { text: t.into(), verb: String::new(), required, optional, rule: String::new(), example: String::new() }
    };
    assert!(f("move UNIT HEX [from HEX]").matches("move csa-jackson 1313"));
    assert!(f("move UNIT HEX [from HEX]").matches("move csa-jackson 1313 from 1213"));
    assert!(!f("move UNIT HEX [from HEX]").matches("move csa-jackson 1313 via 1213"));
    assert!(!f("move UNIT HEX [from HEX]").matches("move csa-jackson"));
    assert!(f("counter brigade/corps").matches("counter corps"));
    assert!(!f("counter brigade/corps").matches("counter army"));
    assert!(parse_form("Move UNIT").is_err());
    assert!(parse_form("move [UNIT] HEX").is_err());
    assert!(cites("see FtP 5.6.1.", "5.6.1") && !cites("FtP 5.6.10", "5.6.1") && !cites("15.6.1", "5.6.1"));
    let verbs = notation_verbs("fn notation(&self) -> String { match a { A => \"done\".into(), B => format!(\"step {}\", x), C => \"x\".to_string() } }\nfn other() { \"no\".into() }", "notation");
    assert_eq!(verbs.into_iter().collect::<Vec<_>>(), ["done", "step"]);
}
