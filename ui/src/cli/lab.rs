//! The balance lab's commands: `bivouac sim` (a batch, a variant against the base, a sweep of
//! one content value, a shard of a batch) and `bivouac merge` (the shards' reports into one).

use super::{CliError, CliResult, err, sim_exit, with_progress, write_chart};
use bivouac_engine::chart::{comparison_svg, sim_svg, sweep_svg};
use bivouac_engine::report::{comparison_html, sim_html, sweep_html};
use bivouac_engine::session::AnyGame;
use bivouac_engine::sim::{SimConfig, SimReport, compare, merge};
use bivouac_engine::sweep::{SweepReport, SweepSpec, value_text, write_layer};
use bivouac_systems::load_catalog;
use std::path::{Path, PathBuf};

/// Where a run's answers go besides the table on standard output.
pub struct Outputs {
    pub chart: Option<PathBuf>,
    pub html: Option<PathBuf>,
    pub json: bool,
}

impl Outputs {
    fn write(&self, svg: impl FnOnce() -> String, html: impl FnOnce() -> String) -> CliResult {
        if let Some(path) = &self.chart {
            write_chart(path, &svg())?;
        }
        if let Some(path) = &self.html {
            std::fs::write(path, html()).map_err(|e| err(format!("cannot write {}: {e}", path.display())))?;
        }
        Ok(())
    }
}

/// One batch, or one shard of a batch (its JSON keeps every game's record for `merge`).
pub fn batch(game: &dyn AnyGame, cfg: &SimConfig, out: &Outputs) -> CliResult {
    if cfg.shard.is_some() && !out.json {
        return Err(err("a shard's report is for `bivouac merge`: add --json and save it to a file (`--shard 2/8 --json > shard-2.json`)"));
    }
    let mut report = with_progress(cfg.indices().len(), |control| game.simulate_with(cfg, control))?;
    out.write(|| sim_svg(&report), || sim_html(&report))?;
    if cfg.shard.is_none() {
        report.records.clear();
    }
    print_report(&report, out.json);
    sim_exit(report.stopped, &report.errors)
}

fn print_report(report: &SimReport, json: bool) {
    if json {
        println!("{}", serde_json::to_string_pretty(report).expect("a report is plain data"));
    } else {
        print!("{}", report.to_table());
    }
}

/// The same seeds with and without a mod folder laid over the content.
pub fn variant(game: &dyn AnyGame, layers: &[PathBuf], dir: &Path, cfg: &SimConfig, out: &Outputs) -> CliResult {
    if !dir.is_dir() {
        return Err(err(format!("the variant {} is not a folder", dir.display())));
    }
    let mut variant_layers = layers.to_vec();
    variant_layers.push(dir.to_path_buf());
    let variant_catalog = load_catalog(&variant_layers);
    let other = super::find_game(&variant_catalog, game.id()).map_err(|e| err(format!("the variant {} does not load: {}", dir.display(), e.1)))?;
    if other.content_hash() == game.content_hash() {
        eprintln!("note: {} changes nothing in {}'s content", dir.display(), game.id());
    }
    let (base, var) = with_progress(cfg.games, |control| game.simulate_variant(other, cfg, control))?;
    let mut comparison = compare(base, var);
    out.write(|| comparison_svg(&comparison), || comparison_html(&comparison))?;
    comparison.baseline.records.clear();
    comparison.variant.records.clear();
    if out.json {
        println!("{}", serde_json::to_string_pretty(&comparison).expect("a report is plain data"));
    } else {
        print!("{}", comparison.to_table());
    }
    let mut errors = comparison.baseline.errors.clone();
    errors.extend(comparison.variant.errors.iter().cloned());
    sim_exit(comparison.baseline.stopped, &errors)
}

/// The same batch once per value of one content key.
pub fn sweep(game: &dyn AnyGame, layers: &[PathBuf], spec: &str, cfg: &SimConfig, out: &Outputs) -> CliResult {
    let spec = SweepSpec::parse(spec).map_err(err)?;
    let scratch = Scratch::new()?;
    let mut reports = Vec::with_capacity(spec.values.len());
    for (k, value) in spec.values.iter().enumerate() {
        let layer = write_layer(layers, game.id(), &spec, value, &scratch.0.join(k.to_string())).map_err(err)?;
        let mut with_value = layers.to_vec();
        with_value.push(layer);
        let catalog = load_catalog(&with_value);
        let shown = format!("{} = {}", spec.path_text(), value_text(value));
        let swept = super::find_game(&catalog, game.id()).map_err(|e| err(format!("{} with {shown} does not load: {}", game.id(), e.1)))?;
        eprintln!("{shown}:");
        let mut report = with_progress(cfg.games, |control| swept.simulate_with(cfg, control))?;
        report.records.clear();
        let stopped = report.stopped;
        reports.push(report);
        if stopped {
            break;
        }
    }
    let mut partial = spec.clone();
    partial.values.truncate(reports.len());
    let result = SweepReport::new(&partial, reports);
    out.write(|| sweep_svg(&result), || sweep_html(&result))?;
    if out.json {
        println!("{}", serde_json::to_string_pretty(&result).expect("a report is plain data"));
    } else {
        print!("{}", result.to_table());
    }
    let errors: Vec<String> = result.reports.iter().flat_map(|r| r.errors.iter().cloned()).collect();
    sim_exit(result.reports.len() < spec.values.len(), &errors)
}

/// `bivouac merge`: the shards' JSON reports into the report of the whole batch.
pub fn merge_files(files: &[PathBuf], out: &Outputs) -> CliResult {
    let mut reports = Vec::with_capacity(files.len());
    for f in files {
        let text = std::fs::read_to_string(f).map_err(|e| err(format!("cannot read {}: {e}", f.display())))?;
        let report: SimReport =
            serde_json::from_str(&text).map_err(|e| err(format!("{}: not a shard's report (`bivouac sim --shard K/N --json`): {e}", f.display())))?;
        reports.push(report);
    }
    let mut report = merge(reports).map_err(err)?;
    out.write(|| sim_svg(&report), || sim_html(&report))?;
    report.records.clear();
    print_report(&report, out.json);
    sim_exit(report.stopped, &report.errors)
}

/// A folder of this run's own under the system's temporary folder, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Result<Scratch, CliError> {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
        let dir = std::env::temp_dir().join(format!("bivouac-sweep-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| err(format!("cannot make a folder for the sweep in {}: {e}", dir.display())))?;
        Ok(Scratch(dir))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `bivouac balance`: every scenario of every game (or of one), a batch at each AI level, as
/// the Markdown page docs/balance.md is made of.
pub fn balance(catalog: &bivouac_systems::Catalog, only: Option<&str>, games: usize, seed: u64, levels: &[String], out: Option<&Path>) -> CliResult {
    use bivouac_engine::agent::AgentKind;
    use std::fmt::Write;
    let kinds = levels.iter().map(|a| AgentKind::parse(a).map_err(err)).collect::<Result<Vec<_>, _>>()?;
    let mut page = String::from("# Balance\n\nEach scenario's balance as measured by self-play: every seat played by the same AI level, game `i` with seed ");
    let _ = writeln!(page, "{seed} + `i`. Win rates with 95% intervals; the advantage is the first seat's win rate minus the second's (two-seat games).");
    let _ = writeln!(page, "Made by `bivouac balance --games {games} --seed {seed} --ai {} --out docs/balance.md`; random play measures the rules' structure more than the scenario's balance.\n", levels.join(","));
    let mut errors = Vec::new();
    for game in &catalog.games {
        if only.is_some_and(|g| g != game.id()) {
            continue;
        }
        let _ = writeln!(page, "## {}\n", game.title());
        let _ = writeln!(page, "| scenario | AI | games | win rates | draws | advantage | mean length | most frequent end |\n|---|---|---|---|---|---|---|---|");
        for sc in game.scenarios() {
            for (kind, level) in kinds.iter().zip(levels) {
                let setup = bivouac_engine::Setup::new(sc.id.clone(), sc.default_players, seed);
                let cfg = SimConfig::new(setup, games, vec![*kind]);
                eprintln!("{} {} ({level}):", game.id(), sc.id);
                let r = with_progress(games, |control| game.simulate_with(&cfg, control))?;
                errors.extend(r.errors.iter().cloned());
                let rates: Vec<String> = r
                    .seats
                    .iter()
                    .zip(&r.win_rate)
                    .map(|(s, i)| format!("{s} {}", i.percent_text()))
                    .collect();
                let advantage = r.seat_advantage.map_or("".into(), |a| format!("{:+.1}% ({:+.1} to {:+.1})", 100.0 * a.estimate, 100.0 * a.low, 100.0 * a.high));
                let end = r.reasons.iter().max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0))).map_or(String::new(), |(reason, n)| format!("{n}: {reason}"));
                let _ = writeln!(
                    page,
                    "| {} | {level} | {} | {} | {} | {advantage} | {:.0} | {} |",
                    sc.title,
                    r.games,
                    rates.join("; "),
                    r.draws,
                    r.mean_length,
                    end.replace('|', "/")
                );
                if r.stopped {
                    return Err(CliError(130, "stopped before every scenario was played".into()));
                }
            }
        }
        page.push('\n');
    }
    match out {
        Some(path) => std::fs::write(path, &page).map_err(|e| err(format!("cannot write {}: {e}", path.display())))?,
        None => print!("{page}"),
    }
    sim_exit(false, &errors)
}
