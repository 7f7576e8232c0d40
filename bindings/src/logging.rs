//! Logging of the bindings to the platform's log: Android's logcat
//! (`android_logger`, tag `norochess`), Apple's unified log (`oslog`,
//! subsystem `app.norochess.core`), and standard error elsewhere (the JVM
//! and Swift tests on Linux).
//!
//! The backend is installed exactly once, by the first call of
//! [`set_log_level`]; later calls only change the level. Until the app
//! calls it nothing is logged. The core crate does not log yet (it has no
//! `log` dependency); the bindings log each game created, move played,
//! search started and finished, and every error returned (at `debug`), and
//! internal errors (at `error`).

use once_cell::sync::OnceCell;

/// How much the core logs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum LogLevel {
    /// Nothing.
    Off,
    /// Internal errors only.
    Error,
    /// Also recoverable problems (a failing search listener).
    Warn,
    /// Also notable events.
    Info,
    /// Also every call's errors, moves and searches (development builds).
    Debug,
    /// Everything.
    Trace,
}

impl From<LogLevel> for log::LevelFilter {
    fn from(level: LogLevel) -> Self {
        match level {
            LogLevel::Off => log::LevelFilter::Off,
            LogLevel::Error => log::LevelFilter::Error,
            LogLevel::Warn => log::LevelFilter::Warn,
            LogLevel::Info => log::LevelFilter::Info,
            LogLevel::Debug => log::LevelFilter::Debug,
            LogLevel::Trace => log::LevelFilter::Trace,
        }
    }
}

static BACKEND: OnceCell<()> = OnceCell::new();

/// Sends the core's log to the platform's log at `level` and above. The
/// first call installs the backend (once per process); call it again to
/// change the level.
#[uniffi::export]
pub fn set_log_level(level: LogLevel) {
    BACKEND.get_or_init(install_backend);
    log::set_max_level(level.into());
    log::info!("log level {level:?}");
}

#[cfg(target_os = "android")]
fn install_backend() {
    // No level in the config: the logger follows `log::max_level()`.
    android_logger::init_once(android_logger::Config::default().with_tag("norochess"));
}

#[cfg(target_os = "ios")]
fn install_backend() {
    if oslog::OsLogger::new("app.norochess.core").init().is_err() {
        // Another logger was installed first (by the app's own Rust code).
    }
}

#[cfg(not(any(target_os = "android", target_os = "ios")))]
fn install_backend() {
    struct Stderr;
    impl log::Log for Stderr {
        fn enabled(&self, metadata: &log::Metadata<'_>) -> bool {
            metadata.level() <= log::max_level()
        }
        fn log(&self, record: &log::Record<'_>) {
            if self.enabled(record.metadata()) {
                eprintln!("[norochess {}] {}", record.level(), record.args());
            }
        }
        fn flush(&self) {}
    }
    static LOGGER: Stderr = Stderr;
    // Fails only if the host program installed a logger itself: keep it.
    let _ = log::set_logger(&LOGGER);
}
