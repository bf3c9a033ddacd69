import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// The organisers' console: where the running hunt is watched and fixed, and the audit log of
/// what organisers did to it.
struct ConsolePages {
    let services: HuntServices
    let library: PageLibrary

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("console") { _, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let entries = try await services.hunt.auditLog(for: organiser, limit: 50)
            return PageRendering(library: library, context: context)
                .response("console", title: library.text("console.title"), ConsoleView(audit: entries.map(auditLine)))
        }
    }

    struct ConsoleView {
        var audit: [AuditLine]
    }

    struct AuditLine {
        var when: String
        var actor: String
        var action: String
        var subject: String
        var detail: String
    }

    private func auditLine(_ entry: AuditEntry) -> AuditLine {
        AuditLine(when: CampusDates.dayAndTime(entry.at, in: services.hunt.timeZone), actor: entry.record.actorName,
                  action: library.text("console.audit.\(entry.record.action.rawValue)"), subject: entry.record.subject,
                  detail: entry.record.detail)
    }
}
