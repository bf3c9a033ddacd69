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
            let fingerprint = content.fingerprint
            return try await self.publish(content, fingerprint: fingerprint, origin: .rollback(of: version), audit: organiser.record(
                .contentRolledBack, subject: "content",
                detail: "version \(version): \(content.checkpoints.count) checkpoints, \(content.riddles.count) riddles, fingerprint \(fingerprint.prefix(12))"))
        }
    }

    /// Publishes and reloads run one after the other, in the order asked.
    private func oneAtATime(_ work: @escaping @Sendable () async throws -> ContentImportSummary) async throws -> ContentImportSummary {
        let next = lastReload.withLock { previous in
            let earlier = previous
            let task = Task { () -> Result<ContentImportSummary, any Error> in
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
        let fingerprint = content.fingerprint
        let detail = "\(content.checkpoints.count) checkpoints, \(content.riddles.count) riddles, fingerprint \(fingerprint.prefix(12))"
        return try await publish(content, fingerprint: fingerprint, origin: .files, audit: actor.record(.contentReloaded, subject: "content", detail: detail))
    }

    /// Imports `content` with the audit line in one transaction (a new version when it
    /// differs from the one played), then serves it.
    private func publish(_ content: CampusContent, fingerprint: String, origin: ContentOrigin, audit: AuditRecord) async throws -> ContentImportSummary {
        let hunt = hunt
        let importedAt = hunt.now()
        let summary = try await hunt.repository.importContent(at: importedAt, audit: audit) { stored in
            ContentImport(importing: content, fingerprint: fingerprint, origin: origin, over: stored, at: importedAt)
        }
        current.withLock { $0 = $0.reloading(content) }
        hunt.notices.forget()
        return summary
    }
}

extension Hunt {
    /// The published versions of the content, newest first, for the console's history.
    public func contentVersions(for organiser: Organiser) async throws -> [ContentVersion] {
        try await repository.contentVersions()
    }

    /// A published version's whole content, to download.
    public func content(ofVersion version: Int64, for organiser: Organiser) async throws -> CampusContent {
        guard let content = try await repository.content(ofVersion: version) else { throw OrganiserRefusal.unknownContentVersion(version) }
        return content
    }
}
