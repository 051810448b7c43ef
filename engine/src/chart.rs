//! Chart images of the balance lab as hand-written SVG (`bivouac sim --chart out.svg`):
//! win rate per seat with its 95% interval, and the histogram of game lengths; for a variant,
//! the change of each seat's win rate with its interval. No plotting crate: a few rectangles.

use crate::sim::{Bucket, Comparison, Interval, SimReport};
use crate::sweep::SweepReport;
use std::fmt::Write;

const W: f64 = 860.0;
const H: f64 = 360.0;
const PANEL_W: f64 = 380.0;
const TOP: f64 = 50.0;
const BOTTOM: f64 = 300.0;
const COLOURS: [&str; 6] = ["#3b6ea5", "#a5473b", "#5a8f3c", "#b08a2e", "#7a4fa0", "#3b9a9a"];

/// Text made safe inside SVG and HTML.
pub(crate) fn escape(s: &str) -> String {
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

/// One line of a [`line_svg`] chart: a value with its 95% interval at each x.
pub struct Series {
    pub name: String,
    pub points: Vec<(f64, Interval)>,
}

/// Lines with their 95% bands over a numeric x axis: a measure turn by turn, or win rates
/// across a sweep.
pub fn line_svg(title: &str, x_label: &str, y_label: &str, series: &[Series], percent_axis: bool) -> String {
    let mut o = start(title);
    let (left, right) = (70.0, W - 160.0);
    let all = series.iter().flat_map(|s| s.points.iter());
    let (mut x_lo, mut x_hi, mut y_lo, mut y_hi) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for (x, v) in all {
        x_lo = x_lo.min(*x);
        x_hi = x_hi.max(*x);
        y_lo = y_lo.min(v.low.min(v.estimate));
        y_hi = y_hi.max(v.high.max(v.estimate));
    }
    if x_lo > x_hi {
        o.push_str("<text x=\"50\" y=\"100\">no data</text></svg>\n");
        return o;
    }
    if percent_axis {
        (y_lo, y_hi) = (0.0, 1.0);
    } else if y_hi - y_lo < 1e-9 {
        (y_lo, y_hi) = (y_lo - 1.0, y_hi + 1.0);
    }
    if x_hi - x_lo < 1e-9 {
        (x_lo, x_hi) = (x_lo - 1.0, x_hi + 1.0);
    }
    let px = |x: f64| left + (x - x_lo) / (x_hi - x_lo) * (right - left);
    let py = |y: f64| BOTTOM - (y - y_lo) / (y_hi - y_lo) * (BOTTOM - TOP);
    let label = |v: f64| if percent_axis { format!("{:.0}%", 100.0 * v) } else { format!("{v:.4}").trim_end_matches('0').trim_end_matches('.').to_string() };
    for k in 0..=4 {
        let v = y_lo + (y_hi - y_lo) * k as f64 / 4.0;
        let _ = writeln!(
            o,
            "<line x1=\"{left}\" x2=\"{right}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#ddd\"/><text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\" font-size=\"10\">{}</text>",
            py(v),
            py(v),
            left - 4.0,
            py(v) + 3.0,
            label(v)
        );
    }
    for k in 0..=5 {
        let x = x_lo + (x_hi - x_lo) * k as f64 / 5.0;
        let _ = writeln!(o, "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\" font-size=\"10\">{}</text>", px(x), BOTTOM + 14.0, number_text(x));
    }
    let _ = writeln!(o, "<line x1=\"{left}\" x2=\"{right}\" y1=\"{BOTTOM}\" y2=\"{BOTTOM}\" stroke=\"#333\"/>");
    let _ = writeln!(o, "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"11\">{}</text>", (left + right) / 2.0, BOTTOM + 32.0, escape(x_label));
    let _ = writeln!(o, "<text x=\"16\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"11\" transform=\"rotate(-90 16 {:.1})\">{}</text>", (TOP + BOTTOM) / 2.0, (TOP + BOTTOM) / 2.0, escape(y_label));
    for (i, s) in series.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        if s.points.len() > 1 {
            let upper: Vec<String> = s.points.iter().map(|(x, v)| format!("{:.1},{:.1}", px(*x), py(v.high))).collect();
            let lower: Vec<String> = s.points.iter().rev().map(|(x, v)| format!("{:.1},{:.1}", px(*x), py(v.low))).collect();
            let _ = writeln!(o, "<polygon points=\"{} {}\" fill=\"{colour}\" fill-opacity=\"0.15\"/>", upper.join(" "), lower.join(" "));
            let line: Vec<String> = s.points.iter().map(|(x, v)| format!("{:.1},{:.1}", px(*x), py(v.estimate))).collect();
            let _ = writeln!(o, "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"/>", line.join(" "));
        }
        for (x, v) in &s.points {
            let _ = writeln!(
                o,
                "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"3\" fill=\"{colour}\"><title>{}: {} at {}</title></circle>",
                px(*x),
                py(v.estimate),
                escape(&s.name),
                label(v.estimate),
                number_text(*x)
            );
        }
        let ly = TOP + 16.0 * i as f64;
        let _ = writeln!(o, "<rect x=\"{}\" y=\"{:.1}\" width=\"12\" height=\"12\" fill=\"{colour}\"/><text x=\"{}\" y=\"{:.1}\">{}</text>", right + 14.0, ly - 10.0, right + 30.0, ly, escape(&s.name));
    }
    o.push_str("</svg>\n");
    o
}

/// A number as a designer reads it: at most two decimals, no trailing zeros (`10.5`, `8`).
pub fn number_text(x: f64) -> String {
    let s = format!("{x:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Each measure's mean turn by turn with its 95% band, one chart per measure kind.
pub fn trajectory_svg(r: &SimReport) -> String {
    let series: Vec<Series> = r
        .measures
        .iter()
        .enumerate()
        .map(|(m, name)| Series { name: name.clone(), points: r.trajectory.iter().map(|row| (row.turn as f64, row.values[m])).collect() })
        .collect();
    line_svg(&format!("{} {}: measures at the start of each turn, mean and 95% band", r.game, r.scenario), "turn", "mean", &series, false)
}

/// Each seat's win rate across the values of a sweep.
pub fn sweep_svg(s: &SweepReport) -> String {
    let Some(first) = s.reports.first() else { return line_svg(&s.sweep, "value", "win rate", &[], true) };
    let xs: Vec<f64> = s.values.iter().enumerate().map(|(k, v)| v.parse().unwrap_or(k as f64)).collect();
    let series: Vec<Series> = first
        .seats
        .iter()
        .enumerate()
        .map(|(seat, name)| Series { name: name.clone(), points: xs.iter().zip(&s.reports).map(|(x, r)| (*x, r.win_rate[seat])).collect() })
        .collect();
    line_svg(&format!("{} {}: win rate across {}", first.game, first.scenario, s.sweep), "value", "win rate", &series, true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{compare, sample_report as report};

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
    fn a_line_chart_draws_each_series_with_its_band() {
        let i = |e: f64| Interval { estimate: e, low: e - 0.1, high: e + 0.1 };
        let series = [Series { name: "union SW".into(), points: vec![(1.0, i(0.2)), (2.0, i(0.4)), (3.0, i(0.5))] }];
        let svg = line_svg("t", "turn", "mean", &series, false);
        assert!(balanced(&svg));
        assert_eq!(svg.matches("<polyline").count(), 1);
        assert_eq!(svg.matches("<circle").count(), 3);
        assert!(svg.contains("union SW"));
        assert!(balanced(&line_svg("empty", "x", "y", &[], true)));
    }

    #[test]
    fn a_comparison_chart_shows_signed_changes() {
        let c = compare(report(&[0, 0, 1, 1]), report(&[0, 0, 0, 1]));
        let svg = comparison_svg(&c);
        assert!(balanced(&svg));
        assert!(svg.contains("+25.0%") && svg.contains("-25.0%"), "{svg}");
    }
}
