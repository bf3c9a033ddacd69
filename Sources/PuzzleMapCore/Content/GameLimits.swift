import Foundation

/// The game's limits and time windows, from the `limits` section of `Campus/game.yaml`. Every
/// field is optional there; these defaults are what the hunt ran with before they were data.
public struct GameLimits: Hashable, Codable, Sendable {
    /// Scans a player may send in a minute.
    public var scansPerMinute = 10
    /// Codes that fail their signature (typed or photographed) before a player must wait.
    public var failedCodesPerWindow = 5
    /// The window those failures are counted in, in minutes.
    public var failedCodesWindowMinutes = 10
    /// Codes tried from one photo: an honest photo holds one, a poster a few.
    public var codesTriedPerUpload = 4
    /// How long a wrong-place check-in waits for the player's decision, in minutes.
    public var checkInMinutes = 15
    /// How far back another player's photo of the same code counts as reused, in hours.
    public var photoReuseHours = 24
    /// How long a riddle given up is not offered again (unless nothing else is left), in minutes.
    public var giveUpCooldownMinutes = 60
    /// Vouchers a player may give away a day.
    public var giftsPerDay = 3
    /// Problem reports (stickers, wrong facts, bugs) a player may send a day.
    public var reportsPerDay = 10
    /// Challenges a player may send to friends a day.
    public var challengesPerDay = 5
    /// How long a challenge waits for the friend's answer, and how long the race lasts once
    /// accepted, in hours.
    public var challengeHours = 24
    /// Access token lifetime, in minutes.
    public var accessTokenMinutes = 60
    /// Refresh token lifetime, in days.
    public var refreshTokenDays = 30
    /// How long a mailed verification code works, in hours.
    public var verificationCodeHours = 24
    /// Wrong verification codes before a new code must be asked for.
    public var verificationAttempts = 5
    /// How long a password reset link works, in minutes.
    public var passwordResetMinutes = 30
    /// How long an invitation for shop staff works, in hours: long enough for a barista to
    /// open it after a shift, short enough that a forwarded old mail is useless.
    public var staffInvitationHours = 72
    /// The window sign-in failures are counted in, in minutes.
    public var signInWindowMinutes = 15
    /// Failed sign-ins to one account after which each further try is slowed down.
    public var signInSlowdownAfter = 5
    /// Failed sign-ins to one account in the window before it is refused.
    public var signInFailuresPerAccount = 10
    /// Sign-in attempts from one network address in the window (a lecture hall's NAT included).
    public var signInAttemptsPerAddress = 300
    /// How far from its checkpoint a typed code may be used, when the phone said where it was,
    /// before the scan is flagged for organisers, in metres (beyond the location's accuracy).
    public var typedCodeMaxMetres = 300
    /// The most XP an organiser may add or take away in one adjustment.
    public var xpAdjustmentMax = 1000
    /// The organisers' dashboard asks them to look at a code nobody has scanned on this many
    /// days its place was open.
    public var quietCodeDays = 3
    /// ...at a place where this many photos that gave no code were taken...
    public var failedPhotoBurst = 5
    /// ...within this many minutes...
    public var failedPhotoBurstMinutes = 60
    /// ...and at a place with this many reports still open or in hand.
    public var reportsBeforeAlert = 3

    public init() {}

    public var failedCodesWindow: TimeInterval { TimeInterval(failedCodesWindowMinutes * 60) }
    public var checkInLifetime: TimeInterval { TimeInterval(checkInMinutes * 60) }
    public var giveUpCooldown: TimeInterval { TimeInterval(giveUpCooldownMinutes * 60) }
    public var photoReuseWindow: TimeInterval { TimeInterval(photoReuseHours * 3600) }
    public var accessTokenLifetime: TimeInterval { TimeInterval(accessTokenMinutes * 60) }
    public var refreshTokenLifetime: TimeInterval { TimeInterval(refreshTokenDays * 86_400) }
    public var verificationCodeLifetime: TimeInterval { TimeInterval(verificationCodeHours * 3600) }
    public var passwordResetLifetime: TimeInterval { TimeInterval(passwordResetMinutes * 60) }
    public var staffInvitationLifetime: TimeInterval { TimeInterval(staffInvitationHours * 3600) }
    public var failedPhotoBurstWindow: TimeInterval { TimeInterval(failedPhotoBurstMinutes * 60) }
    public var challengeLifetime: TimeInterval { TimeInterval(challengeHours * 3600) }
    /// The unit a whole number of minutes is said in.
    public enum SpokenUnit: String, Sendable {
        case minute, hour, day
    }

    /// A whole number of minutes in the unit a person says it in: days when it is two days or
    /// more and whole days, hours when whole hours, else minutes. The words are the app's
    /// catalogue's, in the reader's language.
    public static func spokenCount(minutes: Int) -> (count: Int, unit: SpokenUnit) {
        if minutes >= 2 * 1440, minutes % 1440 == 0 { return (minutes / 1440, .day) }
        if minutes >= 60, minutes % 60 == 0 { return (minutes / 60, .hour) }
        return (minutes, .minute)
    }

    public var signInWindow: TimeInterval { TimeInterval(signInWindowMinutes * 60) }

    /// The field names `game.yaml` may use under `limits`, with a path to each: the reader and
    /// `check` know every limit from this one list.
    public static let fields: [(name: String, path: any WritableKeyPath<GameLimits, Int> & Sendable)] = [
        ("scansPerMinute", \.scansPerMinute),
        ("failedCodesPerWindow", \.failedCodesPerWindow),
        ("failedCodesWindowMinutes", \.failedCodesWindowMinutes),
        ("codesTriedPerUpload", \.codesTriedPerUpload),
        ("checkInMinutes", \.checkInMinutes),
        ("photoReuseHours", \.photoReuseHours),
        ("giveUpCooldownMinutes", \.giveUpCooldownMinutes),
        ("giftsPerDay", \.giftsPerDay),
        ("reportsPerDay", \.reportsPerDay),
        ("challengesPerDay", \.challengesPerDay),
        ("challengeHours", \.challengeHours),
        ("accessTokenMinutes", \.accessTokenMinutes),
        ("refreshTokenDays", \.refreshTokenDays),
        ("verificationCodeHours", \.verificationCodeHours),
        ("verificationAttempts", \.verificationAttempts),
        ("passwordResetMinutes", \.passwordResetMinutes),
        ("staffInvitationHours", \.staffInvitationHours),
        ("signInWindowMinutes", \.signInWindowMinutes),
        ("signInSlowdownAfter", \.signInSlowdownAfter),
        ("signInFailuresPerAccount", \.signInFailuresPerAccount),
        ("signInAttemptsPerAddress", \.signInAttemptsPerAddress),
        ("typedCodeMaxMetres", \.typedCodeMaxMetres),
        ("xpAdjustmentMax", \.xpAdjustmentMax),
        ("quietCodeDays", \.quietCodeDays),
        ("failedPhotoBurst", \.failedPhotoBurst),
        ("failedPhotoBurstMinutes", \.failedPhotoBurstMinutes),
        ("reportsBeforeAlert", \.reportsBeforeAlert),
    ]
}
