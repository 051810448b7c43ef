//! An action in the game's words, for the app's buttons: the notation's verb read through a
//! table of phrases, each id it names replaced by the name the game prints for it
//! (`sm usa-xii-1 0814` -> "Strategic move XII Corps to 0814"). Built from the notation and
//! the content alone, so it tells a player no more than the notation does (a hidden block or
//! a secret card stays hidden: BL 2.5, BR 3.9).

/// `notation` in words. `phrases` maps a whole notation or its first word to a phrase in which
/// `{1}`, `{2}`... stand for the following words (each through `name`, which gives the printed
/// name of an id, or `None` to keep the word); words no placeholder uses follow the phrase. A
/// verb without a phrase is written out ("hq-supply" -> "Hq supply").
pub fn words(notation: &str, phrases: &[(&str, &str)], name: impl Fn(&str) -> Option<String>) -> String {
    let w: Vec<&str> = notation.split_whitespace().collect();
    if let Some((_, p)) = phrases.iter().find(|(k, _)| *k == notation.trim()) {
        return p.to_string();
    }
    let Some((&verb, rest)) = w.split_first() else { return String::new() };
    let args: Vec<String> = rest.iter().map(|a| name(a).unwrap_or_else(|| a.to_string())).collect();
    let mut used = 0;
    let mut out = match phrases.iter().find(|(k, _)| *k == verb) {
        Some((_, p)) => {
            let mut s = p.to_string();
            for (i, a) in args.iter().enumerate() {
                let key = format!("{{{}}}", i + 1);
                if s.contains(&key) {
                    s = s.replace(&key, a);
                    used = i + 1;
                }
            }
            s
        }
        None => capitalised(&verb.replace('-', " ")),
    };
    for a in &args[used..] {
        out.push(' ');
        out.push_str(a);
    }
    out
}

/// `text` (a line of the log as a seat was shown it) with each word that names something
/// replaced by its printed name (`name` of the word without the brackets and punctuation around
/// it; `None` keeps the word). A word followed by its own name in brackets ("0312 (Moorefield)")
/// reads as the name once. Only the words of `text` are read, so the result says no more.
pub fn named(text: &str, name: impl Fn(&str) -> Option<String>) -> String {
    const OPEN: &[char] = &['(', '[', '"', '\''];
    const CLOSE: &[char] = &[')', ']', ',', '.', ':', ';', '"', '\'', '!', '?'];
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while !rest.is_empty() {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (word, after) = rest.split_at(end);
        let core = word.trim_start_matches(OPEN);
        let lead = &word[..word.len() - core.len()];
        let core = core.trim_end_matches(CLOSE);
        let trail = &word[lead.len() + core.len()..];
        rest = after;
        match name(core).filter(|_| !core.is_empty()) {
            Some(n) => {
                out.push_str(lead);
                out.push_str(&n);
                out.push_str(trail);
                if trail.is_empty() {
                    if let Some(r) = rest.strip_prefix(&format!(" ({n})")) {
                        rest = r;
                    }
                }
            }
            None => out.push_str(word),
        }
        let ws = rest.len() - rest.trim_start().len();
        out.push_str(&rest[..ws]);
        rest = &rest[ws..];
    }
    out
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or(String::new(), |f| f.to_uppercase().collect::<String>() + c.as_str())
}

#[cfg(test)]
mod tests {
    use super::{named, words};

    #[test]
    fn verbs_become_phrases_and_ids_names() {
        let phrases = [("sm", "Strategic move {1} to {2}"), ("lose infantry", "Lose an infantry SP")];
        let name = |w: &str| (w == "usa-xii-1").then(|| "XII Corps".to_string());
        assert_eq!(words("sm usa-xii-1 0814 from 0713", &phrases, name), "Strategic move XII Corps to 0814 from 0713");
        assert_eq!(words("lose infantry", &phrases, name), "Lose an infantry SP");
        assert_eq!(words("hq-supply usa-xii-1", &phrases, name), "Hq supply XII Corps");
        assert_eq!(words("", &phrases, name), "");
    }

    #[test]
    fn ids_in_a_line_become_names_once() {
        let name = |w: &str| match w {
            "usa-xii-1" => Some("XII Corps".to_string()),
            "0312" => Some("Moorefield".to_string()),
            "0107" => Some("B&O RR (to Wheeling)".to_string()),
            _ => None,
        };
        assert_eq!(named("BL 12.4: usa-xii-1 built as a cadre in 0312 (Moorefield) (3 RP)", name), "BL 12.4: XII Corps built as a cadre in Moorefield (3 RP)");
        assert_eq!(named("usa-xii-1 to 0107 (B&O RR (to Wheeling)), then (usa-xii-1): 0314", name), "XII Corps to B&O RR (to Wheeling), then (XII Corps): 0314");
        assert_eq!(named("  Jun 1862: Dry ", name), "  Jun 1862: Dry ");
        assert_eq!(named("", name), "");
    }
}
