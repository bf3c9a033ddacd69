import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import Synchronization

/// Where the organiser's content is read from, checked as `puzzlemap check` checks it:
/// `read` throws `InvalidContentError` with the file:line report when it is not valid.
public struct ContentSource: Sendable {
    public let read: @Sendable () throws -> CampusContent

    public init(read: @escaping @Sendable () throws -> CampusContent) {
        self.read = read
    }
}

/// The hunt being served, which a reload of the content files replaces whole, without a
/// restart. Every request takes the hunt once and runs on it to the end, so a scan is judged
/// against the content before a reload or after it, never a mix.
public final class RunningHunt: Sendable {
    private let current: Mutex<Hunt>
    /// The reload under way, if any: reloads run one after the other, in the order asked.
    private let lastReload = Mutex<Task<Void, Never>?>(nil)
    public let source: ContentSource

    /// The fingerprint of the content played, once known: what another instance's publish is
    /// told apart by.
    private let playing = Mutex<String?>(nil)

    public init(_ hunt: Hunt, source: ContentSource) {
        current = Mutex(hunt)
        self.source = source
    }

    /// The hunt as it is now.
    public var hunt: Hunt { current.withLock { $0 } }

    /// Reads and checks the content files, imports them (with the audit line, in one
    /// transaction), then serves them. Invalid files are refused with their report, and
    /// the refusal is logged; the running game keeps its content, nothing half-applied.
    public func reload(by actor: AuditActor) async throws -> ContentImportSummary {
        try await oneAtATime { try await self.performReload(by: actor) }
    }

    /// Plays a published version again: imported as a reload imports the files (players
    /// holding a riddle it does not play are released and told), recorded as a new version
    /// that names the one it came from, with the audit line.
    public func rollback(to version: Int64, by organiser: Organiser) async throws -> ContentImportSummary {
        try await oneAtATime {
            guard let content = try await self.hunt.repository.content(ofVersion: version) else {
                throw OrganiserRefusal.unknownContentVersion(version)
            }
            let encoded = EncodedContent(content)
            return try await self.publish(encoded, origin: .rollback(of: version), audit: organiser.record(
                .contentRolledBack, subject: "content",
                detail: "version \(version): \(content.checkpoints.count) checkpoints, \(content.riddles.count) riddles, fingerprint \(encoded.fingerprint.prefix(12))"))
        }
    }

    /// Plays the newest published version when it is not the one played here: another
    /// instance published it (a reload or a rollback there). Every instance looks every few
    /// seconds, so a publish on one is played by all. True when the content changed.
    public func followPublished() async throws -> Bool {
        try await oneAtATime {
            let hunt = self.hunt
            let played = self.playing.withLock { known in
                if known == nil { known = hunt.content.fingerprint }
                return known!
            }
            guard let newest = try await hunt.repository.lastImport(), newest.fingerprint != played,
                  let version = try await hunt.repository.contentVersions().first, version.summary.fingerprint == newest.fingerprint, version.isKept,
                  let content = try await hunt.repository.content(ofVersion: version.id)
            else { return false }
            self.play(content, fingerprint: version.summary.fingerprint)
            return true
        }
    }

    /// Publishes and reloads run one after the other, in the order asked.
    func oneAtATime<Outcome: Sendable>(_ work: @escaping @Sendable () async throws -> Outcome) async throws -> Outcome {
        let next = lastReload.withLock { previous in
            let earlier = previous
            let task = Task { () -> Result<Outcome, any Error> in
                await earlier?.value
                do { return .success(try await work()) } catch { return .failure(error) }
            }
            previous = Task { _ = await task.value }
            return task
        }
        return try await next.value.get()
    }

    private func performReload(by actor: AuditActor) async throws -> ContentImportSummary {
        let hunt = hunt
        let content: CampusContent
        do {
            content = try source.read()
        } catch let invalid as InvalidContentError {
            let first = invalid.problems.first.map { ": \($0.description)" } ?? ""
            _ = try await hunt.repository.appendAudit(actor.record(.contentReloadRefused, subject: "content",
                                                                   detail: "\(invalid.problems.count) problem(s)\(first)"), at: hunt.now())
            throw OrganiserRefusal.invalidContent(invalid)
        }
        let encoded = EncodedContent(content)
        let detail = "\(content.checkpoints.count) checkpoints, \(content.riddles.count) riddles, fingerprint \(encoded.fingerprint.prefix(12))"
        return try await publish(encoded, origin: .files, audit: actor.record(.contentReloaded, subject: "content", detail: detail))
    }

    /// Imports `content` with the audit line in one transaction (a new version when it
    /// differs from the one played), then serves it.
    func publish(_ encoded: EncodedContent, origin: ContentOrigin, audit: AuditRecord,
                 discardingDraft draft: Int64? = nil) async throws -> ContentImportSummary {
        let hunt = hunt
        let importedAt = hunt.now()
        let summary = try await hunt.repository.importContent(at: importedAt, audit: audit, discardingDraft: draft) { stored in
            ContentImport(importing: encoded, origin: origin, over: stored, at: importedAt)
        }
        play(encoded.content, fingerprint: encoded.fingerprint)
        return summary
    }

    /// Serves `content` from the next request on.
    private func play(_ content: CampusContent, fingerprint: String) {
        let previous = current.withLock { hunt in
            defer { hunt = hunt.reloading(content) }
            return hunt
        }
        playing.withLock { $0 = fingerprint }
        previous.notices.forget()
    }
}

extension Hunt {
    /// The published versions of the content, newest first, for the console's history.
    public func contentVersions(for organiser: Organiser) async throws -> [ContentVersion] {
        try await repository.contentVersions()
    }

    /// What a published version changed from an earlier one: by default the newest kept
    /// version before it (with none, everything it holds is new).
    public func contentChanges(ofVersion version: Int64, from earlier: Int64? = nil,
                               for organiser: Organiser) async throws -> (from: Int64?, changes: ContentChanges) {
        let newer = try await content(ofVersion: version, for: organiser)
        var from = earlier
        if from == nil { from = try await repository.contentVersions().first { $0.id < version && $0.isKept }?.id }
        guard let from else {
            let nothing = CampusContent(info: newer.info, checkpoints: [], riddles: [], quiz: [], rules: newer.rules, badges: [], partners: [], offers: [])
            return (nil, ContentChanges(from: nothing, to: newer))
        }
        return (from, ContentChanges(from: try await content(ofVersion: from, for: organiser), to: newer))
    }

    /// A published version's whole content, to download.
    public func content(ofVersion version: Int64, for organiser: Organiser) async throws -> CampusContent {
        guard let content = try await repository.content(ofVersion: version) else { throw OrganiserRefusal.unknownContentVersion(version) }
        return content
    }
}
