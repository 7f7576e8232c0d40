//! The wall clock read as seconds since 1970, in a module of its own so the
//! library (dates of games and attempts) and the ratings (today's daily
//! puzzle) both read it without either importing the other.

/// Seconds since 1970 (dates of games and attempts, and today's day).
pub(crate) fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}
