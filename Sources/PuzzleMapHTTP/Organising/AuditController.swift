import Foundation
import Hummingbird
import PuzzleMapCore

/// `GET /v1/admin/audit-log`: what organisers did to the running hunt, newest first.
struct AuditController {
    let services: HuntServices

    struct AuditEntryView: Codable {
        var id: Int64
        var actor: String
        var action: AuditAction
        var subject: String
        var detail: String
        var at: Date

        init(_ entry: AuditEntry) {
            id = entry.id
            actor = entry.record.actorName
            action = entry.record.action
            subject = entry.record.subject
            detail = entry.record.detail
            at = entry.at
        }
    }

    struct AuditLogView: ResponseCodable {
        var entries: [AuditEntryView]
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("admin/audit-log") { _, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            return AuditLogView(entries: try await services.hunt.auditLog(for: organiser).map(AuditEntryView.init))
        }
    }
}
