import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// The organisers' console: fixing the running hunt (the message to players, closing and
/// reopening checkpoints, new codes and their sheets, reloading the content files) and the
/// audit log of what organisers did. Each form calls the same use case as the API.
struct ConsolePages {
    let services: HuntServices
    let library: PageLibrary

    /// What a form did, said on the console it comes back to (`?done=`).
    enum Done: String {
        case broadcastSent = "broadcast-sent", broadcastEnded = "broadcast-ended", closed, reopened, rotated, reloaded
        case rolledBack = "rolled-back"
        case published, discarded
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("console") { request, context in
            let hunt = services.hunt
            let organiser = try context.requireOrganiser(in: hunt)
            let done = request.uri.queryParameters.get("done").flatMap(Done.init(rawValue:))
            let place = request.uri.queryParameters.get("id").map { hunt.content.checkpoint(id: $0)?.name ?? $0 } ?? ""
            return try await consolePage(context, hunt: hunt, organiser: organiser,
                                         notice: done.map { library.text("console.done.\($0.rawValue)", ["place": place]) },
                                         sheetsOfNewPlaces: done == .published)
        }
        router.get("console/audit") { _, context in
            let hunt = services.hunt
            let organiser = try context.requireOrganiser(in: hunt)
            return PageRendering(library: library, context: context).response(
                "audit", title: library.text("console.auditHeading"), AuditPage(audit: try await auditLines(hunt, organiser, limit: 200)))
        }
        router.post("console/broadcast") { request, context in
            try await act(request, context, done: .broadcastSent) { hunt, organiser, form in
                _ = try await hunt.broadcast(form["text"] ?? "", by: organiser)
            }
        }
        router.post("console/broadcast/end") { request, context in
            try await act(request, context, done: .broadcastEnded) { hunt, organiser, _ in try await hunt.endBroadcast(by: organiser) }
        }
        router.post("console/checkpoints/:id/close") { request, context in
            try await act(request, context, done: .closed) { hunt, organiser, form in
                _ = try await hunt.closeCheckpoint(checkpointID(context), note: form["note"] ?? "", by: organiser)
            }
        }
        router.post("console/checkpoints/:id/reopen") { request, context in
            try await act(request, context, done: .reopened) { hunt, organiser, _ in
                _ = try await hunt.reopenCheckpoint(checkpointID(context), by: organiser)
            }
        }
        // A new code stops the printed sticker at once: asked for on a page of its own first.
        router.get("console/checkpoints/:id/rotate") { _, context in
            let hunt = services.hunt
            _ = try context.requireOrganiser(in: hunt)
            let id = checkpointID(context)
            guard let place = hunt.content.checkpoint(id: id) else { throw Problem.notFound(path: "/console/checkpoints/\(id)/rotate") }
            return PageRendering(library: library, context: context).response(
                "rotate", title: library.text("console.rotateTitle", ["place": place.name]),
                RotateQuestion(id: id, question: library.text("console.rotateQuestion", ["place": place.name]),
                               advice: library.text("console.rotateAdvice")))
        }
        router.post("console/checkpoints/:id/rotate") { request, context in
            try await act(request, context, done: .rotated) { hunt, organiser, _ in
                _ = try await hunt.rotateCode(of: checkpointID(context), by: organiser)
            }
        }
        router.get("console/checkpoints/:id/sheet.pdf") { _, context in
            let hunt = services.hunt
            return try await Response.stickerSheets([checkpointID(context)], in: hunt, for: try context.requireOrganiser(in: hunt))
        }
        router.get("console/stickers/changed.pdf") { _, context in
            let hunt = services.hunt
            let organiser = try context.requireOrganiser(in: hunt)
            do {
                return try await Response.stickerSheets(nil, in: hunt, for: organiser)
            } catch OrganiserRefusal.nothingToPrint {
                return try await consolePage(context, hunt: hunt, organiser: organiser, problem: Problem(.nothingToPrint))
            }
        }
        router.get("console/content.zip") { _, context in
            let hunt = services.hunt
            _ = try context.requireOrganiser(in: hunt)
            return try Response.contentArchive(of: hunt)
        }
        router.get("console/content/versions/:version") { _, context in
            let hunt = services.hunt
            let organiser = try context.requireOrganiser(in: hunt)
            let version = try versionNumber(context)
            let (from, changes) = try await hunt.contentChanges(ofVersion: version, for: organiser)
            return PageRendering(library: library, context: context).response(
                "version", title: library.text("console.changes.title", ["version": "\(version)"]), changesView(version: version, from: from, changes))
        }
        router.get("console/content/versions/:version/content.zip") { _, context in
            let hunt = services.hunt
            let organiser = try context.requireOrganiser(in: hunt)
            return try Response.contentArchive(of: try await hunt.content(ofVersion: try versionNumber(context), for: organiser), dated: hunt.now())
        }
        router.post("console/content/versions/:version/rollback") { request, context in
            try await act(request, context, done: .rolledBack) { _, organiser, _ in
                _ = try await services.running.rollback(to: try versionNumber(context), by: organiser)
            }
        }
        router.post("console/reload") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            _ = try await PageForm.read(request, context: context)
            do {
                _ = try await services.running.reload(by: .organiser(organiser))
            } catch {
                return try await consolePage(context, hunt: services.hunt, organiser: organiser, problem: try Problem.forPage(error))
            }
            return Response.seeOther("/console?done=\(Done.reloaded.rawValue)")
        }
    }

    /// An organiser's form: read, carried out, then back to the console saying what was done,
    /// or the console with the problem.
    private func act(_ request: Request, _ context: AppRequestContext, done: Done,
                     _ action: (Hunt, Organiser, PageForm) async throws -> Void) async throws -> Response {
        let hunt = services.hunt
        let organiser = try context.requireOrganiser(in: hunt)
        let form = try await PageForm.read(request, context: context)
        do {
            try await action(hunt, organiser, form)
        } catch {
            return try await consolePage(context, hunt: hunt, organiser: organiser, problem: try Problem.forPage(error))
        }
        let id = context.parameters.get("id").map { "&id=\(PageForm.escapeQuery($0))" } ?? ""
        return Response.seeOther("/console?done=\(done.rawValue)\(id)")
    }

    private func checkpointID(_ context: AppRequestContext) -> String {
        context.parameters.get("id") ?? ""
    }

    private func consolePage(_ context: AppRequestContext, hunt: Hunt, organiser: Organiser, notice: String? = nil,
                             problem: Problem? = nil, sheetsOfNewPlaces: Bool = false) async throws -> Response {
        let timeZone = hunt.timeZone
        let broadcast = try await hunt.liveNotices().broadcast
        let draft = try await hunt.draft(for: organiser)
        let toPrint = try await hunt.stickersToPrint(for: organiser).count
        // Just published: the new places' stickers, to print and put up.
        var newSheets: [ConsoleView.Sheet] = []
        if sheetsOfNewPlaces, let newest = try await hunt.contentVersions(for: organiser).first(where: \.isKept) {
            let added = try await hunt.contentChanges(ofVersion: newest.id, for: organiser).changes.checkpoints.added
            newSheets = added.compactMap { id in
                hunt.content.checkpoint(id: id).map { ConsoleView.Sheet(name: $0.name, href: "/console/checkpoints/\(id)/sheet.pdf") }
            }
        }
        let view = ConsoleView(
            broadcast: broadcast.map { library.text("console.broadcastShown", ["text": $0.text, "who": $0.sentBy,
                                                                               "when": CampusDates.dayAndTime($0.sentAt, in: timeZone)]) },
            broadcastMax: Broadcast.maxLength, noteMax: CheckpointClosure.maxNoteLength,
            checkpoints: try await hunt.checkpointsInPlay(for: organiser).map { stored in
                ConsoleView.Checkpoint(
                    id: stored.id, number: stored.number, name: stored.checkpoint.name,
                    riddles: hunt.content.riddles.filter { $0.checkpointID == stored.id }.map(\.id),
                    version: library.text("console.codeVersion", ["version": "\(stored.tagVersion)"]),
                    closed: stored.closure.map { closure in
                        library.text("console.closedBy", ["note": closure.note, "who": closure.closedBy,
                                                          "when": CampusDates.dayAndTime(closure.closedAt, in: timeZone)])
                    })
            },
            retired: try await hunt.retiredPlaces(for: organiser).map { stored in
                ConsoleView.Retired(id: stored.id, name: stored.checkpoint.name,
                                    label: library.text("console.restoreLabel", ["place": stored.checkpoint.name]),
                                    when: library.text("console.retiredOn", ["when": CampusDates.dayAndTime(stored.retiredAt ?? Date(), in: timeZone),
                                                                             "number": "\(stored.number)"]))
            },
            versions: try await hunt.contentVersions(for: organiser).prefix(10).enumerated().map { index, version in
                let summary = version.summary
                let origin = switch version.origin {
                case .files: library.text("console.version.files")
                case .rollback(let of): library.text("console.version.rollback", ["version": "\(of)"])
                case .console: library.text("console.version.console")
                }
                return ConsoleView.Version(
                    id: version.id, title: library.text("console.version.title", ["version": "\(version.id)", "when": CampusDates.dayAndTime(summary.importedAt, in: timeZone)]),
                    detail: library.text("console.version.detail", [
                        "origin": origin, "fingerprint": String(summary.fingerprint.prefix(12)),
                        "checkpoints": "\(summary.checkpointsAdded)/\(summary.checkpointsUpdated)/\(summary.checkpointsRetired)",
                        "riddles": "\(summary.riddlesAdded)/\(summary.riddlesUpdated)/\(summary.riddlesRetired)",
                    ]),
                    playing: index == 0, kept: version.isKept)
            },
            audit: try await auditLines(hunt, organiser, limit: Self.auditLinesShown),
            draft: draft.map { library.text("console.draftWaiting", ["who": $0.savedBy, "when": CampusDates.dayAndTime($0.savedAt, in: timeZone)]) },
            newSheets: newSheets, toPrint: toPrint == 0 ? nil : library.text("console.printChanged", ["count": "\(toPrint)"]),
            notice: notice, problem: problem)
        return PageRendering(library: library, context: context)
            .response("console", title: library.text("console.title"), status: problem?.status ?? .ok, view)
    }

    /// The console shows the newest lines of the audit log; its own page shows the rest.
    static let auditLinesShown = 10

    private func auditLines(_ hunt: Hunt, _ organiser: Organiser, limit: Int) async throws -> [ConsoleView.AuditLine] {
        try await hunt.auditLog(for: organiser, limit: limit).map { entry in
            ConsoleView.AuditLine(when: CampusDates.dayAndTime(entry.at, in: hunt.timeZone), actor: entry.record.actorName,
                                  action: library.text("console.audit.\(entry.record.action.rawValue)"), subject: entry.record.subject,
                                  detail: entry.record.detail)
        }
    }

    struct AuditPage {
        var audit: [ConsoleView.AuditLine]
    }

    /// What a version changed, kind by kind, in the organiser's ids.
    private func changesView(version: Int64, from: Int64?, _ changes: ContentChanges) -> VersionChanges {
        let kinds: [(String, ContentChanges.Items)] = [("checkpoints", changes.checkpoints), ("riddles", changes.riddles), ("quiz", changes.quiz),
                                                        ("badges", changes.badges), ("partners", changes.partners), ("offers", changes.offers)]
        let sections = kinds.filter { !$0.1.isEmpty }.map { kind, items in
            VersionChanges.Section(title: library.text("console.changes.kind.\(kind)"), lines: [
                ("added", items.added), ("changed", items.changed), ("removed", items.removed),
            ].filter { !$0.1.isEmpty }.map { line, ids in library.text("console.changes.\(line)", ["ids": ids.joined(separator: ", ")]) })
        }
        var notes: [String] = []
        if changes.rulesChanged { notes.append(library.text("console.changes.rules")) }
        if changes.campusChanged { notes.append(library.text("console.changes.campus")) }
        let compared = switch from {
        case nil: library.text("console.changes.first")
        case let from? where changes.isEmpty: library.text("console.changes.none", ["from": "\(from)"])
        case let from?: library.text("console.changes.from", ["from": "\(from)"])
        }
        return VersionChanges(id: version, compared: compared, sections: sections, notes: notes)
    }

    struct VersionChanges {
        struct Section {
            var title: String
            var lines: [String]
        }
        var id: Int64
        var compared: String
        var sections: [Section]
        var notes: [String]
    }

    struct RotateQuestion {
        var id: String
        var question: String
        var advice: String
    }

    struct ConsoleView {
        struct Checkpoint {
            var id: String
            var number: Int
            var name: String
            /// Its riddles' ids, each with its form.
            var riddles: [String]
            var version: String
            /// What players read while it is closed, with who closed it and when.
            var closed: String?
        }
        /// A published version of the content: the newest is the one played.
        struct Version {
            var id: Int64
            var title: String
            var detail: String
            var playing: Bool
            /// Whether it can be downloaded and played again.
            var kept: Bool
        }
        struct AuditLine {
            var when: String
            var actor: String
            var action: String
            var subject: String
            var detail: String
        }
        var broadcast: String?
        var broadcastMax: Int
        var noteMax: Int
        var checkpoints: [Checkpoint]
        /// Places a publish retired, each of which can be brought back into the draft.
        struct Retired {
            var id: String
            var name: String
            var label: String
            var when: String
        }
        var retired: [Retired]
        var versions: [Version]
        var audit: [AuditLine]
        /// Who saved the unpublished changes and when, while there are some.
        var draft: String?
        struct Sheet {
            var name: String
            var href: String
        }
        var newSheets: [Sheet]
        /// The link to the stickers changed since the last print, while there are some.
        var toPrint: String?
        var notice: String?
        var problem: Problem?
    }
}
