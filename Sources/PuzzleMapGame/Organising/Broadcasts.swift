import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// The organisers' message to every player.
extension Hunt {
    /// Shows `text` to every player in the web app, replacing any message shown before.
    public func broadcast(_ text: String, by organiser: Organiser) async throws -> Broadcast {
        let text = try Self.checked(text, max: Broadcast.maxLength)
        let sent = try await repository.sendBroadcast(text: text, sentBy: organiser.account.player.username,
                                                      audit: organiser.record(.broadcastSent, subject: "players", detail: text), at: now())
        notices.forget()
        return sent
    }

    /// Takes the message down; `false` when none was shown.
    @discardableResult
    public func endBroadcast(by organiser: Organiser) async throws -> Bool {
        let ended = try await repository.endBroadcast(audit: organiser.record(.broadcastEnded, subject: "players", detail: ""), at: now())
        notices.forget()
        return ended
    }
}
