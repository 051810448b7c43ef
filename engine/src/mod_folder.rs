//! What a folder given as a mod (or as the content) must hold before any game reads it: one
//! folder per game it changes, named as the games are. A path that holds nothing loadable is an
//! error naming it, never a silent "ok".

use std::path::Path;

/// Check `dir`, given by the user as a mod folder (`--mod DIR`, `validate DIR`), or as the whole
/// content when `whole` (`--content DIR`), against the folder names of the known `games`. The
/// error names the path and what to do.
pub fn check(dir: &Path, whole: bool, games: &[&str]) -> Result<(), String> {
    let what = if whole { "content folder" } else { "mod folder" };
    let shown = dir.display();
    let meta = std::fs::metadata(dir).map_err(|_| format!("{shown}: no such {what}"))?;
    if !meta.is_dir() {
        return Err(format!("{shown}: a file, not a {what} (a {what} holds one folder per game: {})", games.join(", ")));
    }
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{shown}: cannot read the {what}: {e}"))?;
    let mut names: Vec<(String, bool)> = entries
        .filter_map(Result::ok)
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path().is_dir()))
        .filter(|(name, _)| !name.starts_with('.'))
        .collect();
    names.sort();
    let mut found = false;
    for (name, is_dir) in &names {
        let known = games.contains(&name.as_str());
        if *is_dir && known {
            found = true;
        } else if *is_dir {
            return Err(format!("{shown}/{name}: not a game's folder, so nothing in it would be read{}", suggest(name, games)));
        } else if name.ends_with(".toml") || name.ends_with(".lua") {
            return Err(format!(
                "{shown}/{name}: a file at the top of the {what} is read by no game: put it in the folder of the game it changes ({})",
                games.join(", ")
            ));
        }
    }
    if !found {
        return Err(format!("{shown}: holds no game's folder, so there is nothing to load (a {what} holds one folder per game it changes: {})", games.join(", ")));
    }
    Ok(())
}

/// "; did you mean `bobby-lee`?" for a near miss of one of the `games`' folder names.
fn suggest(name: &str, games: &[&str]) -> String {
    let folded = name.to_lowercase().replace(['_', ' '], "-");
    games
        .iter()
        .map(|g| (strsim::levenshtein(&folded, g), *g))
        .filter(|(d, g)| *d <= 3.max(g.len() / 3))
        .min()
        .map_or_else(
            || format!(" (a game's folder is one of: {})", games.join(", ")),
            |(_, g)| format!("; did you mean `{g}`?"),
        )
}

#[cfg(test)]
mod tests {
    use std::fs;

    const GAMES: &[&str] = &["blockade-runner", "bobby-lee", "for-the-people", "gcacw"];

    fn check(dir: &std::path::Path, whole: bool) -> Result<(), String> {
        super::check(dir, whole, GAMES)
    }

    fn temp(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("bivouac-modfolder-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_missing_folder_is_named() {
        let e = check(std::path::Path::new("/no/such/mod"), false).unwrap_err();
        assert!(e.contains("/no/such/mod") && e.contains("no such mod folder"), "{e}");
    }

    #[test]
    fn a_misspelt_game_folder_is_named_with_the_right_name() {
        let dir = temp("misspelt");
        fs::create_dir_all(dir.join("blockade_runner")).unwrap();
        let e = check(&dir, false).unwrap_err();
        assert!(e.contains("blockade_runner: not a game's folder") && e.contains("did you mean `blockade-runner`"), "{e}");
        fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_file_at_the_top_or_an_empty_folder_is_refused() {
        let dir = temp("top-file");
        fs::write(dir.join("cards.toml"), "").unwrap();
        let e = check(&dir, false).unwrap_err();
        assert!(e.contains("cards.toml: a file at the top"), "{e}");
        fs::remove_file(dir.join("cards.toml")).unwrap();
        fs::write(dir.join("README.md"), "my mod").unwrap();
        let e = check(&dir, false).unwrap_err();
        assert!(e.contains("holds no game's folder"), "{e}");
        fs::create_dir_all(dir.join("gcacw")).unwrap();
        assert_eq!(check(&dir, false), Ok(()), "a README beside a game's folder is fine");
        fs::remove_dir_all(&dir).ok();
    }
}
