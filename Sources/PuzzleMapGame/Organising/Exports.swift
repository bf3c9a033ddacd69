import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// The CSV files organisers download for a range of campus days.
public enum ExportKind: String, CaseIterable, Sendable {
    /// Per player: where they stand at the end of the range, and what they earned within it.
    case progress
    /// Every scan made in the range: when, who, where, how it went.
    case scans
    /// Every voucher redeemed in the range, at one partner or all: what a partner's accounting asks for.
    case redemptions
}

/// Why an export was not made (besides its date range, `CampusDateRange.Refusal`).
public enum ExportRefusal: Error, Equatable, Sendable {
    /// `partner` names no partner of `Campus/offers.yaml`.
    case unknownPartner(String)
}

/// An export, ready to send.
public struct ExportFile: Sendable, Equatable {
    public var kind: ExportKind
    public var table: CSVTable
    /// `puzzlemap-scans-2026-11-02-to-2026-11-08.csv`, with the partner's id for one partner's redemptions.
    public var filename: String
}

extension Hunt {
    /// The export of `kind` for `range`, on the campus clock; `partnerID` narrows redemptions
    /// to one partner (and is refused if no partner has that id).
    public func export(_ kind: ExportKind, range: CampusDateRange, partnerID: String?, for organiser: Organiser) async throws -> ExportFile {
        let partnerID = partnerID.flatMap { $0.isEmpty ? nil : $0 }
        if let partnerID, !content.partners.contains(where: { $0.id == partnerID }) { throw ExportRefusal.unknownPartner(partnerID) }
        let interval = range.interval(in: timeZone)
        let table: CSVTable = switch kind {
        case .progress: progressTable(try await repository.ledgers(until: interval.end), from: interval.start)
        case .scans: scansTable(try await repository.scanLog(from: interval.start, to: interval.end))
        case .redemptions: redemptionsTable(try await repository.redemptionLog(partnerID: kind == .redemptions ? partnerID : nil,
                                                                               from: interval.start, to: interval.end))
        }
        let partner = kind == .redemptions ? partnerID.map { "-\($0)" } ?? "" : ""
        // Players' data leaving the service: the log says who took which, for which days.
        _ = try await repository.appendAudit(organiser.record(.exportDownloaded, subject: "export:\(kind.rawValue)",
                                                              detail: "\(range)" + (kind == .redemptions ? partnerID.map { ", \($0)" } ?? "" : "")),
                                             at: now())
        return ExportFile(kind: kind, table: table, filename: "puzzlemap-\(kind.rawValue)\(partner)-\(range.from)-to-\(range.to).csv")
    }

    /// One row per player signed up by the end of the range, most XP first (then by username):
    /// XP, level, solves and badges as they stood at its end, and the XP and solves within it.
    func progressTable(_ ledgers: [PlayerLedger], from start: Date) -> CSVTable {
        let badgeNames = Dictionary(uniqueKeysWithValues: content.badges.map { ($0.id, $0.name) })
        let rows = ledgers.map { ledger -> (xp: Int, username: String, cells: [CSVTable.Cell]) in
            let standing = PlayerStanding(events: ledger.events, content: content)
            let within = ledger.events.filter { $0.occurredAt >= start }
            let badges = standing.earnedAt.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map { badgeNames[$0.key] ?? $0.key }
            let cells: [CSVTable.Cell] = [
                .text(ledger.player.username), .text(ledger.player.displayName),
                CSVTable.dateAndTime(ledger.player.createdAt, in: timeZone)[0],
                .number(standing.totals.xp), .number(standing.totals.level), .number(standing.solvedIDs.count),
                .text(badges.joined(separator: "; ")),
                .number(within.reduce(0) { $0 + $1.xp }), .number(within.filter { $0.kind == .solved }.count),
            ]
            return (standing.totals.xp, ledger.player.username, cells)
        }
        return CSVTable(
            header: ["username", "display_name", "signed_up", "xp", "level", "solves", "badges", "xp_in_range", "solves_in_range"],
            rows: rows.sorted { ($1.xp, $0.username) < ($0.xp, $1.username) }.map(\.cells))
    }

    /// One row per scan, in the order made.
    func scansTable(_ scans: [ScanLogEntry]) -> CSVTable {
        let names = Dictionary(uniqueKeysWithValues: content.checkpoints.map { ($0.id, $0.name) })
        return CSVTable(
            header: ["date", "time", "scan_id", "username", "checkpoint_id", "checkpoint", "outcome", "flagged", "latitude", "longitude"],
            rows: scans.map { scan in
                CSVTable.dateAndTime(scan.at, in: timeZone) + [
                    .number(Int(scan.id)), .text(scan.username), .text(scan.checkpointID), .text(names[scan.checkpointID] ?? ""),
                    .text(scan.outcome), .text(scan.flagged ? "yes" : "no"),
                    scan.location.map { .decimal($0.coordinate.latitude) } ?? .empty,
                    scan.location.map { .decimal($0.coordinate.longitude) } ?? .empty,
                ]
            })
    }

    /// One row per redemption, in the order redeemed: what a partner's accounting asks for.
    func redemptionsTable(_ redemptions: [RedemptionLogEntry]) -> CSVTable {
        CSVTable(
            header: ["date", "time", "partner_id", "partner", "offer_id", "offer", "voucher_id", "staff", "player"],
            rows: redemptions.map { entry in
                CSVTable.dateAndTime(entry.voucher.redeemedAt ?? entry.voucher.issuedAt, in: timeZone) + [
                    .text(entry.partnerID), .text(content.partners.first { $0.id == entry.partnerID }?.name ?? ""),
                    .text(entry.voucher.offerID), .text(content.offer(id: entry.voucher.offerID)?.title ?? ""),
                    .number(Int(entry.voucher.id)), .text(entry.staffUsername ?? ""), .text(entry.playerDisplayName),
                ]
            })
    }
}
