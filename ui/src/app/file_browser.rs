//! The app's own file dialog for "Save as" and "Open": the save folder's games listed (folders
//! to enter, `.json` files to pick), a name to type when saving. It never replaces a file
//! without asking first. (A native dialog would need the desktop's GTK or portal; this one
//! works on every machine the app runs on, and in the headless tests.)

use egui::RichText;
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Save,
    Open,
}

/// What the player chose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Chosen {
    /// Save to this path (a new file, or one the player agreed to replace).
    Save(PathBuf),
    Open(PathBuf),
    Cancel,
}

pub struct FileBrowser {
    pub mode: Mode,
    pub dir: PathBuf,
    /// The file name typed (Save) or picked.
    pub name: String,
    /// A file that exists, waiting for the player to agree to replace it.
    pub replace: Option<PathBuf>,
    pub error: Option<String>,
}

/// A folder's entries: sub-folders, then `.json` files, each sorted by name.
pub fn entries(dir: &Path) -> (Vec<PathBuf>, Vec<PathBuf>) {
    let mut dirs = Vec::new();
    let mut files = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            dirs.push(p);
        } else if p.extension().is_some_and(|x| x == "json") {
            files.push(p);
        }
    }
    dirs.sort();
    files.sort();
    (dirs, files)
}

impl FileBrowser {
    pub fn new(mode: Mode, dir: PathBuf, name: String) -> Self {
        FileBrowser { mode, dir, name, replace: None, error: None }
    }

    /// The path the typed name stands for: in the folder shown, `.json` added if missing.
    pub fn target(&self) -> Option<PathBuf> {
        let name = self.name.trim();
        if name.is_empty() || name.contains(['/', '\\']) {
            return None;
        }
        let name = if name.ends_with(".json") { name.to_string() } else { format!("{name}.json") };
        Some(self.dir.join(name))
    }

    /// Confirm the typed name: an existing file is replaced only after asking.
    fn accept(&mut self) -> Option<Chosen> {
        let Some(path) = self.target() else {
            self.error = Some("type a file name (no folders in it)".into());
            return None;
        };
        match self.mode {
            Mode::Save if path.exists() => {
                self.replace = Some(path);
                None
            }
            Mode::Save => Some(Chosen::Save(path)),
            Mode::Open if path.is_file() => Some(Chosen::Open(path)),
            Mode::Open => {
                self.error = Some(format!("no file {}", path.display()));
                None
            }
        }
    }

    /// Draw the dialog in a window; returns the player's choice once made.
    pub fn show(&mut self, ctx: &egui::Context) -> Option<Chosen> {
        let mut chosen = None;
        let title = match self.mode {
            Mode::Save => "Save the game as",
            Mode::Open => "Open a saved game",
        };
        egui::Window::new(title).collapsible(false).resizable(true).default_width(460.0).anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0]).show(ctx, |ui| {
            if let Some(path) = self.replace.clone() {
                let name = path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
                ui.label(RichText::new(format!("{name} already exists. Replace it? The game saved in it is lost.")).strong());
                ui.horizontal(|ui| {
                    if ui.button("Replace").clicked() {
                        chosen = Some(Chosen::Save(path.clone()));
                    }
                    if ui.button("Keep it").clicked() {
                        self.replace = None;
                    }
                });
                return;
            }
            ui.horizontal(|ui| {
                ui.label(RichText::new(self.dir.display().to_string()).monospace().small());
                if let Some(up) = self.dir.parent().map(Path::to_path_buf)
                    && ui.small_button("Up").on_hover_text("The folder above").clicked()
                {
                    self.dir = up;
                }
            });
            let (dirs, files) = entries(&self.dir);
            egui::ScrollArea::vertical().max_height(260.0).auto_shrink([false, true]).show(ui, |ui| {
                for d in &dirs {
                    let name = d.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
                    if ui.selectable_label(false, format!("[folder] {name}")).clicked() {
                        self.dir = d.clone();
                    }
                }
                for f in &files {
                    let name = f.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
                    let picked = self.name == name;
                    let r = ui.selectable_label(picked, &name);
                    if r.clicked() {
                        self.name = name.clone();
                        self.error = None;
                    }
                    if r.double_clicked() {
                        chosen = self.accept();
                    }
                }
                if dirs.is_empty() && files.is_empty() {
                    ui.weak("No saved game in this folder.");
                }
            });
            ui.separator();
            ui.horizontal(|ui| {
                ui.label("File name");
                let edit = ui.add(egui::TextEdit::singleline(&mut self.name).hint_text("my-game.json").desired_width(240.0));
                edit.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "File name"));
            });
            if let Some(e) = &self.error {
                ui.colored_label(egui::Color32::from_rgb(170, 30, 30), e);
            }
            ui.horizontal(|ui| {
                let verb = if self.mode == Mode::Save { "Save the game" } else { "Open this game" };
                if ui.button(verb).clicked() && chosen.is_none() {
                    chosen = self.accept();
                }
                if ui.button("Cancel").clicked() {
                    chosen = Some(Chosen::Cancel);
                }
            });
        });
        chosen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Saving onto an existing file asks first; a new name saves at once; `.json` is added.
    #[test]
    fn an_existing_file_is_replaced_only_after_asking() {
        let dir = std::env::temp_dir().join(format!("bivouac-browser-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("kept.json"), "{}").unwrap();
        let mut b = FileBrowser::new(Mode::Save, dir.clone(), "kept".into());
        assert_eq!(b.accept(), None, "an existing file is not replaced at once");
        assert_eq!(b.replace, Some(dir.join("kept.json")));
        let mut b = FileBrowser::new(Mode::Save, dir.clone(), "new-game".into());
        assert_eq!(b.accept(), Some(Chosen::Save(dir.join("new-game.json"))));
        let mut b = FileBrowser::new(Mode::Save, dir.clone(), "../elsewhere".into());
        assert_eq!(b.accept(), None, "a name with folders in it is refused");
        let mut b = FileBrowser::new(Mode::Open, dir.clone(), "kept.json".into());
        assert_eq!(b.accept(), Some(Chosen::Open(dir.join("kept.json"))));
        assert_eq!(entries(&dir).1, vec![dir.join("kept.json")]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
