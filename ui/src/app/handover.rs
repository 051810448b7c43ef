//! Between two human players with secrets, the screen is covered until the next player says
//! they have the device, so nobody sees another's hand or hidden pieces.

use egui::RichText;

/// Returns true when the player confirms.
pub fn show(ui: &mut egui::Ui, name: &str) -> bool {
    let mut go = false;
    ui.vertical_centered(|ui| {
        ui.add_space(ui.available_height() * 0.3);
        ui.label(RichText::new(format!("Pass the device to {name}")).size(30.0).strong());
        ui.add_space(10.0);
        ui.label("The other players should look away: the next screen shows this seat's secrets.");
        ui.add_space(20.0);
        let b = egui::Button::new(RichText::new(format!("Continue as {name}")).size(20.0)).min_size(egui::vec2(240.0, 44.0));
        go = ui.add(b).clicked();
    });
    go
}
