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

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or(String::new(), |f| f.to_uppercase().collect::<String>() + c.as_str())
}

#[cfg(test)]
mod tests {
    use super::words;

    #[test]
    fn verbs_become_phrases_and_ids_names() {
        let phrases = [("sm", "Strategic move {1} to {2}"), ("lose infantry", "Lose an infantry SP")];
        let name = |w: &str| (w == "usa-xii-1").then(|| "XII Corps".to_string());
        assert_eq!(words("sm usa-xii-1 0814 from 0713", &phrases, name), "Strategic move XII Corps to 0814 from 0713");
        assert_eq!(words("lose infantry", &phrases, name), "Lose an infantry SP");
        assert_eq!(words("hq-supply usa-xii-1", &phrases, name), "Hq supply XII Corps");
        assert_eq!(words("", &phrases, name), "");
    }
}
