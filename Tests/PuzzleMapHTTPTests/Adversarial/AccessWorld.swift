import Crypto
import Foundation
import HummingbirdTesting
import PuzzleMapCore
import Testing

/// Who calls, in the order of the access table's columns.
enum Caller: String, CaseIterable, Sendable {
    case anonymous, owner, friend, stranger, blocked, partnerStaff, otherStaff, admin, suspended
}

/// The world every cell of the access table is played in, built once per run: an owner with a
/// verified email, a quiz, a riddle held, a pending check-in, an unclaimed voucher (unlocked by
/// reaching level 3), a pending friend request to answer and a password reset to confirm; the
/// owner's friend, a stranger, a player the owner blocked; staff of the voucher's partner
/// (who have redeemed the friend's voucher today), staff of another partner, an admin, and a
/// player the admin suspended (otherwise a stranger to the owner); and the owner's report of a
/// damaged sticker.
struct AccessWorld: Sendable {
    static let password = "correct horse battery"
    /// A browser's push key (a P-256 point, base64url), for the routes that keep a subscription.
    static let browserKey = P256.KeyAgreement.PrivateKey().publicKey.x963Representation.base64URLEncoded
    static let usernames: [Caller: String] = [
        .owner: "oona", .friend: "fern", .stranger: "sten", .blocked: "blake",
        .partnerStaff: "quinn", .otherStaff: "gus", .admin: "adam", .suspended: "suzy",
    ]
    /// Asks the owner to be friends; not one of the table's callers.
    static let suitor = "suki"
    /// Invites the owner into their crew; not one of the table's callers.
    static let inviter = "kit"

    let service: TestService
    /// The database as built, copied afresh for every cell that writes.
    var snapshot = ""
    let tokens: [Caller: String]
    let ownerEmail: String
    let ownerDisplayName: String
    let ownerRefreshToken: String
    let ownerResetToken: String
    let riddleID: Int
    /// The place the owner's riddle leads to, as its sticker's QR text.
    let riddleTargetCode: String
    let checkInID: String
    /// The owner's scan that reached level 3 and unlocked the voucher.
    let levelScanID: Int64
    let voucherID: Int
    let voucherCode: String
    let voucherManualCode: String
    let friendRequestID: Int
    /// The friend's challenge to the owner, waiting for the owner's answer.
    let challengeID: Int
    /// The join code of the owner's crew (the owner alone in it).
    let crewCode: String
    /// Another crew's invitation of the owner.
    let crewInvitationID: Int
    /// The owner's report of a damaged sticker, which organisers read and set the status of.
    let reportID: Int
    /// The parts after `/C/`, `/F/` and `/V/` of a checkpoint's, the owner's friend and voucher codes.
    let checkpointToken: String
    let friendToken: String
    let voucherToken: String
    /// Who the partner's staff redeemed a voucher for today.
    let redeemedForDisplayName: String
    /// A pending invitation the admin sent a barista, and its link's token.
    let staffInvitationID: Int
    let staffInvitationToken: String
    /// An open day the admin opened for the whole of today, and its join code.
    let openDayID: Int
    let openDayCode: String

    var owner: String { Self.usernames[.owner]! }
    var friend: String { Self.usernames[.friend]! }

    /// The same world, shared by every row of the table.
    static let shared = Task { try await AccessWorld.build() }

    static func build() async throws -> AccessWorld {
        let service = try await TestService()
        let content = service.services.content
        let names = usernames
        var world = try await service.withClient { client in
            let owner = try await client.playerWithQuiz(names[.owner]!, quiz: content.quiz.map(\.id))
            let ownerSession = try await client.session(names[.owner]!)
            try await service.verifyEmail(of: names[.owner]!, client)

            // Level 3 unlocks the partner's coffee.
            _ = try await service.bringToTheEdgeOfLevelThree(names[.owner]!)
            let levelled = try await client.scan(code: try await service.qrText(for: content.checkpoints[4].id), token: owner)
            let voucherID = try #require((levelled.json["newVouchers"] as? [[String: Any]])?.first?["id"] as? Int)
            let voucher = try await client.call(.get, "/v1/me/vouchers/\(voucherID)", token: owner)
            #expect(voucher.json["status"] as? String == "unclaimed")

            let riddle = try await client.call(.post, "/v1/riddles", json: ["category": "lab"], token: owner)
            let riddleID = try #require((riddle.json["riddle"] as? [String: Any])?["id"] as? Int)
            let target = try await service.target(of: names[.owner]!, category: .lab)
            let elsewhere = try #require(content.checkpoints.first { ![target, content.checkpoints[0].id, content.checkpoints[4].id].contains($0.id) })
            let wrongPlace = try await client.scan(code: try await service.qrText(for: elsewhere.id), token: owner)
            let checkInID = try #require((wrongPlace.json["checkIn"] as? [String: Any])?["id"] as? String)

            // The friend, who also reached level 3 and had the coffee redeemed at the partner today.
            let friend = try await client.signedInPlayer(names[.friend]!)
            let friendCode = try #require(try await client.call(.get, "/v1/me/friend-code", token: friend).json["code"] as? String)
            let befriended = try await client.call(.post, "/v1/friends/requests", json: ["friendCode": friendCode], token: owner)
            #expect(befriended.json["status"] as? String == "friends")
            try await service.verifyEmail(of: names[.friend]!, client)
            _ = try await service.bringToTheEdgeOfLevelThree(names[.friend]!)
            let friendLevelled = try await client.scan(code: try await service.qrText(for: content.checkpoints[4].id), token: friend)
            let friendVoucher = try #require((friendLevelled.json["newVouchers"] as? [[String: Any]])?.first?["id"] as? Int)
            let friendVoucherCode = try #require(try await client.call(.get, "/v1/me/vouchers/\(friendVoucher)", token: friend).json["code"] as? String)
            let challenge = try await client.call(.post, "/v1/challenges", json: ["username": names[.owner]!, "category": "social"], token: friend)
            let challengeID = try #require(challenge.json["id"] as? Int)
            let crewCode = try #require(try await client.call(.post, "/v1/crews", json: ["name": "Owls"], token: owner).json["code"] as? String)
            // Another friend, in a crew of their own, invites the owner (who is in a crew already).
            let inviter = try await client.signedInPlayer(Self.inviter)
            let ownerFriendCode = try #require(try await client.call(.get, "/v1/me/friend-code", token: owner).json["code"] as? String)
            #expect(try await client.call(.post, "/v1/friends/requests", json: ["friendCode": ownerFriendCode], token: inviter).json["status"] as? String
                    == "friends")
            #expect(try await client.call(.post, "/v1/crews", json: ["name": "Kestrels"], token: inviter).status == .created)
            let crewInvitation = try await client.call(.post, "/v1/me/crew/invitations", json: ["username": names[.owner]!], token: inviter)
            let crewInvitationID = try #require(crewInvitation.json["id"] as? Int)

            let partnerStaff = try await service.staffToken(client, username: names[.partnerStaff]!, partner: "qmu-cafe")
            let otherStaff = try await service.staffToken(client, username: names[.otherStaff]!, partner: "guu-food")
            #expect(try await client.call(.post, "/v1/staff/redemptions", json: ["code": friendVoucherCode], token: partnerStaff).status == .ok)
            let admin = try await client.signedInPlayer(names[.admin]!)
            _ = try await service.repository.setRole(email: "\(names[.admin]!)@student.gla.ac.uk", role: .admin, partnerID: nil)
            let invited = try await client.call(.post, "/v1/admin/staff-invitations",
                                                json: ["email": "barista@kimchi-cafe.example", "partnerId": "qmu-cafe"], token: admin)
            let invitationID = try #require((invited.json["invitation"] as? [String: Any])?["id"] as? Int)
            let invitationToken = Self.lastComponent(try #require(invited.json["link"] as? String))
            let today = LocalDate(service.services.now(), in: content.timeZone).description
            let openDay = try await client.call(.post, "/v1/admin/open-days", json: [
                "name": "Applicant day", "day": today, "from": "00:00", "until": "24:00", "eraseAfterDays": "", "guestOffers": [String](),
            ], token: admin)
            let openDayID = try #require(openDay.json["id"] as? Int)
            let openDayCode = try #require(openDay.json["code"] as? String)

            let stranger = try await client.signedInPlayer(names[.stranger]!)
            let suspended = try await client.signedInPlayer(names[.suspended]!)
            let suspension = try await client.call(.post, "/v1/admin/players/\(names[.suspended]!)/suspension", json: ["reason": "Shared codes"],
                                                   token: admin)
            #expect(suspension.status == .ok)
            let blocked = try await client.signedInPlayer(names[.blocked]!)
            #expect(try await client.call(.post, "/v1/blocks", json: ["username": names[.blocked]!], token: owner).status == .noContent)
            let suitor = try await client.signedInPlayer(suitor)
            let request = try await client.call(.post, "/v1/friends/requests", json: ["username": names[.owner]!], token: suitor)
            let requestID = try #require(request.json["requestId"] as? Int)

            let ownerAccount = try #require(try await service.repository.account(login: names[.owner]!))
            _ = try await client.call(.post, "/v1/password-resets", json: ["email": ownerAccount.player.email])
            let resetMail = try #require(try await service.lastMail(to: ownerAccount.player.email))
            let resetToken = try #require(resetMail.body.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.count == 43 })

            let report = try await client.call(.post, "/v1/reports", json: ["kind": "sticker_damaged", "checkpointId": content.checkpoints[0].id,
                                                                           "text": "Half of it is torn off"], token: owner)
            let reportID = try #require(report.json["id"] as? Int)

            // The owner's photo, waiting for an organiser's look.
            _ = try await service.repository.savePicture([0x52, 0x49, 0x46, 0x46], playerID: ownerAccount.player.id, at: service.services.now())

            let voucherCode = try #require(voucher.json["code"] as? String)
            let friendAccount = try #require(try await service.repository.account(login: names[.friend]!))
            return AccessWorld(
                service: service,
                tokens: [.owner: owner, .friend: friend, .stranger: stranger, .blocked: blocked,
                         .partnerStaff: partnerStaff, .otherStaff: otherStaff, .admin: admin, .suspended: suspended],
                ownerEmail: ownerAccount.player.email, ownerDisplayName: ownerAccount.player.displayName,
                ownerRefreshToken: ownerSession.refresh, ownerResetToken: resetToken,
                riddleID: riddleID, riddleTargetCode: try await service.qrText(for: target), checkInID: checkInID,
                levelScanID: try #require(try await service.repository.scans(playerID: ownerAccount.player.id, limit: 10)
                    .first { $0.checkpointID == content.checkpoints[4].id }?.id),
                voucherID: voucherID, voucherCode: voucherCode, voucherManualCode: try #require(voucher.json["manualCode"] as? String),
                friendRequestID: requestID, challengeID: challengeID, crewCode: crewCode, crewInvitationID: crewInvitationID, reportID: reportID,
                checkpointToken: Self.lastComponent(try await service.qrText(for: content.checkpoints[1].id)),
                friendToken: Self.lastComponent(try #require(try await client.call(.get, "/v1/me/friend-code", token: owner).json["code"] as? String)),
                voucherToken: Self.lastComponent(voucherCode),
                redeemedForDisplayName: friendAccount.player.displayName,
                staffInvitationID: invitationID, staffInvitationToken: invitationToken, openDayID: openDayID, openDayCode: openDayCode
            )
        }
        world.snapshot = try service.snapshot()
        return world
    }

    private static func lastComponent(_ link: String) -> String {
        String(link.split(separator: "/").last ?? "")
    }

    /// What `caller` must never read in any answer: the owner's private data, to anyone but the
    /// owner; the owner's very existence, to the player the owner blocked; the partner's
    /// redemptions, to another partner's staff.
    func secrets(hiddenFrom caller: Caller) -> [String] {
        guard caller != .owner else { return [] }
        var secrets = [ownerEmail, voucherCode, voucherToken, voucherManualCode, checkInID, tokens[.owner]!, ownerRefreshToken, ownerResetToken]
        if caller == .blocked { secrets += [owner, ownerDisplayName] }
        if caller == .otherStaff { secrets.append(redeemedForDisplayName) }
        return secrets
    }
}
