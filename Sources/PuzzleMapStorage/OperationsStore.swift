import Foundation
import PuzzleMapCore

/// What organisers change while the hunt runs: checkpoints closed for now and the message to
/// every player. Each change is written with its audit line, in one transaction.
public protocol OperationsStore: Sendable {
    /// Closes a checkpoint in play (`closure`) or reopens it (`nil`); `notFound` when no
    /// checkpoint has the id.
    func setClosure(_ closure: CheckpointClosure?, checkpointID: String, audit: AuditRecord, at date: Date) async throws -> StoredCheckpoint
    /// The checkpoints closed now, by id.
    func closures() async throws -> [String: CheckpointClosure]
    /// Shows `text` to every player, in place of any message shown before.
    func sendBroadcast(text: String, sentBy: String, audit: AuditRecord, at date: Date) async throws -> Broadcast
    /// Takes the message down; `false` when none was shown (and nothing is written).
    func endBroadcast(audit: AuditRecord, at date: Date) async throws -> Bool
    /// The message shown now, if any.
    func currentBroadcast() async throws -> Broadcast?
    /// The last print from the console of each place's sticker, by place id.
    func stickerPrints() async throws -> [String: StickerPrint]
    /// Records stickers printed, with the audit line, in one transaction.
    func recordStickerPrints(_ prints: [StickerPrint], audit: AuditRecord, at date: Date) async throws
}
