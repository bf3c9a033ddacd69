import Foundation
import PuzzleMapCore

/// The organisers' campus plan: the re-encoded picture, its size and its pins. One plan at a
/// time; its version keeps counting through removals, so an address once served never names
/// a different picture. The rules (which pins place the campus) are the game's.
public protocol CampusPlanStore: Sendable {
    /// The plan in use, without its picture; `nil` when there is none.
    func campusPlan() async throws -> CampusPlan?
    /// The picture of the plan in use, if `version` is still it.
    func campusPlanPicture(version: Int) async throws -> [UInt8]?
    /// Keeps `picture` as the plan, replacing any before, with the audit line, in one
    /// transaction; `make` turns the next version into the plan kept (its pins from the last).
    func saveCampusPlan(picture: [UInt8], at date: Date, audit: AuditRecord,
                        make: @Sendable (_ previous: CampusPlan?, _ version: Int) -> CampusPlan) async throws -> CampusPlan
    /// Sets the pins of the plan if `version` is still the plan in use (a newer upload is
    /// pinned on its own), with the audit line; `nil` otherwise.
    func pinCampusPlan(version: Int, pins: [PlanPin], audit: AuditRecord, at date: Date) async throws -> CampusPlan?
    /// Forgets the plan's picture and pins, with the audit line; `false` if there was none.
    func removeCampusPlan(audit: AuditRecord, at date: Date) async throws -> Bool
}
