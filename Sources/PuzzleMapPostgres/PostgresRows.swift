import Foundation
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

/// The columns each domain value is read from, and how a row becomes the value: the
/// counterpart of the SQLite records. A statement selects `Columns.x` and decodes the tuple
/// `Columns.xRow` in that order.
enum Columns {
    // MARK: checkpoint

    static let checkpoint = """
        checkpoint.id, checkpoint.number, checkpoint.position, checkpoint.name, checkpoint.category, checkpoint.building,
        checkpoint.floor, checkpoint.latitude, checkpoint.longitude, checkpoint.hours, checkpoint.tags, checkpoint.facts,
        checkpoint.tagVersion, checkpoint.retiredAt
        """
    typealias CheckpointRow = (String, Int, Int, String, String, String, Int, Double, Double, String, String, String, Int, StoredDate?)

    /// A stored checkpoint, and its position in the campus file.
    static func checkpoint(_ row: CheckpointRow) throws -> (stored: StoredCheckpoint, position: Int) {
        let (id, number, position, name, category, building, floor, latitude, longitude, hours, tags, facts, tagVersion, retiredAt) = row
        let checkpoint = Checkpoint(
            id: id, name: name, category: try Category(stored: category, column: "checkpoint.category"), building: building, floor: floor,
            coordinate: Coordinate(latitude: latitude, longitude: longitude),
            hours: try StoredJSON.decode(OpeningHours.self, from: hours), tags: try StoredJSON.decode([String].self, from: tags),
            facts: try StoredJSON.decode([String].self, from: facts)
        )
        return (StoredCheckpoint(checkpoint: checkpoint, number: number, tagVersion: tagVersion, retiredAt: retiredAt?.date), position)
    }

    // MARK: riddle

    static let riddle = "riddle.id, riddle.checkpointId, riddle.difficulty, riddle.text, riddle.hints, riddle.insider, riddle.retiredAt"
    typealias RiddleRow = (String, String, String, String, String, String, StoredDate?)

    static func riddle(_ row: RiddleRow) throws -> (riddle: Riddle, retiredAt: Date?) {
        let (id, checkpointID, difficulty, text, hints, insider, retiredAt) = row
        return (Riddle(id: id, checkpointID: checkpointID, difficulty: try Difficulty(stored: difficulty, column: "riddle.difficulty"),
                       text: text, hints: try StoredJSON.decode([String].self, from: hints), insider: insider),
                retiredAt?.date)
    }

    // MARK: player

    static let player = """
        player.id, player.email, player.username, player.displayName, player.createdAt, player.passwordHash, player.role,
        player.partnerId, player.emailVerifiedAt, player.deletedAt, player.suspendedAt, player.suspensionReason, player.guestEventId
        """
    typealias PlayerRow = (Int64, String, String, String, StoredDate, String, String, String?, StoredDate?, StoredDate?, StoredDate?, String?, Int64?)

    static func account(_ row: PlayerRow) throws -> Account {
        let (id, email, username, displayName, createdAt, passwordHash, role, partnerID, emailVerifiedAt, deletedAt, suspendedAt,
             suspensionReason, guestEventID) = row
        return Account(player: Player(id: id, email: email, username: username, displayName: displayName, createdAt: createdAt.date),
                       role: try Role(stored: role, column: "player.role"), partnerID: partnerID, emailVerifiedAt: emailVerifiedAt?.date,
                       passwordHash: passwordHash, deletedAt: deletedAt?.date,
                       suspension: suspendedAt.map { Suspension(reason: suspensionReason ?? "", since: $0.date) }, guestEventID: guestEventID)
    }

    // MARK: ledgers

    /// A player's columns and an event's, as a statement joining players with their ledgers
    /// gives them (a player without events: one row, its event columns NULL).
    typealias PlayerEventRow = (Int64, String, String, String, StoredDate, String, String, String?, StoredDate?, StoredDate?, StoredDate?, String?,
                                Int64?, Int64?, Int64?, String?, String?, String?, Int?, Int?, StoredDate?, Int64?, String?)

    /// The ledgers of rows ordered by player then event.
    static func ledgers(_ rows: some Sequence<PlayerEventRow>) throws -> [PlayerLedger] {
        var ledgers: [PlayerLedger] = []
        for row in rows {
            if ledgers.last?.player.id != row.0 {
                let account = try Columns.account((row.0, row.1, row.2, row.3, row.4, row.5, row.6, row.7, row.8, row.9, row.10, row.11, row.12))
                ledgers.append(PlayerLedger(player: account.player, events: []))
            }
            if let id = row.13, let owner = row.14, let kind = row.15, let xp = row.18, let hintsUsed = row.19, let occurredAt = row.20 {
                ledgers[ledgers.count - 1].events.append(try Columns.event((id, owner, kind, row.16, row.17, xp, hintsUsed, occurredAt, row.21, row.22)))
            }
        }
        return ledgers
    }

    // MARK: gameEvent

    static let event = """
        gameEvent.id, gameEvent.playerId, gameEvent.kind, gameEvent.checkpointId, gameEvent.riddleId, gameEvent.xp,
        gameEvent.hintsUsed, gameEvent.occurredAt, gameEvent.scanId, gameEvent.reason
        """
    typealias EventRow = (Int64, Int64, String, String?, String?, Int, Int, StoredDate, Int64?, String?)

    static func event(_ row: EventRow) throws -> GameEvent {
        let (id, playerID, kind, checkpointID, riddleID, xp, hintsUsed, occurredAt, scanID, reason) = row
        return GameEvent(id: id, playerID: playerID, kind: try GameEvent.Kind(stored: kind, column: "gameEvent.kind"), checkpointID: checkpointID,
                         riddleID: riddleID, xp: xp, hintsUsed: hintsUsed, occurredAt: occurredAt.date, scanID: scanID, reason: reason)
    }

    // MARK: session

    static let session = """
        session.id, session.playerId, session.familyId, session.accessExpiresAt, session.refreshExpiresAt,
        session.refreshedAt, session.revokedAt
        """
    typealias SessionRow = (Int64, Int64, String, StoredDate, StoredDate, StoredDate?, StoredDate?)

    static func session(_ row: SessionRow) -> (session: Session, refreshedAt: Date?, revokedAt: Date?) {
        let (id, playerID, familyID, accessExpiresAt, refreshExpiresAt, refreshedAt, revokedAt) = row
        return (Session(id: id, playerID: playerID, familyID: familyID, accessExpiresAt: accessExpiresAt.date,
                        refreshExpiresAt: refreshExpiresAt.date),
                refreshedAt?.date, revokedAt?.date)
    }

    // MARK: mailOutbox

    static let mail = "id, recipient, subject, body, createdAt, sentAt, attempts, lastError"
    typealias MailRow = (Int64, String, String, String, StoredDate, StoredDate?, Int, String?)

    static func mail(_ row: MailRow) -> OutgoingMail {
        let (id, recipient, subject, body, createdAt, sentAt, attempts, lastError) = row
        return OutgoingMail(id: id, recipient: recipient, subject: subject, body: body, createdAt: createdAt.date, sentAt: sentAt?.date,
                            attempts: attempts, lastError: lastError)
    }

    // MARK: riddleAttempt

    static let attempt = """
        riddleAttempt.id, riddleAttempt.playerId, riddleAttempt.riddleId, riddleAttempt.checkpointId, riddleAttempt.category,
        riddleAttempt.hintsUsed, riddleAttempt.startedAt, riddleAttempt.closedAt, riddleAttempt.outcome
        """
    typealias AttemptRow = (Int64, Int64, String, String, String, Int, StoredDate, StoredDate?, String?)

    static func attempt(_ row: AttemptRow) throws -> RiddleAttempt {
        let (id, playerID, riddleID, checkpointID, category, hintsUsed, startedAt, closedAt, outcome) = row
        return RiddleAttempt(id: id, playerID: playerID, riddleID: riddleID, checkpointID: checkpointID,
                             category: try Category(stored: category, column: "riddleAttempt.category"), hintsUsed: hintsUsed,
                             startedAt: startedAt.date, closedAt: closedAt?.date,
                             outcome: try outcome.map { try RiddleAttempt.Outcome(stored: $0, column: "riddleAttempt.outcome") })
    }

    // MARK: voucher

    static let voucher = """
        voucher.id, voucher.offerId, voucher.playerId, voucher.issuedAt, voucher.expiresAt, voucher.giftedBy,
        voucher.redeemedAt, voucher.redeemedBy
        """
    typealias VoucherRow = (Int64, String, Int64, StoredDate, StoredDate, Int64?, StoredDate?, Int64?)

    static func voucher(_ row: VoucherRow) -> Voucher {
        let (id, offerID, playerID, issuedAt, expiresAt, giftedBy, redeemedAt, redeemedBy) = row
        return Voucher(id: id, offerID: offerID, playerID: playerID, issuedAt: issuedAt.date, expiresAt: expiresAt.date, giftedBy: giftedBy,
                       redeemedAt: redeemedAt?.date, redeemedBy: redeemedBy)
    }
}
