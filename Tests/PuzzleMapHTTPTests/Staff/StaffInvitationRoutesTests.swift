import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapCore
import Testing

extension TestService {
    /// Invites `email` as staff of `partner`; returns the answer and the link's token.
    func invite(_ email: String, partner: String = "qmu-cafe", organiser: String, _ client: some TestClientProtocol) async throws -> (Reply, String) {
        let reply = try await client.call(.post, "/v1/admin/staff-invitations", json: ["email": email, "partnerId": partner], token: organiser)
        let link = reply.json["link"] as? String ?? ""
        return (reply, String(link.split(separator: "/").last ?? ""))
    }
}

@Suite struct StaffInvitationRoutesTests {
    static let barista = "barista@kimchi-cafe.example"
    static let password = "flat white at dawn"

    @Test func aBaristaInvitedAtANonUniversityAddressJoinsOnceAsStaffOfThePartner() async throws {
        let service = try await TestService()
        try await service.test { client in
            let organiser = try await service.organiserToken(client)
            let (invited, token) = try await service.invite(Self.barista, organiser: organiser, client)
            #expect(invited.status == .created)
            let link = try #require(invited.json["link"] as? String)
            #expect(link == "\(service.settings.publicURL)/staff/join/\(token)" && token.count == 43)
            let invitation = try #require(invited.json["invitation"] as? [String: Any])
            #expect(invitation["status"] as? String == "pending" && invitation["invitedBy"] as? String == "Olive")
            #expect(invitation["expiresAt"] as? String == "2026-11-21T12:00:00Z")
            // The mail carries the link; the database keeps only its hash.
            let mail = try #require(try await service.lastMail(to: Self.barista))
            #expect(mail.body.contains(link) && mail.body.contains("QMU Café") && mail.body.contains("3 days"))

            // The address is fine for staff, never for a player's sign-up.
            let signUp = try await client.call(.post, "/v1/accounts", json: [
                "email": Self.barista, "username": "barista", "password": Self.password, "displayName": "Sam",
            ])
            #expect(signUp.status == .unprocessableContent && signUp.code == "email_domain_not_allowed")

            // Same password rules as players; a refusal leaves the link usable.
            let weak = try await client.call(.post, "/v1/staff-invitations/accept", json: ["token": token, "displayName": "Sam", "password": "password"])
            #expect(weak.status == .unprocessableContent && weak.code == "weak_password")
            let accepted = try await client.call(.post, "/v1/staff-invitations/accept",
                                                 json: ["token": token, "displayName": "Sam", "password": Self.password])
            #expect(accepted.status == .created)
            let player = try #require(accepted.json["player"] as? [String: Any])
            #expect(player["role"] as? String == "staff" && player["email"] as? String == Self.barista && player["emailVerified"] as? Bool == true)
            let staff = try #require(accepted.json["accessToken"] as? String)
            #expect(try await client.call(.get, "/v1/staff/redemptions", token: staff).status == .ok)
            let account = try #require(try await service.repository.account(login: Self.barista))
            #expect(account.role == .staff && account.partnerID == "qmu-cafe")

            // Single use: a second acceptance is refused, and makes nothing.
            let again = try await client.call(.post, "/v1/staff-invitations/accept",
                                              json: ["token": token, "displayName": "Mallory", "password": "another long passphrase"])
            #expect(again.status == .gone && again.code == "invitation_used")
            let signIn = try await client.call(.post, "/v1/sessions", json: ["login": Self.barista, "password": Self.password])
            #expect(signIn.status == .ok)

            let list = try await client.call(.get, "/v1/admin/staff-invitations", token: organiser)
            let listed = try #require((list.json["invitations"] as? [[String: Any]])?.first)
            #expect(listed["status"] as? String == "used" && listed["acceptedBy"] as? String == "Sam" && listed["usedAt"] as? String == "2026-11-18T12:00:00Z")
            let id = try #require(listed["id"] as? Int)
            let revoke = try await client.call(.delete, "/v1/admin/staff-invitations/\(id)", token: organiser)
            #expect(revoke.status == .conflict && revoke.code == "invitation_used")
        }
    }

    @Test func anInvitationLapsesAtTheEndOfItsLifetime() async throws {
        let service = try await TestService()
        try await service.test { client in
            let organiser = try await service.organiserToken(client)
            let (_, lapsing) = try await service.invite(Self.barista, organiser: organiser, client)
            let (_, inTime) = try await service.invite("cook@kimchi-cafe.example", organiser: organiser, client)
            // limits.staffInvitationHours of the sample campus: 72.
            service.clock.advance(by: 72 * 3600 - 1)
            let accepted = try await client.call(.post, "/v1/staff-invitations/accept",
                                                 json: ["token": inTime, "displayName": "Cook", "password": Self.password])
            #expect(accepted.status == .created)
            service.clock.advance(by: 1)
            let lapsed = try await client.call(.post, "/v1/staff-invitations/accept",
                                               json: ["token": lapsing, "displayName": "Sam", "password": Self.password])
            #expect(lapsed.status == .gone && lapsed.code == "invitation_expired")
            #expect(try await service.repository.account(login: Self.barista) == nil)
            // Three days on, the organiser's access token has lapsed too: they sign in again.
            let signedIn = try await client.call(.post, "/v1/sessions", json: ["login": "olive", "password": "correct horse battery"])
            let fresh = try #require(signedIn.json["accessToken"] as? String)
            let statuses = (try await client.call(.get, "/v1/admin/staff-invitations", token: fresh).json["invitations"] as? [[String: Any]])?
                .map { "\($0["email"] ?? "") \($0["status"] ?? "")" }
            #expect(statuses == ["cook@kimchi-cafe.example used", "\(Self.barista) expired"])
        }
    }

    @Test func aRevokedInvitationNoLongerWorksAndSaysWhoRevokedIt() async throws {
        let service = try await TestService()
        try await service.test { client in
            let organiser = try await service.organiserToken(client)
            let (invited, token) = try await service.invite(Self.barista, organiser: organiser, client)
            let id = try #require((invited.json["invitation"] as? [String: Any])?["id"] as? Int)
            service.clock.advance(by: 60)
            let revoked = try await client.call(.delete, "/v1/admin/staff-invitations/\(id)", token: organiser)
            #expect(revoked.status == .ok && revoked.json["status"] as? String == "revoked" && revoked.json["revokedBy"] as? String == "Olive")
            #expect(revoked.json["revokedAt"] as? String == "2026-11-18T12:01:00Z")
            let accept = try await client.call(.post, "/v1/staff-invitations/accept", json: ["token": token, "displayName": "Sam", "password": Self.password])
            #expect(accept.status == .gone && accept.code == "invitation_revoked")
            #expect(try await service.repository.account(login: Self.barista) == nil)
            #expect(try await client.call(.delete, "/v1/admin/staff-invitations/\(id + 100)", token: organiser).code == "invitation_not_found")
            let unknown = try await client.call(.post, "/v1/staff-invitations/accept",
                                                json: ["token": String(repeating: "x", count: 43), "displayName": "Sam", "password": Self.password])
            #expect(unknown.status == .notFound && unknown.code == "invitation_not_found")
        }
    }

    @Test func onlyOrganisersInviteAndOnlyToAKnownPartnerAndAFreeAddress() async throws {
        let service = try await TestService()
        try await service.test { client in
            let organiser = try await service.organiserToken(client)
            let player = try await client.signedInPlayer("ada")
            let staff = try await service.staffToken(client, username: "quinn", partner: "qmu-cafe")
            for token in [player, staff] {
                let refused = try await client.call(.post, "/v1/admin/staff-invitations", json: ["email": Self.barista, "partnerId": "qmu-cafe"], token: token)
                #expect(refused.status == .forbidden && refused.code == "organisers_only")
                #expect(try await client.call(.get, "/v1/admin/staff-invitations", token: token).code == "organisers_only")
            }
            let (unknownPartner, _) = try await service.invite(Self.barista, partner: "starbucks", organiser: organiser, client)
            #expect(unknownPartner.status == .unprocessableContent && unknownPartner.code == "unknown_partner")
            #expect((unknownPartner.json["hint"] as? String)?.contains("qmu-cafe or guu-food") == true)
            let (notAnAddress, _) = try await service.invite("barista at kimchi", organiser: organiser, client)
            #expect(notAnAddress.status == .unprocessableContent && notAnAddress.code == "invalid_email")
            let (taken, _) = try await service.invite("ADA@student.gla.ac.uk", organiser: organiser, client)
            #expect(taken.status == .conflict && taken.code == "email_taken")
            #expect(try await service.repository.staffInvitations().isEmpty)
        }
    }
}
