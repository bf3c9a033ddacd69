import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// Organisers invite shop staff by email, list and revoke the invitations; the invited person
/// accepts with the link's token, a name and a password, and is signed in like a sign-in.
struct StaffInvitationController {
    let services: HuntServices

    struct InvitationRequest: Decodable {
        var email: String
        var partnerId: String
    }

    struct AcceptRequest: Decodable {
        var token: String
        var displayName: String
        var password: String
    }

    /// An invitation as organisers see it: who invited whom, for which partner, and what became of it.
    struct InvitationView: ResponseCodable {
        var id: Int64
        var email: String
        var partnerId: String
        var status: StaffInvitation.Status
        var createdAt: Date
        var expiresAt: Date
        var invitedBy: String?
        var usedAt: Date?
        /// The display name of the staff account the invitation made.
        var acceptedBy: String?
        var revokedAt: Date?
        var revokedBy: String?

        init(_ invitation: StaffInvitation, at date: Date) {
            id = invitation.id
            email = invitation.email
            partnerId = invitation.partnerID
            status = invitation.status(at: date)
            createdAt = invitation.createdAt
            expiresAt = invitation.expiresAt
            invitedBy = invitation.invitedBy
            usedAt = invitation.usedAt
            acceptedBy = invitation.staffName
            revokedAt = invitation.revokedAt
            revokedBy = invitation.revokedBy
        }
    }

    /// A new invitation, with its link: shown this once, never stored.
    struct IssuedView: ResponseCodable {
        var invitation: InvitationView
        var link: String
    }

    struct InvitationList: ResponseCodable {
        var invitations: [InvitationView]
    }

    func addPublicRoutes(to router: RouterGroup<AppRequestContext>) {
        router.post("staff-invitations/accept") { request, context -> EditedResponse<SessionView> in
            let body = try await request.decode(as: AcceptRequest.self, context: context)
            let account = try await services.hunt.acceptStaffInvitation(token: body.token, displayName: body.displayName, password: body.password)
            return EditedResponse(status: .created, response: SessionView(try await services.hunt.openSession(for: account)))
        }
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.post("admin/staff-invitations") { request, context -> EditedResponse<IssuedView> in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let body = try await request.decode(as: InvitationRequest.self, context: context)
            let issued = try await services.hunt.inviteStaff(email: body.email, partnerID: body.partnerId, by: organiser,
                                                             language: request.readerLanguage)
            return EditedResponse(status: .created, response: IssuedView(invitation: InvitationView(issued.invitation, at: services.now()),
                                                                         link: issued.link))
        }
        router.get("admin/staff-invitations") { _, context -> InvitationList in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let now = services.now()
            return InvitationList(invitations: try await services.hunt.staffInvitations(for: organiser).map { InvitationView($0, at: now) })
        }
        router.delete("admin/staff-invitations/:id") { _, context -> InvitationView in
            let organiser = try context.requireOrganiser(in: services.hunt)
            guard let id = context.parameters.get("id", as: Int64.self) else { throw InvitationRefusal.notFound }
            return InvitationView(try await services.hunt.revokeStaffInvitation(id: id, by: organiser), at: services.now())
        }
    }
}
