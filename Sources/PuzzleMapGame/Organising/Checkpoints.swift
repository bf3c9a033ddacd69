import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// Organisers closing, reopening and re-coding checkpoints while the hunt runs.
extension Hunt {
    /// The checkpoints in play, in the campus file's order, with their code version and any closure.
    public func checkpointsInPlay(for organiser: Organiser) async throws -> [StoredCheckpoint] {
        try await repository.checkpoints(includingRetired: false)
    }

    /// Places retired by a publish (or a reload) that the content being edited does not bring
    /// back: each can be restored into the draft.
    public func retiredPlaces(for organiser: Organiser) async throws -> [StoredCheckpoint] {
        let editing = try await editing(for: organiser).content
        return try await repository.checkpoints(includingRetired: true).filter { $0.isRetired && editing.checkpoint(id: $0.id) == nil }
    }

    /// Closes a checkpoint for now: it is no longer offered, its scans are refused with the
    /// note, and the map shows it closed (with the note, to players who have found it). Closing
    /// a closed one replaces its note.
    public func closeCheckpoint(_ id: String, note: String, by organiser: Organiser) async throws -> StoredCheckpoint {
        let note = try Self.checked(note, max: CheckpointClosure.maxNoteLength)
        let now = now()
        let closure = CheckpointClosure(note: note, closedAt: now, closedBy: organiser.account.player.username)
        let closed = try await inPlay(id) {
            try await repository.setClosure(closure, checkpointID: id, audit: organiser.record(.checkpointHidden, subject: "checkpoint:\(id)", detail: note),
                                            at: now)
        }
        notices.forget()
        return closed
    }

    /// Reopens a closed checkpoint.
    public func reopenCheckpoint(_ id: String, by organiser: Organiser) async throws -> StoredCheckpoint {
        let reopened = try await inPlay(id) {
            guard try await repository.closures()[id] != nil else { throw OrganiserRefusal.checkpointNotClosed(id) }
            return try await repository.setClosure(nil, checkpointID: id,
                                                   audit: organiser.record(.checkpointReopened, subject: "checkpoint:\(id)", detail: ""), at: now())
        }
        notices.forget()
        return reopened
    }

    /// Gives a checkpoint a new code version: stickers printed before stop counting, and the
    /// new one is printed from the returned checkpoint.
    public func rotateCode(of id: String, by organiser: Organiser) async throws -> StoredCheckpoint {
        try await inPlay(id) {
            guard let current = try await repository.checkpoints(includingRetired: false).first(where: { $0.id == id }) else { return nil }
            return try await repository.rotateTag(
                checkpointID: id, audit: organiser.record(.codeRotated, subject: "checkpoint:\(id)",
                                                          detail: "version \(current.tagVersion) → \(current.tagVersion + 1)"), at: now())
        }
    }

    /// The places in play whose sticker should be printed (again): never printed from the
    /// console, or printed before the place's name or code changed.
    public func stickersToPrint(for organiser: Organiser) async throws -> [StoredCheckpoint] {
        let printed = try await repository.stickerPrints()
        return try await repository.checkpoints(includingRetired: false).filter { $0.needsPrinting(lastPrinted: printed[$0.id]) }
    }

    /// The codes to print on the stickers of `ids` (every one changed since the last print when
    /// `nil`), recorded as printed with the audit line: the console's sheets.
    public func printStickers(_ ids: [String]?, for organiser: Organiser) async throws -> [(checkpoint: StoredCheckpoint, qrText: String, manualCode: String)] {
        let places: [StoredCheckpoint]
        if let ids {
            let inPlay = try await repository.checkpoints(includingRetired: false)
            places = try ids.map { id in
                guard content.checkpoint(id: id) != nil, let place = inPlay.first(where: { $0.id == id }) else { throw OrganiserRefusal.unknownCheckpoint(id) }
                return place
            }
        } else {
            places = try await stickersToPrint(for: organiser)
        }
        guard !places.isEmpty else { throw OrganiserRefusal.nothingToPrint }
        let now = now()
        let subject = places.count == 1 ? "checkpoint:\(places[0].id)" : "stickers"
        try await repository.recordStickerPrints(places.map { StickerPrint(of: $0, at: now) }, audit: organiser.record(
            .stickersPrinted, subject: subject, detail: places.map { "\($0.id) v\($0.tagVersion)" }.joined(separator: ", ")), at: now)
        return places.map { code(of: $0) }
    }

    /// The printed code of a checkpoint in play (its current version).
    public func checkpointCode(of id: String, for organiser: Organiser) async throws
        -> (checkpoint: StoredCheckpoint, qrText: String, manualCode: String) {
        code(of: try await inPlay(id) { try await repository.checkpoints(includingRetired: false).first { $0.id == id } })
    }

    private func code(of checkpoint: StoredCheckpoint) -> (checkpoint: StoredCheckpoint, qrText: String, manualCode: String) {
        let signer = TagSigner(secrets: secrets)
        let payload = TagPayload(purpose: .checkpoint, subject: UInt64(checkpoint.number), version: checkpoint.tagVersion)
        return (checkpoint, signer.qrText(for: payload, baseURL: publicURL), signer.manualCode(for: payload))
    }

    /// `body`'s checkpoint, or `unknownCheckpoint` when it finds none or the store knows no such id.
    private func inPlay(_ id: String, _ body: () async throws -> StoredCheckpoint?) async throws -> StoredCheckpoint {
        guard content.checkpoint(id: id) != nil else { throw OrganiserRefusal.unknownCheckpoint(id) }
        do {
            guard let checkpoint = try await body() else { throw OrganiserRefusal.unknownCheckpoint(id) }
            return checkpoint
        } catch StorageError.notFound {
            throw OrganiserRefusal.unknownCheckpoint(id)
        }
    }

    /// The text trimmed, refused when empty or longer than `max` characters.
    static func checked(_ text: String, max: Int) throws -> String {
        guard let text = text.trimmed(maxLength: max) else { throw OrganiserRefusal.textLength(max: max) }
        return text
    }
}
