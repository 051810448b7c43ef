//! One self-contained HTML page per balance-lab run (`bivouac sim --html report.html`), to send
//! to playtesters: what was played, the answers as tables, and the charts as inline SVG.

use crate::chart::{comparison_svg, escape, sim_svg, sweep_svg, trajectory_svg};
use crate::sim::{Comparison, Interval, SimReport};
use crate::sweep::SweepReport;
use std::fmt::Write;

fn pct(i: &Interval) -> String {
    format!("{:.1}% <small>({:.1}% to {:.1}%)</small>", 100.0 * i.estimate, 100.0 * i.low, 100.0 * i.high)
}

fn signed_pct(i: &Interval) -> String {
    format!("{:+.1}% <small>({:+.1}% to {:+.1}%)</small>", 100.0 * i.estimate, 100.0 * i.low, 100.0 * i.high)
}

fn num(i: &Interval) -> String {
    format!("{:.2} <small>({:.2} to {:.2})</small>", i.estimate, i.low, i.high)
}

fn page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{t}</title>\n<style>\
         body{{font-family:sans-serif;max-width:900px;margin:2em auto;color:#222}}\
         table{{border-collapse:collapse;margin:1em 0}}td,th{{border:1px solid #ccc;padding:4px 8px;text-align:right}}\
         th{{background:#f3f3f3}}td:first-child,th:first-child{{text-align:left}}small{{color:#666}}\
         .note{{color:#555}}svg{{max-width:100%;height:auto}}</style></head>\n<body>\n<h1>{t}</h1>\n{body}</body></html>\n",
        t = escape(title)
    )
}

/// What was played: enough for a playtester to reproduce the batch.
fn setup_section(r: &SimReport) -> String {
    let mut o = String::from("<h2>What was played</h2>\n<ul>\n");
    let _ = writeln!(o, "<li>{} games of <b>{}</b>, scenario <b>{}</b>, {} players</li>", r.games, escape(&r.game), escape(&r.scenario), r.players);
    let agents: Vec<String> = r.seats.iter().zip(&r.agents).map(|(s, a)| format!("{} by <code>{}</code>", escape(s), escape(a))).collect();
    let _ = writeln!(o, "<li>seats: {}</li>", agents.join(", "));
    if let Some(setup) = &r.setup {
        let _ = writeln!(o, "<li>seeds {} to {} (game <i>i</i> is seed {} + <i>i</i>)</li>", setup.seed, setup.seed + r.requested.max(1) as u64 - 1, setup.seed);
        if !setup.options.is_empty() {
            let opts: Vec<String> = setup.options.iter().map(|(k, v)| format!("<code>{}={}</code>", escape(k), escape(v))).collect();
            let _ = writeln!(o, "<li>options: {}</li>", opts.join(" "));
        }
    }
    if r.stopped {
        let _ = writeln!(o, "<li>stopped after {} of {} games</li>", r.games, r.requested);
    } else if let Some(w) = r.until_width.filter(|_| r.games < r.requested) {
        let _ = writeln!(o, "<li>stopped after {} of at most {} games: every win-rate interval was {:.1} points wide or less</li>", r.games, r.requested, 100.0 * w);
    }
    o.push_str("</ul>\n");
    o
}

fn results_section(r: &SimReport) -> String {
    let mut o = String::from("<h2>Who wins</h2>\n<table><tr><th>seat</th><th>agent</th><th>wins</th><th>win rate (95% interval)</th><th>mean final score (95%)</th><th>ms per decision</th></tr>\n");
    for (s, name) in r.seats.iter().enumerate() {
        let _ = writeln!(
            o,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.2}</td></tr>",
            escape(name),
            escape(r.agents.get(s).map_or("", String::as_str)),
            r.wins[s],
            r.win_rate.get(s).map(pct).unwrap_or_default(),
            r.score_interval.get(s).map(num).unwrap_or_default(),
            r.decision_ms_mean.get(s).copied().unwrap_or(0.0)
        );
    }
    o.push_str("</table>\n");
    let _ = writeln!(o, "<p>Draws: {}. Unfinished: {}. Rules errors: {}.</p>", r.draws, r.unfinished, r.errors.len());
    if let Some(a) = &r.seat_advantage {
        let _ = writeln!(
            o,
            "<p><b>Seat advantage.</b> {}'s win rate minus {}'s: {}{}</p>",
            escape(&r.seats[0]),
            escape(&r.seats[1]),
            signed_pct(a),
            if a.excludes_zero() { "." } else { ": within chance, the seats are even at this sample size." }
        );
    }
    o.push_str(&format!("<div>{}</div>\n", sim_svg(r)));
    o
}

fn ending_section(r: &SimReport) -> String {
    let mut o = String::from("<h2>How and when games end</h2>\n<table><tr><th>reason</th><th>games</th></tr>\n");
    let mut reasons: Vec<(&String, &usize)> = r.reasons.iter().collect();
    reasons.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for (reason, n) in reasons {
        let _ = writeln!(o, "<tr><td>{}</td><td>{n}</td></tr>", escape(reason));
    }
    o.push_str("</table>\n");
    if !r.end_turns.is_empty() {
        o.push_str("<table><tr><th>turn the game ended</th>");
        for t in &r.end_turns {
            let _ = write!(o, "<th>{}</th>", t.turn);
        }
        o.push_str("</tr><tr><td>finished games</td>");
        for t in &r.end_turns {
            let _ = write!(o, "<td>{}</td>", t.games);
        }
        o.push_str("</tr></table>\n");
    }
    let _ = writeln!(o, "<p>Game length: mean {:.1} actions, median {:.1}, shortest {}, longest {}.</p>", r.mean_length, r.median_length, r.min_length, r.max_length);
    o
}

fn measures_section(r: &SimReport) -> String {
    if r.measures.is_empty() {
        return String::new();
    }
    let mut o = String::from("<h2>Turn by turn</h2>\n<table><tr><th>measure</th><th>at the end of the game (mean, 95%)</th></tr>\n");
    for (name, i) in r.measures.iter().zip(&r.final_measures) {
        let _ = writeln!(o, "<tr><td>{}</td><td>{}</td></tr>", escape(name), num(i));
    }
    o.push_str("</table>\n");
    if !r.trajectory.is_empty() {
        o.push_str(&format!("<div>{}</div>\n", trajectory_svg(r)));
        o.push_str("<p class=\"note\">Each turn's mean is over the games that reached that turn.</p>\n");
    }
    o
}

/// The page of one batch.
pub fn sim_html(r: &SimReport) -> String {
    let body = [setup_section(r), results_section(r), ending_section(r), measures_section(r)].concat();
    page(&format!("{} {}: balance report", r.game, r.scenario), &body)
}

/// The page of a baseline against a variant over the same seeds.
pub fn comparison_html(c: &Comparison) -> String {
    let mut o = setup_section(&c.baseline);
    let _ = writeln!(o, "<h2>What the variant changes</h2>\n<p>Over the same {} seeds; {} games had other winners.</p>", c.paired_games, c.games_with_other_winners);
    o.push_str("<table><tr><th>seat</th><th>baseline wins</th><th>variant wins</th><th>change in win rate (95%)</th></tr>\n");
    for s in &c.win_rate_change {
        let _ = writeln!(o, "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}{}</td></tr>", escape(&s.seat), s.baseline_wins, s.variant_wins, signed_pct(&s.change), if s.significant { " *" } else { "" });
    }
    o.push_str("</table>\n");
    for (title, changes) in [("final score", &c.score_change), ("at the end of the game", &c.measure_change)] {
        if changes.is_empty() {
            continue;
        }
        let _ = writeln!(o, "<table><tr><th>{title}</th><th>baseline</th><th>variant</th><th>change (95%)</th></tr>");
        for m in changes {
            let _ = writeln!(o, "<tr><td>{}</td><td>{:.2}</td><td>{:.2}</td><td>{}{}</td></tr>", escape(&m.name), m.baseline, m.variant, num(&m.change), if m.change.excludes_zero() { " *" } else { "" });
        }
        o.push_str("</table>\n");
    }
    let _ = writeln!(o, "<p class=\"note\">* the 95% interval excludes zero: the variant moved it. Intervals are paired by seed from 30 games on.</p>");
    o.push_str(&format!("<div>{}</div>\n", comparison_svg(c)));
    o.push_str("<h2>Baseline</h2>\n");
    o.push_str(&results_section(&c.baseline));
    o.push_str(&measures_section(&c.baseline));
    o.push_str("<h2>Variant</h2>\n");
    o.push_str(&results_section(&c.variant));
    o.push_str(&measures_section(&c.variant));
    page(&format!("{} {}: variant against baseline", c.baseline.game, c.baseline.scenario), &o)
}

/// The page of a sweep: the curve, the even point and one row per value.
pub fn sweep_html(s: &SweepReport) -> String {
    let Some(first) = s.reports.first() else { return page(&s.sweep, "<p>No values.</p>") };
    let mut o = setup_section(first);
    let _ = writeln!(o, "<h2>Sweep of <code>{}</code></h2>", escape(&s.sweep));
    if let (Some(x), 2) = (s.even_at, first.seats.len()) {
        let _ = writeln!(o, "<p><b>{} and {} win equally often near {}.</b></p>", escape(&first.seats[0]), escape(&first.seats[1]), crate::chart::number_text(x));
    }
    o.push_str(&format!("<div>{}</div>\n", sweep_svg(s)));
    o.push_str("<table><tr><th>value</th>");
    for seat in &first.seats {
        let _ = write!(o, "<th>{} win rate (95%)</th>", escape(seat));
    }
    o.push_str("<th>draws</th><th>mean length</th></tr>\n");
    for (v, r) in s.values.iter().zip(&s.reports) {
        let _ = write!(o, "<tr><td>{}</td>", escape(v));
        for i in &r.win_rate {
            let _ = write!(o, "<td>{}</td>", pct(i));
        }
        let _ = writeln!(o, "<td>{}</td><td>{:.1}</td></tr>", r.draws, r.mean_length);
    }
    o.push_str("</table>\n");
    page(&format!("{} {}: sweep", first.game, first.scenario), &o)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{compare, sample_report as report};

    #[test]
    fn a_report_page_has_every_section_escaped() {
        let r = report(&[0, 0, 1, 0]);
        let html = sim_html(&r);
        for part in ["What was played", "Who wins", "How and when games end", "Turn by turn", "union SW", "Seat advantage", "r &lt;b&gt;", "<svg"] {
            assert!(html.contains(part), "missing {part}");
        }
        assert!(!html.contains("r <b>"));
        let c = comparison_html(&compare(report(&[0, 0, 1, 1]), report(&[0, 0, 0, 1])));
        assert!(c.contains("What the variant changes") && c.contains("union SW"));
    }
}
