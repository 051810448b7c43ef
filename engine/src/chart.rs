//! Chart images of the balance lab as hand-written SVG (`bivouac sim --chart out.svg`):
//! win rate per seat with its 95% interval, and the histogram of game lengths; for a variant,
//! the change of each seat's win rate with its interval. No plotting crate: a few rectangles.

use crate::sim::{Bucket, Comparison, Interval, SimReport};
use std::fmt::Write;

const W: f64 = 860.0;
const H: f64 = 360.0;
const PANEL_W: f64 = 380.0;
const TOP: f64 = 50.0;
const BOTTOM: f64 = 300.0;
const COLOURS: [&str; 6] = ["#3b6ea5", "#a5473b", "#5a8f3c", "#b08a2e", "#7a4fa0", "#3b9a9a"];

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn percent(v: f64, signed: bool) -> String {
    if signed { format!("{:+.1}%", 100.0 * v) } else { format!("{:.1}%", 100.0 * v) }
}

fn start(title: &str) -> String {
    let mut o = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{H}\" viewBox=\"0 0 {W} {H}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"{W}\" height=\"{H}\" fill=\"white\"/>\n"
    );
    let _ = writeln!(o, "<text x=\"{}\" y=\"22\" text-anchor=\"middle\" font-size=\"15\">{}</text>", W / 2.0, escape(title));
    o
}

/// Bars of proportions (0..1 on the y axis, or -1..1 when `signed`) with interval whiskers.
fn interval_panel(o: &mut String, x0: f64, title: &str, labels: &[String], values: &[Interval], signed: bool) {
    let (lo, hi) = if signed { (-1.0, 1.0) } else { (0.0, 1.0) };
    // Zoom a signed chart on the intervals, to at least +-10 points.
    let (lo, hi) = if signed {
        let m = values.iter().map(|v| v.low.abs().max(v.high.abs())).fold(0.1f64, f64::max).min(1.0);
        (-m, m)
    } else {
        (lo, hi)
    };
    let y = |v: f64| BOTTOM - (v - lo) / (hi - lo) * (BOTTOM - TOP);
    let _ = writeln!(o, "<text x=\"{}\" y=\"42\" text-anchor=\"middle\">{}</text>", x0 + PANEL_W / 2.0, escape(title));
    for k in 0..=4 {
        let v = lo + (hi - lo) * k as f64 / 4.0;
        let _ = writeln!(
            o,
            "<line x1=\"{x0}\" x2=\"{}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#ddd\"/><text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\" font-size=\"10\">{}</text>",
            x0 + PANEL_W,
            y(v),
            y(v),
            x0 - 4.0,
            y(v) + 3.0,
            percent(v, signed)
        );
    }
    let base = if signed { y(0.0) } else { BOTTOM };
    let _ = writeln!(o, "<line x1=\"{x0}\" x2=\"{}\" y1=\"{base:.1}\" y2=\"{base:.1}\" stroke=\"#333\"/>", x0 + PANEL_W);
    let n = values.len().max(1) as f64;
    let slot = PANEL_W / n;
    for (i, (v, label)) in values.iter().zip(labels).enumerate() {
        let cx = x0 + slot * (i as f64 + 0.5);
        let bw = (slot * 0.5).min(60.0);
        let (top, bottom) = if y(v.estimate) < base { (y(v.estimate), base) } else { (base, y(v.estimate)) };
        let _ = writeln!(
            o,
            "<rect x=\"{:.1}\" y=\"{top:.1}\" width=\"{bw:.1}\" height=\"{:.1}\" fill=\"{}\"/>",
            cx - bw / 2.0,
            (bottom - top).max(0.5),
            COLOURS[i % COLOURS.len()]
        );
        let _ = writeln!(
            o,
            "<line x1=\"{cx:.1}\" x2=\"{cx:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"black\" stroke-width=\"1.5\"/>\
             <line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"black\"/><line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"black\"/>",
            y(v.low),
            y(v.high),
            cx - 6.0,
            cx + 6.0,
            y(v.low),
            y(v.low),
            cx - 6.0,
            cx + 6.0,
            y(v.high),
            y(v.high)
        );
        let _ = writeln!(o, "<text x=\"{cx:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>", BOTTOM + 16.0, escape(label));
        let _ = writeln!(o, "<text x=\"{cx:.1}\" y=\"{}\" text-anchor=\"middle\" font-size=\"10\">{}</text>", BOTTOM + 30.0, percent(v.estimate, signed));
    }
}

fn histogram_panel(o: &mut String, x0: f64, title: &str, buckets: &[Bucket]) {
    let _ = writeln!(o, "<text x=\"{}\" y=\"42\" text-anchor=\"middle\">{}</text>", x0 + PANEL_W / 2.0, escape(title));
    let most = buckets.iter().map(|b| b.count).max().unwrap_or(0).max(1) as f64;
    let _ = writeln!(o, "<line x1=\"{x0}\" x2=\"{}\" y1=\"{BOTTOM}\" y2=\"{BOTTOM}\" stroke=\"#333\"/>", x0 + PANEL_W);
    let _ = writeln!(o, "<text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\" font-size=\"10\">{}</text>", x0 - 4.0, TOP + 3.0, most);
    let n = buckets.len().max(1) as f64;
    let slot = PANEL_W / n;
    for (i, b) in buckets.iter().enumerate() {
        let h = b.count as f64 / most * (BOTTOM - TOP);
        let x = x0 + slot * i as f64;
        let _ = writeln!(
            o,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{h:.1}\" fill=\"#888\"><title>{}-{}: {} games</title></rect>",
            x + 1.0,
            BOTTOM - h,
            slot - 2.0,
            b.from,
            b.to,
            b.count
        );
        if i % 2 == 0 || buckets.len() <= 6 {
            let _ = writeln!(o, "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\" font-size=\"10\">{}</text>", x + slot / 2.0, BOTTOM + 16.0, b.from);
        }
    }
    let _ = writeln!(o, "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"11\">game length (actions)</text>", x0 + PANEL_W / 2.0, BOTTOM + 34.0);
}

/// Win rates with their 95% intervals and the length histogram of one batch.
pub fn sim_svg(r: &SimReport) -> String {
    let mut o = start(&format!("{} {}: {} games, {} draws, {} unfinished", r.game, r.scenario, r.games, r.draws, r.unfinished));
    let labels: Vec<String> =
        r.seats.iter().enumerate().map(|(i, s)| match r.agents.get(i) { Some(a) => format!("{s} ({a})"), None => s.clone() }).collect();
    interval_panel(&mut o, 50.0, "win rate per seat, 95% interval", &labels, &r.win_rate, false);
    histogram_panel(&mut o, 470.0, "game length", &r.length_histogram);
    o.push_str("</svg>\n");
    o
}

/// The change in win rate per seat (variant - baseline) with 95% intervals, and the variant's
/// length histogram.
pub fn comparison_svg(c: &Comparison) -> String {
    let mut o = start(&format!("{} {}: variant - baseline over {} seeds", c.baseline.game, c.baseline.scenario, c.paired_games));
    let labels: Vec<String> = c.win_rate_change.iter().map(|s| s.seat.clone()).collect();
    let values: Vec<Interval> = c.win_rate_change.iter().map(|s| s.change).collect();
    interval_panel(&mut o, 50.0, "change in win rate, 95% interval", &labels, &values, true);
    histogram_panel(&mut o, 470.0, "game length with the variant", &c.variant.length_histogram);
    o.push_str("</svg>\n");
    o
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Outcome, Setup};
    use crate::sim::{GameRecord, SimConfig, compare, summarize};

    fn report(wins: &[u8]) -> SimReport {
        let cfg = SimConfig { setup: Setup::new("std", 2, 1), games: wins.len(), agents: Vec::new() };
        let records = wins
            .iter()
            .enumerate()
            .map(|(i, &w)| GameRecord {
                index: i,
                seed: i as u64,
                actions: 10 + i,
                outcome: Some(Outcome { winners: vec![w], scores: vec![0, 0], reason: "r".into() }),
                ..GameRecord::default()
            })
            .collect();
        summarize("race", &cfg, &["north".into(), "south & co".into()], records, 1.0, false)
    }

    fn balanced(svg: &str) -> bool {
        svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>") && svg.matches("<text").count() == svg.matches("</text>").count()
    }

    #[test]
    fn a_batch_chart_names_every_seat_and_its_agent() {
        let svg = sim_svg(&report(&[0, 0, 1, 0]));
        assert!(balanced(&svg));
        assert!(svg.contains("north (random)") && svg.contains("south &amp; co (random)"), "{svg}");
        assert!(svg.contains("75.0%") && svg.contains("game length"));
    }

    #[test]
    fn a_comparison_chart_shows_signed_changes() {
        let c = compare(report(&[0, 0, 1, 1]), report(&[0, 0, 0, 1]));
        let svg = comparison_svg(&c);
        assert!(balanced(&svg));
        assert!(svg.contains("+25.0%") && svg.contains("-25.0%"), "{svg}");
    }
}
