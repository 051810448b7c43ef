//! Scenario options as users give them (`--option key=value`, the app's choices): every game
//! refuses an unknown key or value through the engine's one check (`check_options`), naming the
//! keys or values it takes, and accepts each option's default. The options are the games'
//! optional rules and two-way readings, e.g. FtP 19 and 20, BL 3.2.3 (free deployment), BR 3.6
//! (evasion dice).

use super::{builtin_content_dir, load_catalog};
use bivouac_engine::game::Setup;

#[test]
fn every_game_refuses_unknown_option_keys_and_values_listing_the_allowed_ones() {
    let catalog = load_catalog(&[builtin_content_dir()]);
    assert!(catalog.errors.is_empty(), "content errors");
    assert_eq!(catalog.games.len(), 4, "every game is playable");
    for g in &catalog.games {
        for sc in g.scenarios() {
            let setup = |k: &str, v: &str| {
                let mut s = Setup::new(sc.id.clone(), sc.default_players, 1);
                s.options.insert(k.into(), v.into());
                s
            };
            let err = g.new_session(setup("no-such-option", "on")).err().unwrap_or_else(|| panic!("{} {}: unknown key accepted", g.id(), sc.id)).to_string();
            assert!(err.contains("unknown option `no-such-option`"), "{err}");
            for o in &sc.options {
                assert!(err.contains(&format!("`{}`", o.key)), "{} {}: the keys are listed: {err}", g.id(), sc.id);
                let err = g.new_session(setup(&o.key, "no-such-value")).err().unwrap_or_else(|| panic!("{} {} {}: unknown value accepted", g.id(), sc.id, o.key)).to_string();
                assert!(err.contains(&format!("option `{}` takes", o.key)) && err.contains("not `no-such-value`"), "{err}");
                assert!(o.values.iter().all(|v| err.contains(&format!("`{v}`"))), "{} {}: the values are listed: {err}", g.id(), sc.id);
            }
            let mut defaults = Setup::new(sc.id.clone(), sc.default_players, 1);
            defaults.options = sc.options.iter().map(|o| (o.key.clone(), o.values[0].clone())).collect();
            if let Err(e) = g.new_session(defaults) {
                panic!("{} {}: the default options are refused: {e}", g.id(), sc.id);
            }
        }
    }
}
