//! The dice panel: the latest die rolls the viewing seat may read, newest first, each under the
//! action that caused it and with the rules it cites, so a battle and its dice read at a glance
//! without scrolling the whole log. Six-sided dice named in a roll's text (`[6, 3, 1]`,
//! `rolled 4`) are drawn as die faces beside it.

use super::play::{Play, citations};
use bivouac_engine::log::EventKind;
use egui::{Color32, Pos2, RichText, Stroke, StrokeKind, vec2};

/// How many recent actions are searched for rolls.
const LOOKBACK: usize = 12;

/// The readable rolls of the last `LOOKBACK` steps up to the reviewed point, newest first:
/// (step number, seat, action, roll texts).
pub fn recent_rolls(play: &Play, lookback: usize) -> Vec<(usize, String, Vec<String>)> {
    let history = play.table.history();
    let upto = play.review.as_ref().map_or(history.len(), |r| r.steps);
    let from = upto.saturating_sub(lookback);
    let mut out = Vec::new();
    for (i, (step, words)) in history[from..upto].iter().zip(play.log.steps.get(from..upto).unwrap_or_default()).enumerate().rev() {
        let rolls: Vec<String> = words.events.iter().filter(|e| e.kind == EventKind::Roll).map(|e| e.text.clone()).collect();
        if !rolls.is_empty() {
            out.push((from + i + 1, format!("{}: {}", play.seat_title(step.seat), words.action), rolls));
        }
    }
    out
}

pub fn show(ui: &mut egui::Ui, play: &Play) {
    egui::CollapsingHeader::new(RichText::new("Dice").strong()).id_salt("dice").default_open(true).show(ui, |ui| {
        let rolls = recent_rolls(play, LOOKBACK);
        for (n, what, texts) in &rolls {
            ui.label(RichText::new(format!("{n}. {what}")).small().weak());
            for text in texts {
                roll_line(ui, text);
            }
        }
        if rolls.is_empty() {
            ui.weak("No die rolled in the last actions.");
        }
    });
}

/// One roll: its dice as faces, its text and the rules it cites.
pub fn roll_line(ui: &mut egui::Ui, text: &str) {
    let parts = clauses(text);
    ui.horizontal_wrapped(|ui| {
        ui.add_space(8.0);
        for d in dice_in(text) {
            die(ui, d);
        }
        ui.label(RichText::new(parts[0]).color(Color32::from_rgb(120, 40, 20)));
        for c in citations(text) {
            ui.label(RichText::new(c).small().strong().color(Color32::from_rgb(40, 90, 160)));
        }
    });
    // A battle's roll reads one clause a line (forces, each side's roll, the result).
    for p in &parts[1..] {
        ui.horizontal_wrapped(|ui| {
            ui.add_space(22.0);
            ui.label(RichText::new(*p).color(Color32::from_rgb(120, 40, 20)));
        });
    }
}

/// A line's clauses: split at each "; " outside brackets, so a battle's long roll line
/// ("attacker 3 vs defender 3; attacker rolls 1 +0 (ratio +0, ...); differential -1: ...")
/// reads one part a line. Always at least one clause.
pub fn clauses(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ';' if depth == 0 && text[i + 1..].starts_with(' ') => {
                out.push(&text[start..i]);
                start = i + 2;
            }
            _ => {}
        }
    }
    out.push(&text[start..]);
    out
}

/// The six-sided dice a roll's text names: a bracketed list of values 1-6 (`[6, 3, 1]`), or
/// else the value after "roll", "rolls" or "rolled" (`rolled 4`). Other numbers are not dice.
pub fn dice_in(text: &str) -> Vec<u8> {
    let d6 = |w: &str| w.trim().parse::<u8>().ok().filter(|v| (1..=6).contains(v));
    if let Some(open) = text.find('[')
        && let Some(len) = text[open..].find(']')
    {
        let inner = &text[open + 1..open + len];
        let values: Vec<Option<u8>> = inner.split(',').map(d6).collect();
        if !values.is_empty() && values.iter().all(Option::is_some) {
            return values.into_iter().flatten().collect();
        }
    }
    let words: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == ':' || c == ',').filter(|w| !w.is_empty()).collect();
    words
        .windows(2)
        .find(|w| matches!(w[0].to_ascii_lowercase().as_str(), "roll" | "rolls" | "rolled"))
        .and_then(|w| d6(w[1]))
        .into_iter()
        .collect()
}

/// A die face with its pips.
pub fn die(ui: &mut egui::Ui, value: u8) {
    let size = 18.0;
    let (r, resp) = ui.allocate_exact_size(vec2(size, size), egui::Sense::hover());
    resp.on_hover_text(format!("a {value}"));
    let p = ui.painter();
    p.rect_filled(r, 3.0, Color32::WHITE);
    p.rect_stroke(r, 3.0, Stroke::new(1.0, Color32::from_gray(40)), StrokeKind::Inside);
    let at = |x: f32, y: f32| Pos2::new(r.min.x + x * size, r.min.y + y * size);
    let (a, m, b) = (0.27, 0.5, 0.73);
    let pips: &[(f32, f32)] = match value {
        1 => &[(m, m)],
        2 => &[(a, a), (b, b)],
        3 => &[(a, a), (m, m), (b, b)],
        4 => &[(a, a), (b, a), (a, b), (b, b)],
        5 => &[(a, a), (b, a), (m, m), (a, b), (b, b)],
        _ => &[(a, a), (b, a), (a, m), (b, m), (a, b), (b, b)],
    };
    for &(x, y) in pips {
        p.circle_filled(at(x, y), 1.8, Color32::from_gray(20));
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_battle_line_reads_one_clause_a_line() {
        let t = "combat: attacker 3 vs defender 3 (entrenched 3); attacker rolls 1 +0 (ratio +0; x); differential -1: defender F (GCACW 7.4, 7.5)";
        assert_eq!(super::clauses(t), ["combat: attacker 3 vs defender 3 (entrenched 3)", "attacker rolls 1 +0 (ratio +0; x)", "differential -1: defender F (GCACW 7.4, 7.5)"]);
        assert_eq!(super::clauses("rolled 4"), ["rolled 4"]);
    }

    use super::dice_in;

    #[test]
    fn dice_are_read_from_roll_texts() {
        assert_eq!(dice_in("BL 7.3: CSA fire at usa-center: [6, 3, 1], 2 hits"), vec![6, 3, 1]);
        assert_eq!(dice_in("running the guns: rolled 4 (need 5): failure (FtP 6.3.1)"), vec![4]);
        assert_eq!(dice_in("artillery parity roll 2: GCACW 7.4 +2"), vec![2]);
        assert_eq!(dice_in("BR 3.6: Lizzie runs in: target 7, rolls [2, 5]: gets through"), vec![2, 5]);
        assert!(dice_in("leader movement allowance: 2d6 = 9 -> 9 MP").is_empty());
        assert!(dice_in("rolled 9").is_empty(), "not a six-sided die");
    }
}
