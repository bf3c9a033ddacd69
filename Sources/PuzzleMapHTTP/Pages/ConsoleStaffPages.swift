import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// The organisers' page for shop staff: invite someone at a partner by any email address (the
/// link is mailed, and shown here once), see every invitation and what became of it, revoke
/// those still pending.
struct ConsoleStaffPages {
    let services: HuntServices
    let library: PageLibrary

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("console/staff") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let revoked = request.uri.queryParameters.get("revoked")
            return try await staffPage(context, organiser, notice: revoked.map { library.text("consoleStaff.revoked", ["email": $0]) })
        }
        router.post("console/staff/invitations") { request, context in
            // A forged form is refused as such, whoever sends it.
            let form = try await PageForm.read(request, context: context)
            let organiser = try context.requireOrganiser(in: services.hunt)
            let (email, partnerID) = (form.text("email") ?? "", form.text("partner") ?? "")
            do {
                let issued = try await services.hunt.inviteStaff(email: email, partnerID: partnerID, by: organiser, language: PageLibrary.language.tag)
                return try await staffPage(context, organiser, notice: library.text("consoleStaff.invited", ["email": issued.invitation.email]),
                                           link: issued.link)
            } catch {
                let problem = try Problem.forPage(error)
                return try await staffPage(context, organiser, email: email, partnerID: partnerID, problem: problem)
            }
        }
        router.post("console/staff/invitations/:id/revoke") { request, context in
            _ = try await PageForm.read(request, context: context)
            let organiser = try context.requireOrganiser(in: services.hunt)
            do {
                guard let id = context.parameters.get("id", as: Int64.self) else { throw InvitationRefusal.notFound }
                let invitation = try await services.hunt.revokeStaffInvitation(id: id, by: organiser)
                return Response.seeOther("/console/staff?revoked=\(PageForm.escapeQuery(invitation.email))")
            } catch {
                return try await staffPage(context, organiser, problem: try Problem.forPage(error))
            }
        }
    }

    private func staffPage(_ context: AppRequestContext, _ organiser: Organiser, notice: String? = nil, link: String? = nil, email: String = "", partnerID: String = "",
                           problem: Problem? = nil) async throws -> Response {
        let now = services.now()
        let zone = services.timeZone
        let when = { (date: Date) in CampusDates.dayAndTime(date, in: zone) }
        let invitations = try await services.hunt.staffInvitations(for: organiser).map { invitation in
            let status = invitation.status(at: now)
            var history = [library.text("consoleStaff.invitedBy", ["by": invitation.invitedBy ?? "?", "when": when(invitation.createdAt)])]
            switch status {
            case .pending: history.append(library.text("consoleStaff.until", ["when": when(invitation.expiresAt)]))
            case .used: history.append(library.text("consoleStaff.usedBy", ["by": invitation.staffName ?? "?", "when": when(invitation.usedAt ?? now)]))
            case .revoked: history.append(library.text("consoleStaff.revokedBy", ["by": invitation.revokedBy ?? "?", "when": when(invitation.revokedAt ?? now)]))
            case .expired: history.append(library.text("consoleStaff.expiredAt", ["when": when(invitation.expiresAt)]))
            }
            return InvitationRow(
                id: invitation.id, email: invitation.email,
                partner: services.content.partner(id: invitation.partnerID)?.name ?? invitation.partnerID,
                status: library.text("consoleStaff.status.\(status.rawValue)"), history: history, revocable: status == .pending,
                revokeLabel: library.text("consoleStaff.revoke", ["email": invitation.email]))
        }
        let partners = services.content.partners.map { PartnerOption(id: $0.id, name: $0.name, selected: $0.id == partnerID) }
        return PageRendering(library: library, context: context).response(
            "console-staff", title: library.text("consoleStaff.title"), status: problem?.status ?? .ok,
            StaffView(invitations: invitations, partners: partners, email: email, notice: notice, link: link, problem: problem))
    }

    struct InvitationRow {
        var id: Int64
        var email: String
        var partner: String
        var status: String
        var history: [String]
        var revocable: Bool
        var revokeLabel: String
    }

    struct PartnerOption {
        var id: String
        var name: String
        var selected: Bool
    }

    struct StaffView {
        var invitations: [InvitationRow]
        var partners: [PartnerOption]
        var email: String
        var notice: String?
        /// The new invitation's link, shown this once.
        var link: String?
        var problem: Problem?
    }
}
