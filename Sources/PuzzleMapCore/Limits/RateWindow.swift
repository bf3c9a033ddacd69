import Foundation

/// The fixed window a rate limit counts in: it starts with the first event counted, and events
/// count in it until it is `length` old; the next event then starts a new one.
///
/// A window that starts a whole `length` or more in the future means the clock went back (an
/// NTP step, a virtual machine restored): it is over too, or a player would stay locked out
/// until the clock caught up again, an hour for an hour's step. Smaller differences, such as
/// two instances' clocks a few milliseconds apart, leave it standing, so taking turns between
/// instances never resets a limit.
public enum RateWindow {
    /// Whether a window that started at `start` still counts events at `date`.
    public static func isCurrent(startedAt start: Date, at date: Date, length: TimeInterval) -> Bool {
        let age = date.timeIntervalSince(start)
        return age < length && age > -length
    }
}
