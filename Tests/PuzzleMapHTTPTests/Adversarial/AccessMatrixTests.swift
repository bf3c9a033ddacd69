import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapCore
import PuzzleMapHTTP
import Testing

/// What one caller gets from one route: a success's status, or a problem's status and code.
enum Outcome: Equatable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    case success(Int)
    case refused(Int, String)

    init(integerLiteral status: Int) { self = .success(status) }

    static let unauthenticated = Outcome.refused(401, "unauthenticated")
    static let playersOnly = Outcome.refused(403, "players_only")
    static let staffOnly = Outcome.refused(403, "staff_only")
    static let organisersOnly = Outcome.refused(403, "organisers_only")
    static func forbidden(_ code: String) -> Outcome { .refused(403, code) }
    static func notFound(_ code: String) -> Outcome { .refused(404, code) }
    static func conflict(_ code: String) -> Outcome { .refused(409, code) }

    var description: String {
        switch self {
        case .success(let status): "\(status)"
        case .refused(let status, let code): "\(status) \(code)"
        }
    }
}

/// One route and what each caller gets from it, in the order of ``Caller``.
struct AccessRow: Sendable, CustomTestStringConvertible {
    let route: String
    let expected: [Caller: Outcome]

    init(_ route: String, _ anonymous: Outcome, _ owner: Outcome, _ friend: Outcome, _ stranger: Outcome, _ blocked: Outcome,
         _ partnerStaff: Outcome, _ otherStaff: Outcome, _ admin: Outcome, suspended: Outcome? = nil) {
        self.route = route
        // A suspended player is a stranger to the owner's things; the row says where the
        // suspension itself answers.
        expected = [.anonymous: anonymous, .owner: owner, .friend: friend, .stranger: stranger, .blocked: blocked,
                    .partnerStaff: partnerStaff, .otherStaff: otherStaff, .admin: admin, .suspended: suspended ?? stranger]
    }

    var testDescription: String { route }
    var method: String { String(route.split(separator: " ")[0]) }
}

/// Who may see and do what, for every route and every kind of caller.
///
/// Every caller sends the same request, aimed at the owner's things: the owner's voucher,
/// riddle, check-in and friend request, the owner's username (`{username}`, and in bodies that
/// name a player), the owner's email, refresh and reset tokens on the public routes. So the
/// owner's column is the owner using their own things, and every other column is someone
/// trying to reach them. A success is its status; a refusal its status and problem code.
/// Cells that write start from a fresh copy of the world, so none disturbs another.
@Suite struct AccessMatrixTests {
    static let table: [AccessRow] = [
        //                                         anonymous         owner  friend                          stranger                        blocked                         partnerStaff   otherStaff                 admin
        AccessRow("GET /healthz",                  200,              200,   200,                            200,                            200,                            200,           200,                       200),
        AccessRow("GET /readyz",                   200,              200,   200,                            200,                            200,                            200,           200,                       200),
        AccessRow("GET /metrics",                  200,              200,   200,                            200,                            200,                            200,           200,                       200),
        AccessRow("GET /openapi.yaml",             200,              200,   200,                            200,                            200,                            200,           200,                       200),
        AccessRow("POST /v1/accounts",             201,              201,   201,                            201,                            201,                            201,           201,                       201),
        AccessRow("POST /v1/accounts/verify",      200,              200,   200,                            200,                            200,                            200,           200,                       200),
        AccessRow("POST /v1/accounts/verification-codes", 202,       202,   202,                            202,                            202,                            202,           202,                       202),
        AccessRow("POST /v1/sessions",             200,              200,   200,                            200,                            200,                            200,           200,                       200),
        AccessRow("POST /v1/sessions/refresh",     200,              200,   200,                            200,                            200,                            200,           200,                       200),
        AccessRow("POST /v1/password-resets",      202,              202,   202,                            202,                            202,                            202,           202,                       202),
        AccessRow("POST /v1/password-resets/confirm", 200,           200,   200,                            200,                            200,                            200,           200,                       200),
        AccessRow("GET /v1/quiz",                  200,              200,   200,                            200,                            200,                            200,           200,                       200),
        AccessRow("DELETE /v1/sessions/current",   .unauthenticated, 204,   204,                            204,                            204,                            204,           204,                       204),
        AccessRow("GET /v1/me",                    .unauthenticated, 200,   200,                            200,                            200,                            200,           200,                       200),
        AccessRow("PATCH /v1/me",                  .unauthenticated, 200,   200,                            200,                            200,                            200,           200,                       200),
        AccessRow("DELETE /v1/me",                 .unauthenticated, 204,   204,                            204,                            204,                            204,           204,                       204),
        AccessRow("GET /v1/me/export",             .unauthenticated, 200,   200,                            200,                            200,                            200,           200,                       200),
        AccessRow("POST /v1/me/email",             .unauthenticated, 202,   202,                            202,                            202,                            202,           202,                       202),
        AccessRow("POST /v1/me/email/confirm",     .unauthenticated, .refused(422, "invalid_verification_code"), .refused(422, "invalid_verification_code"),
                  .refused(422, "invalid_verification_code"), .refused(422, "invalid_verification_code"), .refused(422, "invalid_verification_code"),
                  .refused(422, "invalid_verification_code"), .refused(422, "invalid_verification_code")),
        AccessRow("GET /v1/push/key",              200,              200,   200,                            200,                            200,                            200,           200,                       200),
        AccessRow("PUT /v1/me/push-subscription",  .unauthenticated, 200,   200,                            200,                            200,                            .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("DELETE /v1/me/push-subscription", .unauthenticated, 200, 200,                            200,                            200,                            .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("GET /v1/me/notifications",      .unauthenticated, 200,   200,                            200,                            200,                            .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("PUT /v1/me/notifications",      .unauthenticated, 200,   200,                            200,                            200,                            .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("PUT /v1/me/quiz",               .unauthenticated, 200,   200,                            200,                            200,                            .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("GET /v1/me/quiz",               .unauthenticated, 200,   .conflict("quiz_required"),     .conflict("quiz_required"),     .conflict("quiz_required"),     .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("POST /v1/riddles",              .unauthenticated, 200,   .conflict("quiz_required"),     .conflict("quiz_required"),     .conflict("quiz_required"),     .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("GET /v1/riddles/active",        .unauthenticated, 200,   200,                            200,                            200,                            .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("DELETE /v1/riddles/{id}",       .unauthenticated, 204,   .notFound("riddle_not_found"),  .notFound("riddle_not_found"),  .notFound("riddle_not_found"),  .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("POST /v1/riddles/{id}/hints",   .unauthenticated, 200,   .notFound("riddle_not_found"),  .notFound("riddle_not_found"),  .notFound("riddle_not_found"),  .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("GET /v1/me/progress",           .unauthenticated, 200,   200,                            200,                            200,                            .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("GET /v1/map",                   .unauthenticated, 200,   200,                            200,                            200,                            .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("GET /v1/me/journal",            .unauthenticated, 200,   200,                            200,                            200,                            .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("POST /v1/reports",              .unauthenticated, 201,   201,                            201,                            201,                            .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("POST /v1/scans",                .unauthenticated, 200,   200,                            200,                            200,                            .playersOnly,  .playersOnly,              .playersOnly,
                  suspended: .forbidden("account_suspended")),
        AccessRow("POST /v1/check-ins/{id}/register", .unauthenticated, 200, .notFound("check_in_not_found"), .notFound("check_in_not_found"), .notFound("check_in_not_found"), .playersOnly, .playersOnly,          .playersOnly,
                  suspended: .forbidden("account_suspended")),
        AccessRow("DELETE /v1/check-ins/{id}",     .unauthenticated, 204,   .notFound("check_in_not_found"), .notFound("check_in_not_found"), .notFound("check_in_not_found"), .playersOnly, .playersOnly,           .playersOnly),
        AccessRow("GET /v1/me/vouchers",           .unauthenticated, 200,   200,                            200,                            200,                            .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("GET /v1/me/vouchers/{id}",      .unauthenticated, 200,   .notFound("voucher_not_found"), .notFound("voucher_not_found"), .notFound("voucher_not_found"), .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("GET /v1/me/offers",             .unauthenticated, 200,   200,                            200,                            200,                            .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("GET /v1/me/vouchers/{id}/code.png", .unauthenticated, 200, .notFound("voucher_not_found"), .notFound("voucher_not_found"), .notFound("voucher_not_found"), .playersOnly, .playersOnly,          .playersOnly),
        AccessRow("POST /v1/me/vouchers/{id}/gift", .unauthenticated, 200,  .notFound("voucher_not_found"), .notFound("voucher_not_found"), .notFound("voucher_not_found"), .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("POST /v1/staff/redemptions",    .unauthenticated, .staffOnly, .staffOnly,                .staffOnly,                     .staffOnly,                     200,           .forbidden("wrong_partner"), .staffOnly),
        AccessRow("GET /v1/staff/redemptions",     .unauthenticated, .staffOnly, .staffOnly,                .staffOnly,                     .staffOnly,                     200,           200,                       .staffOnly),
        AccessRow("POST /v1/admin/staff-invitations", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 201),
        AccessRow("GET /v1/admin/staff-invitations", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("DELETE /v1/admin/staff-invitations/{id}", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        // Public: the link's token is the key; whoever holds it becomes the barista.
        AccessRow("POST /v1/staff-invitations/accept", 201,         201,   201,                            201,                            201,                            201,           201,                       201),
        AccessRow("GET /v1/open-days/{code}",      200,              200,   200,                            200,                            200,                            200,           200,                       200),
        AccessRow("POST /v1/open-days/join",       201,              201,   201,                            201,                            201,                            201,           201,                       201),
        AccessRow("GET /v1/me/open-day",           .unauthenticated, .conflict("not_a_guest"), .conflict("not_a_guest"), .conflict("not_a_guest"),
                  .conflict("not_a_guest"), .conflict("not_a_guest"), .conflict("not_a_guest"), .conflict("not_a_guest")),
        AccessRow("POST /v1/me/open-day/keep",     .unauthenticated, .conflict("not_a_guest"), .conflict("not_a_guest"), .conflict("not_a_guest"),
                  .conflict("not_a_guest"), .conflict("not_a_guest"), .conflict("not_a_guest"), .conflict("not_a_guest")),
        AccessRow("GET /v1/me/look",               .unauthenticated, 200,   200,                            200,                            200,                            .playersOnly,  .playersOnly,              .playersOnly),
        // The body is not a picture.
        AccessRow("PUT /v1/me/picture",            .unauthenticated, .refused(415, "unsupported_image_format"), .refused(415, "unsupported_image_format"),
                  .refused(415, "unsupported_image_format"), .refused(415, "unsupported_image_format"), .playersOnly, .playersOnly, .playersOnly),
        // Only the owner has a photo.
        AccessRow("DELETE /v1/me/picture",         .unauthenticated, 204,   .notFound("picture_not_found"), .notFound("picture_not_found"), .notFound("picture_not_found"),
                  .playersOnly, .playersOnly, .playersOnly),
        AccessRow("PUT /v1/me/avatar",             .unauthenticated, 200,   200,                            200,                            200,                            .playersOnly,  .playersOnly,              .playersOnly),
        // The owner's photo waits for an organiser: the owner and organisers see it, nobody else.
        AccessRow("GET /v1/players/{username}/picture", .unauthenticated, 200, .notFound("picture_not_found"), .notFound("picture_not_found"),
                  .notFound("player_not_found"), .notFound("picture_not_found"), .notFound("picture_not_found"), 200),
        AccessRow("GET /v1/admin/pictures", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("POST /v1/admin/pictures/{username}/review", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly,
                  .organisersOnly, 200),
        // The place is in play.
        AccessRow("POST /v1/admin/places/{place}/restore", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .refused(409, "place_in_play")),
        AccessRow("POST /v1/admin/partners", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 201),
        AccessRow("GET /v1/admin/partners/{partner}", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("PUT /v1/admin/partners/{partner}", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        // No plan is uploaded; the body is not a picture.
        AccessRow("GET /v1/admin/campus-plan", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .notFound("no_campus_plan")),
        AccessRow("PUT /v1/admin/campus-plan", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .refused(415, "unsupported_plan_format")),
        AccessRow("DELETE /v1/admin/campus-plan", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .notFound("no_campus_plan")),
        AccessRow("PUT /v1/admin/campus-plan/pins", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .notFound("no_campus_plan")),
        AccessRow("GET /v1/admin/open-days", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("POST /v1/admin/open-days", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 201),
        AccessRow("GET /v1/admin/open-days/{id}", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("GET /v1/admin/open-days/{id}/poster.pdf", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly,
                  .organisersOnly, 200),
        AccessRow("GET /v1/me/friend-code",        .unauthenticated, 200,   200,                            200,                            200,                            .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("GET /v1/me/friend-code.png",    .unauthenticated, 200,   200,                            200,                            200,                            .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("POST /v1/friends/requests",     .unauthenticated, .notFound("player_not_found"), 200,    201,                            .notFound("player_not_found"),  .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("GET /v1/friends/requests",      .unauthenticated, 200,   200,                            200,                            200,                            .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("GET /v1/me/crew",               .unauthenticated, 200,   200,                            200,                            200,                            .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("POST /v1/crews",                .unauthenticated, .conflict("already_in_crew"), 201, 201, 201, .playersOnly, .playersOnly, .playersOnly, suspended: .forbidden("account_suspended")),
        AccessRow("POST /v1/crews/join",           .unauthenticated, .conflict("already_in_crew"), 200, 200, .notFound("crew_not_found"), .playersOnly, .playersOnly, .playersOnly),
        AccessRow("DELETE /v1/me/crew",            .unauthenticated, 204, .notFound("not_in_crew"), .notFound("not_in_crew"), .notFound("not_in_crew"), .playersOnly, .playersOnly, .playersOnly),
        AccessRow("DELETE /v1/me/crew/members/{username}", .unauthenticated, .notFound("player_not_found"), .notFound("player_not_found"), .notFound("player_not_found"), .notFound("player_not_found"), .playersOnly, .playersOnly, .playersOnly),
        AccessRow("GET /v1/me/crew/code.png",      .unauthenticated, 200, .notFound("not_in_crew"), .notFound("not_in_crew"), .notFound("not_in_crew"), .playersOnly, .playersOnly, .playersOnly),
        AccessRow("POST /v1/me/crew/riddles",      .unauthenticated, .conflict("crew_too_small"), .notFound("not_in_crew"), .notFound("not_in_crew"), .notFound("not_in_crew"), .playersOnly, .playersOnly, .playersOnly),
        AccessRow("POST /v1/me/crew/code",         .unauthenticated, 200, .notFound("not_in_crew"), .notFound("not_in_crew"), .notFound("not_in_crew"), .playersOnly, .playersOnly, .playersOnly),
        AccessRow("POST /v1/me/crew/invitations",  .unauthenticated, .notFound("player_not_found"), .notFound("not_in_crew"), .forbidden("invitee_not_friend"), .forbidden("invitee_not_friend"), .playersOnly, .playersOnly, .playersOnly),
        AccessRow("GET /v1/me/crew-invitations",   .unauthenticated, 200, 200, 200, 200, .playersOnly, .playersOnly, .playersOnly),
        AccessRow("POST /v1/me/crew-invitations/{id}/accept", .unauthenticated, .conflict("already_in_crew"), .notFound("crew_invitation_not_found"), .notFound("crew_invitation_not_found"), .notFound("crew_invitation_not_found"), .playersOnly, .playersOnly, .playersOnly),
        AccessRow("DELETE /v1/me/crew-invitations/{id}", .unauthenticated, 204, .notFound("crew_invitation_not_found"), .notFound("crew_invitation_not_found"), .notFound("crew_invitation_not_found"), .playersOnly, .playersOnly, .playersOnly),
        AccessRow("GET /v1/crews/leaderboard",     .unauthenticated, 200, 200, 200, 200, .playersOnly, .playersOnly, .playersOnly),
        AccessRow("POST /v1/me/crew/riddles/{id}/hints", .unauthenticated, .notFound("crew_riddle_not_found"), .notFound("crew_riddle_not_found"), .notFound("crew_riddle_not_found"), .notFound("crew_riddle_not_found"), .playersOnly, .playersOnly, .playersOnly),
        AccessRow("GET /v1/me/events",             .unauthenticated, 200,   200,                            200,                            200,                            .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("GET /v1/challenges",            .unauthenticated, 200,   200,                            200,                            200,                            .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("POST /v1/challenges",           .unauthenticated, .notFound("player_not_found"), .conflict("already_challenged"), .forbidden("not_friends"), .notFound("player_not_found"), .playersOnly, .playersOnly, .playersOnly),
        AccessRow("POST /v1/challenges/{id}/accept", .unauthenticated, 200, .forbidden("challenge_not_yours"), .notFound("challenge_not_found"), .notFound("challenge_not_found"), .playersOnly, .playersOnly, .playersOnly),
        AccessRow("POST /v1/challenges/{id}/decline", .unauthenticated, 200, .forbidden("challenge_not_yours"), .notFound("challenge_not_found"), .notFound("challenge_not_found"), .playersOnly, .playersOnly, .playersOnly),
        AccessRow("POST /v1/challenges/{id}/withdraw", .unauthenticated, .forbidden("challenge_not_yours"), 200, .notFound("challenge_not_found"), .notFound("challenge_not_found"), .playersOnly, .playersOnly, .playersOnly),
        AccessRow("POST /v1/friends/requests/{id}/accept", .unauthenticated, 204, .notFound("friend_request_not_found"), .notFound("friend_request_not_found"), .notFound("friend_request_not_found"), .playersOnly, .playersOnly, .playersOnly),
        AccessRow("POST /v1/friends/requests/{id}/decline", .unauthenticated, 204, .notFound("friend_request_not_found"), .notFound("friend_request_not_found"), .notFound("friend_request_not_found"), .playersOnly, .playersOnly, .playersOnly),
        AccessRow("GET /v1/friends",               .unauthenticated, 200,   200,                            200,                            200,                            .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("DELETE /v1/friends/{username}", .unauthenticated, .notFound("player_not_found"), 204,    .notFound("player_not_found"),  .notFound("player_not_found"),  .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("GET /v1/players/{username}",    .unauthenticated, 200,   200,                            200,                            .notFound("player_not_found"),  .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("POST /v1/blocks",               .unauthenticated, .notFound("player_not_found"), 204,    204,                            204,                            .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("DELETE /v1/blocks/{username}",  .unauthenticated, .notFound("player_not_found"), .notFound("player_not_found"), .notFound("player_not_found"), .notFound("player_not_found"), .playersOnly, .playersOnly, .playersOnly),
        AccessRow("GET /v1/leaderboard",           .unauthenticated, 200,   200,                            200,                            200,                            .playersOnly,  .playersOnly,              .playersOnly),
        AccessRow("GET /v1/admin/audit-log",       .unauthenticated, .organisersOnly, .organisersOnly,      .organisersOnly,                .organisersOnly,                .organisersOnly, .organisersOnly,         200),
        AccessRow("GET /v1/admin/flagged-scans",   .unauthenticated, .organisersOnly, .organisersOnly,      .organisersOnly,                .organisersOnly,                .organisersOnly, .organisersOnly,         200),
        AccessRow("POST /v1/admin/scans/{id}/void", .unauthenticated, .organisersOnly, .organisersOnly,     .organisersOnly,                .organisersOnly,                .organisersOnly, .organisersOnly,         200),
        AccessRow("GET /v1/admin/players/{username}", .unauthenticated, .organisersOnly, .organisersOnly,   .organisersOnly,                .organisersOnly,                .organisersOnly, .organisersOnly,         200),
        AccessRow("POST /v1/admin/players/{username}/xp-adjustments", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly,           .organisersOnly, .organisersOnly,         201),
        AccessRow("POST /v1/admin/players/{username}/suspension", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly,               .organisersOnly, .organisersOnly,         200),
        // The owner is not suspended: nothing to lift.
        AccessRow("DELETE /v1/admin/players/{username}/suspension", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly,             .organisersOnly, .organisersOnly,         .conflict("not_suspended")),
        AccessRow("GET /v1/broadcast",             200,              200,   200,                            200,                            200,                            200,           200,                       200),
        AccessRow("GET /v1/admin/checkpoints", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("PUT /v1/admin/checkpoints/{id}/closure", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("DELETE /v1/admin/checkpoints/{id}/closure", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .conflict("checkpoint_not_closed")),
        AccessRow("POST /v1/admin/checkpoints/{id}/code-rotations", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("GET /v1/admin/checkpoints/{id}/sheet.pdf", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("PUT /v1/admin/broadcast", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("DELETE /v1/admin/broadcast", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 204),
        AccessRow("GET /v1/admin/content", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("GET /v1/admin/content/versions", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("GET /v1/admin/content/versions/{version}", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("GET /v1/admin/content/versions/{version}/changes", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("POST /v1/admin/content/versions/{version}/rollback", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("GET /v1/admin/riddles/{riddle}", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("PUT /v1/admin/riddles/{riddle}", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("GET /v1/admin/stickers/changed.pdf", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("GET /v1/admin/offers/{offer}", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("PUT /v1/admin/offers/{offer}", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("POST /v1/admin/offers", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 201),
        AccessRow("DELETE /v1/admin/offers/{offer}", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("POST /v1/admin/badges", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 201),
        AccessRow("GET /v1/admin/badges/{badge}", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("PUT /v1/admin/badges/{badge}", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("DELETE /v1/admin/badges/{badge}", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("POST /v1/admin/quiz", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 201),
        AccessRow("GET /v1/admin/quiz/{question}", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("PUT /v1/admin/quiz/{question}", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("DELETE /v1/admin/quiz/{question}", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("POST /v1/admin/riddles", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 201),
        AccessRow("GET /v1/admin/places/{place}", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("PUT /v1/admin/places/{place}", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("DELETE /v1/admin/places/{place}", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("POST /v1/admin/places", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 201),
        // Nothing is edited yet: there is no draft to show, publish or throw away.
        AccessRow("GET /v1/admin/draft", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .notFound("no_draft")),
        AccessRow("POST /v1/admin/draft/publish", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .notFound("no_draft")),
        AccessRow("POST /v1/admin/draft/discard", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .notFound("no_draft")),
        AccessRow("POST /v1/admin/content/reload", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, .organisersOnly, 200),
        AccessRow("GET /v1/admin/dashboard",       .unauthenticated, .organisersOnly, .organisersOnly,      .organisersOnly,                .organisersOnly,                .organisersOnly, .organisersOnly,         200),
        AccessRow("GET /v1/admin/reports",         .unauthenticated, .organisersOnly, .organisersOnly,      .organisersOnly,                .organisersOnly,                .organisersOnly, .organisersOnly,         200),
        AccessRow("PATCH /v1/admin/reports/{id}",  .unauthenticated, .organisersOnly, .organisersOnly,      .organisersOnly,                .organisersOnly,                .organisersOnly, .organisersOnly,         200),
        AccessRow("GET /v1/admin/exports/progress.csv", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly,                .organisersOnly,                .organisersOnly, .organisersOnly,         200),
        AccessRow("GET /v1/admin/exports/scans.csv", .unauthenticated, .organisersOnly, .organisersOnly,    .organisersOnly,                .organisersOnly,                .organisersOnly, .organisersOnly,         200),
        AccessRow("GET /v1/admin/exports/redemptions.csv", .unauthenticated, .organisersOnly, .organisersOnly, .organisersOnly,             .organisersOnly,                .organisersOnly, .organisersOnly,         200),
    ]

    /// Routes whose request carries the owner's own password or refresh token: whoever holds
    /// them is, for that answer, the owner, so the answer may show the owner's account.
    static let answersWhoeverHoldsTheOwnersSecret: Set<String> = ["POST /v1/sessions", "POST /v1/sessions/refresh"]

    @Test func theTableHasExactlyOneRowForEveryRoute() async throws {
        let world = try await AccessWorld.shared.value
        // Pages have their own table (`PageAccessTests`): a browser's cookie, not a bearer token.
        let routed = buildRouter(services: world.service.services).operationKeys.subtracting(pageOperationKeys(services: world.service.services))
        let rows = Self.table.map(\.route)
        #expect(Set(rows).count == rows.count, "a route has two rows")
        #expect(routed.subtracting(rows).isEmpty, "routes without a row: \(routed.subtracting(rows).sorted())")
        #expect(Set(rows).subtracting(routed).isEmpty, "rows for no route: \(Set(rows).subtracting(routed).sorted())")
    }

    @Test(arguments: table)
    func everyCallerGetsExactlyItsAnswerAndNothingOfTheOwnersBeyondIt(_ row: AccessRow) async throws {
        let world = try await AccessWorld.shared.value
        for caller in Caller.allCases {
            // Reads share the world; each write gets a fresh copy of it.
            let service = row.method == "GET" ? world.service : try TestService(copyOf: world.snapshot, from: world.service)
            let reply = try await service.withClient { client in
                try await Self.send(row.route, as: caller, in: world, client)
            }
            let expected = try #require(row.expected[caller])
            switch expected {
            case .success(let status):
                #expect(reply.status.code == status && !reply.isProblem,
                        "\(row.route) as \(caller): expected \(expected), got \(reply.summary) \(String(decoding: reply.body.prefix(300), as: UTF8.self))")
            case .refused:
                #expect(reply.isProblem && Outcome.refused(reply.status.code, reply.code ?? "") == expected,
                        "\(row.route) as \(caller): expected \(expected), got \(reply.summary)")
            }
            if !Self.answersWhoeverHoldsTheOwnersSecret.contains(row.route) {
                let body = String(decoding: reply.body, as: UTF8.self)
                for secret in world.secrets(hiddenFrom: caller) {
                    #expect(!body.contains(secret), "\(row.route) shows \(caller) something of the owner's: \(secret)")
                }
            }
        }
    }

    /// A place's form as the API takes it.
    static func placeBody(_ words: PlaceWords, name: String? = nil, token: ItemToken? = nil) -> [String: any Sendable] {
        var body: [String: any Sendable] = [
            "name": name ?? words.name, "category": words.category, "building": name == nil ? words.building : "Boyd Orr Building",
            "floor": words.floor, "latitude": words.latitude, "longitude": words.longitude, "hours": words.hours, "exceptions": words.exceptions,
            "tags": words.tags, "facts": words.facts,
        ]
        if let token { body["token"] = token.description }
        return body
    }

    /// A freebie's form as the API takes it.
    static func offerBody(_ words: OfferWords, title: String? = nil, token: ItemToken? = nil) -> [String: any Sendable] {
        var body: [String: any Sendable] = [
            "partner": words.partner, "title": title ?? words.title, "description": words.description, "unlock": words.unlock, "stock": words.stock,
            "perPlayer": words.perPlayer, "validFrom": words.validFrom, "validUntil": words.validUntil, "voucherDays": words.voucherDays,
        ]
        if let token { body["token"] = token.description }
        return body
    }

    /// The row's request, aimed at the owner's things, with the caller's token.
    static func send(_ route: String, as caller: Caller, in world: AccessWorld, _ client: some TestClientProtocol) async throws -> Reply {
        let token = world.tokens[caller]
        let quiz = Dictionary(uniqueKeysWithValues: world.service.services.content.quiz.map { ($0.id, "agree") })
        let content = world.service.services.content
        let place = world.service.services.content.checkpoints[0].id
        let riddle = world.service.services.content.riddles[0]
        let (method, path, body): (HTTPRequest.Method, String, [String: any Sendable]?) = switch route {
        case "GET /healthz": (.get, "/healthz", nil)
        case "GET /readyz": (.get, "/readyz", nil)
        case "GET /metrics": (.get, "/metrics", nil)
        case "GET /openapi.yaml": (.get, "/openapi.yaml", nil)
        case "GET /v1/admin/audit-log": (.get, "/v1/admin/audit-log", nil)
        case "GET /v1/admin/flagged-scans": (.get, "/v1/admin/flagged-scans", nil)
        case "POST /v1/admin/scans/{id}/void": (.post, "/v1/admin/scans/\(world.levelScanID)/void", ["reason": "Shared photo"])
        case "GET /v1/admin/players/{username}": (.get, "/v1/admin/players/\(world.owner)", nil)
        case "POST /v1/admin/players/{username}/xp-adjustments":
            (.post, "/v1/admin/players/\(world.owner)/xp-adjustments", ["xp": 50, "reason": "Fixed a sticker"])
        case "POST /v1/admin/players/{username}/suspension": (.post, "/v1/admin/players/\(world.owner)/suspension", ["reason": "Shared codes"])
        case "DELETE /v1/admin/players/{username}/suspension": (.delete, "/v1/admin/players/\(world.owner)/suspension", nil)
        case "GET /v1/broadcast": (.get, "/v1/broadcast", nil)
        case "GET /v1/admin/checkpoints": (.get, "/v1/admin/checkpoints", nil)
        case "PUT /v1/admin/checkpoints/{id}/closure": (.put, "/v1/admin/checkpoints/\(place)/closure", ["note": "Closed for exams"])
        case "DELETE /v1/admin/checkpoints/{id}/closure": (.delete, "/v1/admin/checkpoints/\(place)/closure", nil)
        case "POST /v1/admin/checkpoints/{id}/code-rotations": (.post, "/v1/admin/checkpoints/\(place)/code-rotations", nil)
        case "GET /v1/admin/checkpoints/{id}/sheet.pdf": (.get, "/v1/admin/checkpoints/\(place)/sheet.pdf", nil)
        case "PUT /v1/admin/broadcast": (.put, "/v1/admin/broadcast", ["text": "The library is closed today"])
        case "DELETE /v1/admin/broadcast": (.delete, "/v1/admin/broadcast", nil)
        case "GET /v1/admin/content": (.get, "/v1/admin/content", nil)
        // Version 1 is the content the service started with (played now: playing it again changes nothing).
        case "GET /v1/admin/content/versions": (.get, "/v1/admin/content/versions", nil)
        case "GET /v1/admin/content/versions/{version}": (.get, "/v1/admin/content/versions/1", nil)
        case "GET /v1/admin/content/versions/{version}/changes": (.get, "/v1/admin/content/versions/1/changes", nil)
        case "POST /v1/admin/content/versions/{version}/rollback": (.post, "/v1/admin/content/versions/1/rollback", nil)
        case "GET /v1/admin/riddles/{riddle}": (.get, "/v1/admin/riddles/\(riddle.id)", nil)
        case "PUT /v1/admin/riddles/{riddle}":
            (.put, "/v1/admin/riddles/\(riddle.id)", ["checkpoint": riddle.checkpointID, "difficulty": riddle.difficulty.rawValue,
                                                                "text": riddle.text, "hints": riddle.hints,
                                                                "insider": riddle.insider, "token": ItemToken(of: riddle).description])
        case "POST /v1/admin/riddles":
            (.post, "/v1/admin/riddles", ["checkpoint": place, "difficulty": "easy", "text": "Where the bones are.", "hints": ["Old.", "Older.", "Oldest."],
                                          "insider": "Founded in 1807."])
        case "GET /v1/admin/places/{place}": (.get, "/v1/admin/places/\(place)", nil)
        case "PUT /v1/admin/places/{place}":
            (.put, "/v1/admin/places/\(place)", Self.placeBody(PlaceWords(world.service.services.content.checkpoints[0]),
                                                                token: ItemToken(of: world.service.services.content.checkpoints[0])))
        case "DELETE /v1/admin/places/{place}":
            (.delete, "/v1/admin/places/\(place)?token=\(ItemToken(of: world.service.services.content.checkpoints[0]))", nil)
        case "POST /v1/admin/places":
            (.post, "/v1/admin/places", Self.placeBody(PlaceWords.blank(at: Coordinate(latitude: 55.872, longitude: -4.289)), name: "Sandbox Studio"))
        case "GET /v1/admin/stickers/changed.pdf": (.get, "/v1/admin/stickers/changed.pdf", nil)
        case "GET /v1/admin/offers/{offer}": (.get, "/v1/admin/offers/\(world.service.services.content.offers[0].id)", nil)
        case "PUT /v1/admin/offers/{offer}":
            (.put, "/v1/admin/offers/\(world.service.services.content.offers[0].id)", Self.offerBody(OfferWords(world.service.services.content.offers[0]),
                                                                                                      token: ItemToken(of: world.service.services.content.offers[0])))
        case "POST /v1/admin/offers":
            (.post, "/v1/admin/offers", Self.offerBody(OfferWords(world.service.services.content.offers[0]), title: "A free tea"))
        case "GET /v1/admin/draft": (.get, "/v1/admin/draft", nil)
        case "POST /v1/admin/draft/publish": (.post, "/v1/admin/draft/publish", ["revision": 1])
        case "POST /v1/admin/draft/discard": (.post, "/v1/admin/draft/discard", ["revision": 1])
        case "POST /v1/admin/content/reload": (.post, "/v1/admin/content/reload", nil)
        case "POST /v1/accounts":
            (.post, "/v1/accounts", ["email": "nell@student.gla.ac.uk", "username": "nell", "password": AccessWorld.password, "displayName": "Nell"])
        case "POST /v1/accounts/verify": (.post, "/v1/accounts/verify", ["email": world.ownerEmail, "code": "000000"])
        case "POST /v1/accounts/verification-codes": (.post, "/v1/accounts/verification-codes", ["email": world.ownerEmail])
        case "POST /v1/sessions": (.post, "/v1/sessions", ["login": world.owner, "password": AccessWorld.password])
        case "POST /v1/sessions/refresh": (.post, "/v1/sessions/refresh", ["refreshToken": world.ownerRefreshToken])
        case "POST /v1/password-resets": (.post, "/v1/password-resets", ["email": world.ownerEmail])
        case "POST /v1/password-resets/confirm":
            (.post, "/v1/password-resets/confirm", ["token": world.ownerResetToken, "newPassword": "a brand new passphrase"])
        case "GET /v1/quiz": (.get, "/v1/quiz", nil)
        case "DELETE /v1/sessions/current": (.delete, "/v1/sessions/current", nil)
        case "GET /v1/me": (.get, "/v1/me", nil)
        case "PATCH /v1/me": (.patch, "/v1/me", ["displayName": "Renamed"])
        case "DELETE /v1/me": (.delete, "/v1/me", ["password": AccessWorld.password])
        case "GET /v1/me/export": (.get, "/v1/me/export", nil)
        case "POST /v1/me/email": (.post, "/v1/me/email", ["email": "moved@example.com", "password": AccessWorld.password])
        case "POST /v1/me/email/confirm": (.post, "/v1/me/email/confirm", ["code": "000000"])
        case "GET /v1/push/key": (.get, "/v1/push/key", nil)
        case "PUT /v1/me/push-subscription":
            (.put, "/v1/me/push-subscription", ["endpoint": "https://fcm.googleapis.com/fcm/send/owners-phone",
                                                "keys": ["p256dh": AccessWorld.browserKey, "auth": "AAAAAAAAAAAAAAAAAAAAAA"]])
        case "DELETE /v1/me/push-subscription": (.delete, "/v1/me/push-subscription", ["endpoint": "https://fcm.googleapis.com/fcm/send/owners-phone"])
        case "GET /v1/me/notifications": (.get, "/v1/me/notifications", nil)
        case "PUT /v1/me/notifications": (.put, "/v1/me/notifications", ["topics": ["challenges": false]])
        case "PUT /v1/me/quiz": (.put, "/v1/me/quiz", ["answers": quiz])
        case "GET /v1/me/quiz": (.get, "/v1/me/quiz", nil)
        case "POST /v1/riddles": (.post, "/v1/riddles", ["category": "lab"])
        case "GET /v1/riddles/active": (.get, "/v1/riddles/active", nil)
        case "DELETE /v1/riddles/{id}": (.delete, "/v1/riddles/\(world.riddleID)", nil)
        case "POST /v1/riddles/{id}/hints": (.post, "/v1/riddles/\(world.riddleID)/hints", ["confirm": true])
        case "GET /v1/me/progress": (.get, "/v1/me/progress", nil)
        case "GET /v1/map": (.get, "/v1/map", nil)
        case "GET /v1/me/journal": (.get, "/v1/me/journal", nil)
        case "POST /v1/reports": (.post, "/v1/reports", ["kind": "sticker_damaged", "checkpointId": world.service.services.content.checkpoints[0].id])
        case "POST /v1/scans": (.post, "/v1/scans", ["code": world.riddleTargetCode])
        case "POST /v1/check-ins/{id}/register": (.post, "/v1/check-ins/\(world.checkInID)/register", nil)
        case "DELETE /v1/check-ins/{id}": (.delete, "/v1/check-ins/\(world.checkInID)", nil)
        case "GET /v1/me/vouchers": (.get, "/v1/me/vouchers", nil)
        case "GET /v1/me/offers": (.get, "/v1/me/offers", nil)
        case "GET /v1/me/vouchers/{id}": (.get, "/v1/me/vouchers/\(world.voucherID)", nil)
        case "GET /v1/me/vouchers/{id}/code.png": (.get, "/v1/me/vouchers/\(world.voucherID)/code.png", nil)
        case "POST /v1/me/vouchers/{id}/gift": (.post, "/v1/me/vouchers/\(world.voucherID)/gift", ["username": world.friend])
        case "POST /v1/staff/redemptions": (.post, "/v1/staff/redemptions", ["code": world.voucherCode])
        case "GET /v1/staff/redemptions": (.get, "/v1/staff/redemptions", nil)
        case "POST /v1/admin/staff-invitations":
            (.post, "/v1/admin/staff-invitations", ["email": "cook@kimchi-cafe.example", "partnerId": "qmu-cafe"])
        case "GET /v1/admin/staff-invitations": (.get, "/v1/admin/staff-invitations", nil)
        case "DELETE /v1/admin/staff-invitations/{id}": (.delete, "/v1/admin/staff-invitations/\(world.staffInvitationID)", nil)
        case "GET /v1/open-days/{code}": (.get, "/v1/open-days/\(world.openDayCode)", nil)
        case "POST /v1/open-days/join": (.post, "/v1/open-days/join", ["code": world.openDayCode, "nickname": "Ada's mum"])
        case "GET /v1/me/open-day": (.get, "/v1/me/open-day", nil)
        case "POST /v1/me/open-day/keep":
            (.post, "/v1/me/open-day/keep", ["email": "keeper@student.gla.ac.uk", "username": "keeper", "password": "flat white at dawn"])
        case "GET /v1/me/look": (.get, "/v1/me/look", nil)
        case "PUT /v1/me/picture": (.put, "/v1/me/picture", ["not": "a picture"])
        case "DELETE /v1/me/picture": (.delete, "/v1/me/picture", nil)
        case "PUT /v1/me/avatar": (.put, "/v1/me/avatar", ["avatar": "sun"])
        case "GET /v1/players/{username}/picture": (.get, "/v1/players/\(world.owner)/picture", nil)
        case "GET /v1/admin/pictures": (.get, "/v1/admin/pictures", nil)
        case "POST /v1/admin/pictures/{username}/review": (.post, "/v1/admin/pictures/\(world.owner)/review", ["version": 1, "approve": true])
        case "POST /v1/admin/places/{place}/restore": (.post, "/v1/admin/places/hunterian-museum/restore", nil)
        case "POST /v1/admin/partners": (.post, "/v1/admin/partners", ["name": "Kimchi Café", "address": "Gibson Street"])
        case "DELETE /v1/admin/offers/{offer}":
            (.delete, "/v1/admin/offers/\(content.offers[0].id)?token=\(ItemToken(of: content.offers[0]))", nil)
        case "POST /v1/admin/badges":
            (.post, "/v1/admin/badges", ["name": "Night Owl", "description": "Solve two riddles.", "kind": "solve", "count": 2])
        case "GET /v1/admin/badges/{badge}": (.get, "/v1/admin/badges/first-steps", nil)
        case "PUT /v1/admin/badges/{badge}":
            (.put, "/v1/admin/badges/first-steps", ["name": "First Steps", "description": "Solve your first riddle.", "kind": "solve", "count": "1",
                                                   "token": ItemToken(of: content.badges.first { $0.id == "first-steps" }).description])
        case "DELETE /v1/admin/badges/{badge}":
            (.delete, "/v1/admin/badges/crew-legend?token=\(ItemToken(of: content.badges.first { $0.id == "crew-legend" }))", nil)
        case "POST /v1/admin/quiz":
            (.post, "/v1/admin/quiz", ["text": "I would rather build it than read about it.", "answers": ["strongly_agree": "engineering 2", "agree": "engineering 1",
                                                                                                          "disagree": "", "strongly_disagree": "art 1"]])
        case "GET /v1/admin/quiz/{question}": (.get, "/v1/admin/quiz/\(content.quiz[0].id)", nil)
        case "PUT /v1/admin/quiz/{question}":
            (.put, "/v1/admin/quiz/\(content.quiz[0].id)", ["text": content.quiz[0].text, "answers": QuestionWords(content.quiz[0]).answers,
                                                            "token": ItemToken(of: content.quiz[0]).description])
        case "DELETE /v1/admin/quiz/{question}":
            (.delete, "/v1/admin/quiz/\(content.quiz.last!.id)?token=\(ItemToken(of: content.quiz.last!))", nil)
        case "GET /v1/admin/partners/{partner}": (.get, "/v1/admin/partners/qmu-cafe", nil)
        case "PUT /v1/admin/partners/{partner}":
            (.put, "/v1/admin/partners/qmu-cafe", ["name": "QMU Café", "address": "Queen Margaret Union",
                                                   "token": ItemToken(of: world.service.services.content.partners.first { $0.id == "qmu-cafe" }).description])
        case "GET /v1/admin/campus-plan": (.get, "/v1/admin/campus-plan", nil)
        case "PUT /v1/admin/campus-plan": (.put, "/v1/admin/campus-plan", ["not": "a picture"])
        case "DELETE /v1/admin/campus-plan": (.delete, "/v1/admin/campus-plan", nil)
        case "PUT /v1/admin/campus-plan/pins":
            (.put, "/v1/admin/campus-plan/pins", ["version": 1, "pins": [["x": 10, "y": 10, "place": "hunterian-museum"], ["x": 900, "y": 500, "latitude": 55.87, "longitude": -4.29]]
                as [[String: any Sendable]]])
        case "GET /v1/admin/open-days": (.get, "/v1/admin/open-days", nil)
        case "POST /v1/admin/open-days":
            (.post, "/v1/admin/open-days", ["name": "Second day", "day": LocalDate(world.service.services.now(), in: world.service.services.content.timeZone).description,
                                            "from": "00:00", "until": "24:00", "eraseAfterDays": "7", "guestOffers": [String]()])
        case "GET /v1/admin/open-days/{id}": (.get, "/v1/admin/open-days/\(world.openDayID)", nil)
        case "GET /v1/admin/open-days/{id}/poster.pdf": (.get, "/v1/admin/open-days/\(world.openDayID)/poster.pdf", nil)
        case "POST /v1/staff-invitations/accept":
            (.post, "/v1/staff-invitations/accept", ["token": world.staffInvitationToken, "displayName": "Sam", "password": "flat white at dawn"])
        case "GET /v1/me/friend-code": (.get, "/v1/me/friend-code", nil)
        case "GET /v1/me/friend-code.png": (.get, "/v1/me/friend-code.png", nil)
        case "POST /v1/friends/requests": (.post, "/v1/friends/requests", ["username": world.owner])
        case "GET /v1/friends/requests": (.get, "/v1/friends/requests", nil)
        case "POST /v1/friends/requests/{id}/accept": (.post, "/v1/friends/requests/\(world.friendRequestID)/accept", nil)
        case "POST /v1/friends/requests/{id}/decline": (.post, "/v1/friends/requests/\(world.friendRequestID)/decline", nil)
        case "GET /v1/me/events": (.get, "/v1/me/events", nil)
        case "GET /v1/me/crew": (.get, "/v1/me/crew", nil)
        case "POST /v1/crews": (.post, "/v1/crews", ["name": "Larks"])
        case "POST /v1/crews/join": (.post, "/v1/crews/join", ["code": world.crewCode])
        case "DELETE /v1/me/crew": (.delete, "/v1/me/crew", nil)
        case "DELETE /v1/me/crew/members/{username}": (.delete, "/v1/me/crew/members/\(world.owner)", nil)
        case "GET /v1/me/crew/code.png": (.get, "/v1/me/crew/code.png", nil)
        case "POST /v1/me/crew/riddles": (.post, "/v1/me/crew/riddles", ["category": "lab"])
        case "POST /v1/me/crew/riddles/{id}/hints": (.post, "/v1/me/crew/riddles/999/hints", nil)
        case "POST /v1/me/crew/code": (.post, "/v1/me/crew/code", nil)
        case "POST /v1/me/crew/invitations": (.post, "/v1/me/crew/invitations", ["username": world.owner])
        case "GET /v1/me/crew-invitations": (.get, "/v1/me/crew-invitations", nil)
        case "POST /v1/me/crew-invitations/{id}/accept": (.post, "/v1/me/crew-invitations/\(world.crewInvitationID)/accept", nil)
        case "DELETE /v1/me/crew-invitations/{id}": (.delete, "/v1/me/crew-invitations/\(world.crewInvitationID)", nil)
        case "GET /v1/crews/leaderboard": (.get, "/v1/crews/leaderboard?period=week", nil)
        case "GET /v1/challenges": (.get, "/v1/challenges", nil)
        case "POST /v1/challenges": (.post, "/v1/challenges", ["username": world.owner, "category": "social"])
        case "POST /v1/challenges/{id}/accept": (.post, "/v1/challenges/\(world.challengeID)/accept", nil)
        case "POST /v1/challenges/{id}/decline": (.post, "/v1/challenges/\(world.challengeID)/decline", nil)
        case "POST /v1/challenges/{id}/withdraw": (.post, "/v1/challenges/\(world.challengeID)/withdraw", nil)
        case "GET /v1/friends": (.get, "/v1/friends", nil)
        case "DELETE /v1/friends/{username}": (.delete, "/v1/friends/\(world.owner)", nil)
        case "GET /v1/players/{username}": (.get, "/v1/players/\(world.owner)", nil)
        case "POST /v1/blocks": (.post, "/v1/blocks", ["username": world.owner])
        case "DELETE /v1/blocks/{username}": (.delete, "/v1/blocks/\(world.owner)", nil)
        case "GET /v1/leaderboard": (.get, "/v1/leaderboard", nil)
        case "GET /v1/admin/dashboard": (.get, "/v1/admin/dashboard", nil)
        case "GET /v1/admin/reports": (.get, "/v1/admin/reports", nil)
        case "PATCH /v1/admin/reports/{id}": (.patch, "/v1/admin/reports/\(world.reportID)", ["status": "in_hand"])
        case "GET /v1/admin/exports/progress.csv": (.get, "/v1/admin/exports/progress.csv?from=2026-11-01&to=2026-11-30", nil)
        case "GET /v1/admin/exports/scans.csv": (.get, "/v1/admin/exports/scans.csv?from=2026-11-01&to=2026-11-30", nil)
        case "GET /v1/admin/exports/redemptions.csv": (.get, "/v1/admin/exports/redemptions.csv?from=2026-11-01&to=2026-11-30&partner=qmu-cafe", nil)
        default: throw UnknownRoute(route: route)
        }
        return try await client.call(method, path, json: body, token: token)
    }

    struct UnknownRoute: Error, CustomStringConvertible {
        let route: String
        var description: String { "no request is written for \(route): add one to AccessMatrixTests.send" }
    }
}
