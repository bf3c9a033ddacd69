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
        let reload = lastReload.withLock { previous in
            let earlier = previous
            let task = Task { () -> Result<ContentImportSummary, any Error> in
                await earlier?.value
                do { return .success(try await self.performReload(by: actor)) } catch { return .failure(error) }
            }
            previous = Task { _ = await task.value }
            return task
        }
        return try await reload.value.get()
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
        let importedAt = hunt.now()
        let fingerprint = content.fingerprint
        let detail = "\(content.checkpoints.count) checkpoints, \(content.riddles.count) riddles, fingerprint \(fingerprint.prefix(12))"
        let summary = try await hunt.repository.importContent(at: importedAt, audit: actor.record(.contentReloaded, subject: "content", detail: detail)) {
            stored in ContentImport(importing: content, fingerprint: fingerprint, over: stored, at: importedAt)
        }
        current.withLock { $0 = $0.reloading(content) }
        hunt.notices.forget()
        return summary
    }
}
