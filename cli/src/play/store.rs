//! What `norochess play` keeps between runs, in one directory: the
//! unfinished game (`current.pgn`, saved after every move), finished and
//! set-aside games (`games/game-NNNN.pgn`), puzzle progress (`puzzles.txt`)
//! and settings (`settings.txt`).

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The store directory.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
}

/// The default store: `<data dir>/norochess` (for example
/// `~/.local/share/norochess` on Linux).
pub fn default_dir() -> PathBuf {
    dirs::data_dir()
        .or_else(dirs::home_dir)
        .unwrap_or_else(|| PathBuf::from("."))
        .join("norochess")
}

impl Store {
    /// A store in `dir` (created on the first write).
    pub fn new(dir: PathBuf) -> Store {
        Store { dir }
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn current_path(&self) -> PathBuf {
        self.dir.join("current.pgn")
    }

    fn games_dir(&self) -> PathBuf {
        self.dir.join("games")
    }

    fn progress_path(&self) -> PathBuf {
        self.dir.join("puzzles.txt")
    }

    fn settings_path(&self) -> PathBuf {
        self.dir.join("settings.txt")
    }

    /// Writes a file whole: to a temporary name first, then renamed, so a
    /// killed program never leaves half a file.
    fn write(&self, path: &Path, text: &str) -> io::Result<()> {
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)?;
        }
        let temporary = path.with_extension("tmp");
        fs::write(&temporary, text)?;
        fs::rename(&temporary, path)
    }

    fn read(path: &Path) -> Option<String> {
        fs::read_to_string(path).ok()
    }

    /// The unfinished game's record, if there is one.
    pub fn load_current(&self) -> Option<String> {
        Store::read(&self.current_path()).filter(|t| !t.trim().is_empty())
    }

    /// Saves the unfinished game's record.
    pub fn save_current(&self, pgn: &str) -> io::Result<PathBuf> {
        let path = self.current_path();
        self.write(&path, pgn)?;
        Ok(path)
    }

    /// Forgets the unfinished game.
    pub fn clear_current(&self) -> io::Result<()> {
        match fs::remove_file(self.current_path()) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }

    /// Files the record of a game in the games list; `existing` rewrites a
    /// game filed before. Returns its file.
    pub fn archive(&self, pgn: &str, existing: Option<&Path>) -> io::Result<PathBuf> {
        let path = match existing {
            Some(path) => path.to_path_buf(),
            None => {
                let next = self
                    .game_files()
                    .iter()
                    .filter_map(|p| game_number(p))
                    .max()
                    .unwrap_or(0)
                    + 1;
                self.games_dir().join(format!("game-{next:04}.pgn"))
            }
        };
        self.write(&path, pgn)?;
        Ok(path)
    }

    /// Removes a filed game.
    pub fn unarchive(&self, path: &Path) -> io::Result<()> {
        match fs::remove_file(path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }

    /// The filed games, oldest first.
    pub fn game_files(&self) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = fs::read_dir(self.games_dir())
            .map(|entries| {
                entries
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| game_number(p).is_some())
                    .collect()
            })
            .unwrap_or_default();
        files.sort_by_key(|p| game_number(p));
        files
    }

    /// Reads a filed game's record.
    pub fn read_game(&self, path: &Path) -> Option<String> {
        Store::read(path)
    }

    /// The saved puzzle progress text.
    pub fn load_progress(&self) -> Option<String> {
        Store::read(&self.progress_path())
    }

    /// Saves the puzzle progress text.
    pub fn save_progress(&self, text: &str) -> io::Result<()> {
        self.write(&self.progress_path(), text)
    }

    /// The saved settings text.
    pub fn load_settings(&self) -> Option<String> {
        Store::read(&self.settings_path())
    }

    /// Saves the settings text.
    pub fn save_settings(&self, text: &str) -> io::Result<()> {
        self.write(&self.settings_path(), text)
    }
}

/// `game-0007.pgn` → 7.
fn game_number(path: &Path) -> Option<u32> {
    let name = path.file_name()?.to_str()?;
    name.strip_prefix("game-")?
        .strip_suffix(".pgn")?
        .parse()
        .ok()
}
