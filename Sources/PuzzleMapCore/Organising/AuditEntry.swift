import Foundation

/// Something an organiser did to the running hunt. The audit log names each one, who did it
/// and when; it is append-only, so it is also the record of who changed what.
public enum AuditAction: String, CaseIterable, Codable, Sendable {
    case checkpointHidden = "checkpoint_hidden"
    case checkpointReopened = "checkpoint_reopened"
    case codeRotated = "code_rotated"
    case stickersPrinted = "stickers_printed"
    case broadcastSent = "broadcast_sent"
    case broadcastEnded = "broadcast_ended"
    case contentReloaded = "content_reloaded"
    case contentReloadRefused = "content_reload_refused"
    case contentRolledBack = "content_rolled_back"
    case riddleEdited = "riddle_edited"
    case riddleAdded = "riddle_added"
    case placeEdited = "place_edited"
    case placeAdded = "place_added"
    case placeRetired = "place_retired"
    case placeRestored = "place_restored"
    case offerEdited = "offer_edited"
    case offerAdded = "offer_added"
    case partnerEdited = "partner_edited"
    case offerRetired = "offer_retired"
    case partnerAdded = "partner_added"
    case badgeEdited = "badge_edited"
    case badgeAdded = "badge_added"
    case badgeRemoved = "badge_removed"
    case questionEdited = "question_edited"
    case questionAdded = "question_added"
    case questionRemoved = "question_removed"
    case draftPublished = "draft_published"
    case draftDiscarded = "draft_discarded"
    case scanVoided = "scan_voided"
    case xpAdjusted = "xp_adjusted"
    case playerSuspended = "player_suspended"
    case playerReinstated = "player_reinstated"
    case staffInvited = "staff_invited"
    case staffInvitationRevoked = "staff_invitation_revoked"
    case reportStatusSet = "report_status_set"
    case exportDownloaded = "export_downloaded"
    case openDayOpened = "open_day_opened"
    case openDayGuestsErased = "open_day_guests_erased"
    case pictureApproved = "picture_approved"
    case pictureRefused = "picture_refused"
    case campusPlanUploaded = "campus_plan_uploaded"
    case campusPlanPinned = "campus_plan_pinned"
    case campusPlanRemoved = "campus_plan_removed"
}

/// One line of the audit log, before it is stored.
public struct AuditRecord: Hashable, Codable, Sendable {
    /// The organiser's account, `nil` for the service itself (a reload on `SIGHUP`).
    public var actorID: Int64?
    /// How the actor is named in the log: kept as written, so the line still says who it was
    /// after the account is erased.
    public var actorName: String
    public var action: AuditAction
    /// What it was done to: `checkpoint:library`, `player:ada`, `scan:42`, ...
    public var subject: String
    /// The organiser's reason or note, and any figures (`v2 → v3`).
    public var detail: String

    public init(actorID: Int64?, actorName: String, action: AuditAction, subject: String, detail: String) {
        self.actorID = actorID
        self.actorName = actorName
        self.action = action
        self.subject = subject
        self.detail = detail
    }

    /// The line written when the service acts on its own (on a signal), not an organiser.
    public static func byService(_ action: AuditAction, subject: String, detail: String) -> AuditRecord {
        AuditRecord(actorID: nil, actorName: "service", action: action, subject: subject, detail: detail)
    }

    /// The line written for a `puzzlemap` command run on the server's shell.
    public static func byCommandLine(_ action: AuditAction, subject: String, detail: String) -> AuditRecord {
        AuditRecord(actorID: nil, actorName: "command line", action: action, subject: subject, detail: detail)
    }
}

/// A stored line of the audit log.
public struct AuditEntry: Hashable, Codable, Sendable, Identifiable {
    public var id: Int64
    public var record: AuditRecord
    public var at: Date

    public init(id: Int64, record: AuditRecord, at: Date) {
        self.id = id
        self.record = record
        self.at = at
    }
}

/// An organiser: an account with the admin role. Only the organising use cases take one, so a
/// player or shop account cannot reach them.
public struct Organiser: Hashable, Sendable {
    public let account: Account

    /// `nil` unless the account organises.
    public init?(_ account: Account) {
        guard account.role == .admin else { return nil }
        self.account = account
    }

    /// An audit line naming this organiser.
    public func record(_ action: AuditAction, subject: String, detail: String) -> AuditRecord {
        AuditRecord(actorID: account.player.id, actorName: account.player.username, action: action, subject: subject, detail: detail)
    }
}
