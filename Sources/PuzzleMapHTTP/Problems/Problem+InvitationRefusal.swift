import Foundation
import Hummingbird
import PuzzleMapCore

extension Problem {
    /// The one table from staff invitations' refusals to answers. A link that has done its
    /// work (used, revoked, lapsed) is gone; the pages show the same `detail` and `hint`.
    public init(_ refusal: InvitationRefusal) {
        switch refusal {
        case .unknownPartner(let known):
            self.init(.unprocessableContent, code: .unknownPartner, values: ["partners": Problem.alternatives(known)])
        case .invalidEmail:
            self.init(.unprocessableContent, code: .invalidEmail)
        case .notFound:
            self.init(.notFound, code: .invitationNotFound)
        case .used(let date):
            self.init(.gone, code: .invitationUsed, values: ["date": date.formatted(.iso8601)])
        case .revoked(let date):
            self.init(.gone, code: .invitationRevoked, values: ["date": date.formatted(.iso8601)])
        case .expired(let date):
            self.init(.gone, code: .invitationExpired, values: ["date": date.formatted(.iso8601)])
        case .cannotRevokeUsed(let date):
            self.init(.conflict, code: .invitationUsed, values: ["date": date.formatted(.iso8601)], detailVariant: "revoke", hintVariant: "revoke")
        }
    }
}
