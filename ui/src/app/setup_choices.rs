//! The choices a new game's setup offers besides its game and scenario, shown the same way by
//! the launcher (a game played here) and the online lobby (a game on a server): the number of
//! players where the scenario allows several, and each of the scenario's rules options with its
//! description in prose.

use bivouac_engine::ScenarioInfo;
use std::collections::BTreeMap;

/// Keep `players` within the scenario's range and every option set to one of its values (the
/// first, the rulebook's reading, by default).
pub fn normalize(info: &ScenarioInfo, players: &mut u8, options: &mut BTreeMap<String, String>) {
    if *players < info.min_players || *players > info.max_players {
        *players = info.default_players;
    }
    options.retain(|k, v| info.options.iter().any(|o| &o.key == k && o.values.contains(v)));
    for o in &info.options {
        if let Some(first) = o.values.first() {
            options.entry(o.key.clone()).or_insert_with(|| first.clone());
        }
    }
}

/// The players row of a setup grid: a slider when the scenario allows several counts.
pub fn players_row(ui: &mut egui::Ui, info: &ScenarioInfo, players: &mut u8) {
    let l = ui.label("Players");
    if info.min_players == info.max_players {
        ui.label(info.min_players.to_string());
    } else {
        ui.add(egui::Slider::new(players, info.min_players..=info.max_players)).labelled_by(l.id);
    }
}

/// The scenario's rules options, each a menu of its values labelled by its key, with its
/// description; `salt` keeps two screens' menus apart.
pub fn options_ui(ui: &mut egui::Ui, info: &ScenarioInfo, options: &mut BTreeMap<String, String>, salt: &str) {
    if info.options.is_empty() {
        return;
    }
    ui.label(egui::RichText::new("Rules options").strong());
    for o in &info.options {
        ui.horizontal(|ui| {
            let value = options.entry(o.key.clone()).or_default();
            let combo = egui::ComboBox::from_id_salt((salt, "option", &o.key))
                .selected_text(value.as_str())
                .show_ui(ui, |ui| {
                    for v in &o.values {
                        ui.selectable_value(value, v.clone(), v);
                    }
                })
                .response;
            let l = ui.label(egui::RichText::new(&o.key).monospace().weak());
            combo.labelled_by(l.id);
        });
        ui.add(egui::Label::new(egui::RichText::new(&o.description)).wrap());
        ui.add_space(4.0);
    }
}
