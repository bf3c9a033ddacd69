import Foundation
import Hummingbird
@testable import PuzzleMapHTTP
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapImaging
import Testing

/// Every problem's words come from `texts.yaml`, so a translation is a file.
@Suite struct ProblemTextsTests {
    /// One of each refusal and built-in problem, with sample values for what they carry.
    static let samples: [Problem] = {
        let date = Date(timeIntervalSince1970: 1_795_000_000)
        let game: [GameRefusal] = [
            .noCodeFound, .notAPuzzleMapCode, .invalidCode, .wrongCodeKind(expected: .checkpoint, found: .friend),
            .wrongCodeKind(expected: .voucher, found: .checkpoint), .codeRetired, .placeRetired, .tooManyScans(retryAfter: 30),
            .tooManyScans(retryAfter: 60), .tooManyScans(retryAfter: 185), .photoAlreadyUsed, .idempotencyKeyReused, .invalidIdempotencyKey(length: 201),
            .checkInNotFound(lifetimeMinutes: 30), .checkInNotFound(lifetimeMinutes: 60), .quizRequired, .riddleNotFound,
            .noHintsLeft, .nothingOpen(.lab), .categoryExhausted(.lab, remaining: []),
            .categoryExhausted(.social, remaining: [.lab]), .categoryExhausted(.social, remaining: [.lab, .lecture]),
            .difficultyUnavailable(.social, .hard, available: [.medium]), .difficultyUnavailable(.lab, .easy, available: [.medium, .hard]),
            .accountSuspended(reason: "Shared photos of the codes"),
            .checkpointClosed(note: "Closed for exams until Friday"),
        ]
        let account: [AccountRefusal] = [
            .emailDomainNotAllowed(domains: ["uni.example"]), .emailDomainNotAllowed(domains: ["a.example", "b.example"]),
            .emailTaken, .usernameTaken, .invalidUsername, .invalidDisplayName, .weakPassword(reason: "it is on a list of common passwords"),
            .invalidVerificationCode(lifetimeMinutes: 1440), .invalidResetToken(lifetimeMinutes: 60), .invalidRefreshToken,
            .invalidCredentials, .tooManyAttempts(retryAfter: 900), .currentPasswordRequired, .unreadableQuizAnswers,
            .invalidEmail, .emailUnchanged, .emailTakenByAnother, .passwordRequiredForEmailChange,
            .quizIncomplete(missing: ["q1", "q7"], questions: 12), .unknownQuizQuestions(["q99", "zz"]),
        ]
        let reward: [RewardRefusal] = [
            .voucherNotHeld, .notFriends, .giftLimitReached(perDay: 3), .voucherNotGiftable, .staffOnly, .noSuchVoucher,
            .wrongPartner(partnerID: "guu-food"), .alreadyRedeemed(at: date, by: "Sam"), .alreadyRedeemed(at: date, by: nil),
            .voucherExpired(at: date), .pendingVerification, .holderSuspended,
        ]
        let invitation: [InvitationRefusal] = [
            .unknownPartner(known: ["qmu-cafe", "guu-food"]), .invalidEmail, .notFound, .used(at: date), .revoked(at: date),
            .expired(at: date), .cannotRevokeUsed(at: date),
        ]
        let report: [ReportRefusal] = [.emptyReport, .textTooLong(max: 2000), .unknownPlace, .tooManyReports(perDay: 5), .reportNotFound]
        let social: [SocialRefusal] = [.playerNotFound, .friendRequestNotFound]
        let crews: [CrewRefusal] = [
            .alreadyInCrew, .crewFull(max: 6), .notInCrew, .crewNotFound, .notCrewLeader, .invalidCrewName(max: 40), .crewTooSmall, .crewRiddleNotFound,
            .inviteeNotFriend, .alreadyCrewMember, .crewInvitationNotFound,
        ]
        let challenges: [ChallengeRefusal] = [
            .notFriends, .challengeNotFound, .alreadyChallenged, .noCommonRiddle(.lab), .challengeLimitReached(perDay: 5), .challengeNotWaiting,
            .notYoursToAnswer,
        ]
        let organiser: [OrganiserRefusal] = [
            .organisersOnly, .unknownCheckpoint("gym"), .textLength(max: 280), .checkpointNotClosed("library"), .unknownContentVersion(7), .unknownRiddle("gym-1"), .editConflict(id: "gym-1"),
            .invalidEdit([EditProblem(field: "hints", message: "riddle 'gym-1' has 2 hint(s)", fix: "Give exactly three hints.")]),
            .unknownOffer("free-tea"), .unknownPartner("kimchi-cafe"), .unknownBadge("night-owl"), .unknownQuestion("rainy-day"), .placeInPlay("bute-hall"), .nothingToPrint, .noDraft, .draftChanged(savedBy: "olive"), .draftOutdated(ids: ["gym", "gym-1"]), .unknownOpenDay(3),
            .invalidDraft([EditProblem(field: nil, message: "checkpoint 'gym' has no riddle", fix: "Add a riddle.")]),
            .invalidContent(InvalidContentError(problems: [
                ContentProblem(.unknownCategory, at: SourceLocation(file: "Campus/checkpoints.yaml", line: 12), "the category 'gym' is unknown",
                               fix: "use lab, lecture or social"),
            ])),
        ]
        let moderation: [ModerationRefusal] = [
            .scanNotFound, .scanAlreadyVoided(at: date), .playerNotFound, .reasonRequired(maxLength: 300),
            .xpAdjustmentOutOfRange(max: 1000), .alreadySuspended, .notSuspended,
        ]
        let dates: [CampusDateRange.Refusal] = [
            .missing("from"), .notADate("18/11/2026"), .reversed(from: LocalDate(year: 2026, month: 11, day: 19)!, to: LocalDate(year: 2026, month: 11, day: 18)!),
            .tooLong(days: 400, maximum: 366),
        ]
        let exports: [ExportRefusal] = [.unknownPartner("corner-shop")]
        let pictures: [PictureRefusal] = [.noPicture, .tooManyPictures(perDay: 5)]
        let plans: [CampusPlanRefusal] = [
            .noPlan, .planReplaced(version: 4), .pinCount(1), .pinOffPicture(pin: 2, width: 1600, height: 900), .pinNotOnEarth(pin: 1),
            .pinWithoutPosition(pin: 3), .pinsTooClose(first: 1, second: 2), .pinsInLine, .pinsMirrored,
        ]
        let openDays: [OpenDayRefusal] = [
            .unknownCode, .notYetOpen(startsAt: date), .over(endedAt: date), .guestsPlayAlone, .notAGuest, .tooManyJoins(retryAfter: 60),
        ]
        let pushes: [PushRefusal] = [.endpointNotAllowed, .invalidKeys, .unknownTopic("gossip")]
        let images: [ImageDecodingError] = [
            .empty, .tooLarge(bytes: 20_000_001, limit: 20_000_000), .tooManyPixels(width: 9000, height: 9000, limit: 50_000_000),
            .unsupportedFormat, .corrupt("bad Huffman code"),
        ]
        // Built where they are thrown (controllers, pages, health), with the values those places fill in.
        let thrown: [Problem] = [
            Problem(.badRequest, code: .invalidIdempotencyKey, values: ["count": "201"]),
            Problem(.unprocessableContent, code: .unknownCategory, values: ["category": "gym"]),
            Problem(.unprocessableContent, code: .unknownDifficulty, values: ["difficulty": "fiendish"]),
            Problem(.unprocessableContent, code: .unknownCategory, detailVariant: "page", hintVariant: "page"),
            Problem(.badRequest, code: .confirmationRequired),
            Problem(.unprocessableContent, code: .unknownAvatar, values: ["avatar": "cat", "avatars": "sun, wave"]),
            Problem(.badRequest, code: .invalidDate, values: ["text": "yesterday"]),
            Problem(.badRequest, code: .invalidLeaderboardQuery),
            Problem(.badRequest, code: .invalidFriendRequest),
            Problem(.internalServerError, code: .scannerFailed),
            Problem(.serviceUnavailable, code: .databaseUnavailable),
            Problem(.serviceUnavailable, code: .photoQueueFull, values: ["seconds": "3"]),
            Problem(.serviceUnavailable, code: .storageFull),
            Problem(.unsupportedMediaType, code: .unsupportedPlanFormat),
            Problem(.unprocessableContent, code: .planPinsUnusable, detailVariant: "unreadable"),
            Problem(.serviceUnavailable, code: .contentNotLoaded),
            Problem(.forbidden, code: .playersOnly),
            Problem(.forbidden, code: .formExpired),
            Problem(.contentTooLarge, code: .payloadTooLarge, detailVariant: "form", hintVariant: "form"),
            Problem(.unprocessableContent, code: .invalidReport, detailVariant: "noKind", hintVariant: "noKind"),
            .invalidReportStatus("closed", status: .unprocessableContent),
        ]
        // The framework's own errors, as the error middleware words them.
        let request = Request(head: HTTPRequest(method: .delete, scheme: "http", authority: "localhost", path: "/v1/quiz"),
                              body: RequestBody(buffer: ByteBuffer()))
        let framework = [HTTPResponse.Status.methodNotAllowed, .contentTooLarge, .badRequest, .requestTimeout, .serviceUnavailable]
            .map { ProblemMiddleware<AppRequestContext>.problem(for: HTTPError($0), request: request) }
        return game.map(Problem.init) + account.map(Problem.init) + reward.map(Problem.init) + report.map(Problem.init)
            + social.map(Problem.init) + challenges.map(Problem.init) + crews.map(Problem.init) + organiser.map(Problem.init) + moderation.map(Problem.init) + invitation.map(Problem.init)
            + dates.map(Problem.init) + exports.map(Problem.init) + pushes.map(Problem.init) + openDays.map(Problem.init) + pictures.map(Problem.init) + plans.map(Problem.init) + images.map(Problem.image)
            + [.notFound(path: "/v1/nowhere"), .internalError, .unsupportedScanBody, .unreadableForm("no closing boundary"),
               .photoTooLarge, .crossSiteForm, .unauthenticated]
            + thrown + framework
    }()

    /// Codes no test can build, each with its reason. None today: a code added to `ProblemCode`
    /// needs a sample above (or a reason here) before its wording counts as checked.
    static let unbuildable: Set<ProblemCode> = []

    @Test func theSamplesBuildEveryProblemCode() {
        let built = Set(Self.samples.map(\.code)).union(Self.unbuildable)
        #expect(ProblemCode.allCases.filter { !built.contains($0) }.map(\.rawValue) == [])
    }

    @Test func everyCodeHasItsDetailAndHintInTheCatalogue() {
        let texts = PageLibrary.shipped.texts
        // Every code has both texts: where the framework supplies a detail (`bad_request`,
        // `internal_error`), the catalogue's is the fallback when it does not.
        let missing = ProblemCode.allCases.flatMap { code in
            ["detail", "hint"].map { "problem.\(code.rawValue).\($0)" }.filter { texts[$0] == nil }
        }
        #expect(missing == [])
        // And no problem key names a code that does not exist (a typo would never be shown).
        let codes = Set(ProblemCode.allCases.map(\.rawValue))
        let strays = texts.keys.filter { $0.hasPrefix("problem.") && $0 != "problem.list.or" }
            .filter { !codes.contains($0.split(separator: ".")[1].description) }
        #expect(strays == [])
    }

    @Test func everyRefusalIsWordedWithEveryPlaceholderFilled() {
        for problem in Self.samples {
            for text in [problem.detail, problem.hint] {
                #expect(!text.hasPrefix("problem."), "no catalogue text for \(problem.code.rawValue): \(text)")
                #expect(text.firstMatch(of: /\{[A-Za-z]+\}/) == nil, "unfilled placeholder in \(problem.code.rawValue): \(text)")
            }
        }
    }

    @Test func wordingsThatDependOnAValueFollowIt() {
        #expect(Problem(GameRefusal.tooManyScans(retryAfter: 60)).hint == "Wait a minute and scan again.")
        // The wait is rounded up to whole minutes, never told shorter than the Retry-After.
        #expect(Problem(GameRefusal.tooManyScans(retryAfter: 185)).hint == "Wait 4 minutes and scan again.")
        #expect(Problem(GameRefusal.tooManyScans(retryAfter: 3600)).hint == "Wait 1 hour and scan again.")
        #expect(Problem(AccountRefusal.tooManyAttempts(retryAfter: 900)).hint == "Wait 15 minutes before trying again, or reset your password.")
        #expect(Problem(AccountRefusal.tooManyAttempts(retryAfter: 900)).headers[.retryAfter] == "900")
        #expect(Problem(AccountRefusal.tooManyAttempts(retryAfter: 30)).hint == "Wait 1 minute before trying again, or reset your password.")
        #expect(Problem(GameRefusal.invalidIdempotencyKey(length: 201)).detail == "An Idempotency-Key has 1 to 200 characters; this one has 201.")
        #expect(Problem(GameRefusal.categoryExhausted(.social, remaining: [])).hint == "You have solved them all. Congratulations!")
        #expect(Problem(GameRefusal.categoryExhausted(.social, remaining: [.lab, .lecture])).hint
            == "Try lab or lecture: riddles are waiting there.")
        #expect(Problem(GameRefusal.wrongCodeKind(expected: .checkpoint, found: .friend)).detail
            == "That is a friend code, not a checkpoint code.")
        #expect(Problem(AccountRefusal.emailDomainNotAllowed(domains: ["a.example", "b.example"])).hint
            == "Use your address at a.example or b.example.")
        #expect(Problem(CampusDateRange.Refusal.reversed(from: LocalDate(year: 2026, month: 11, day: 19)!, to: LocalDate(year: 2026, month: 11, day: 18)!)).detail
            == "The first day, 2026-11-19, is after the last, 2026-11-18.")
        #expect(Problem(CampusDateRange.Refusal.missing("to")).detail == "The export needs a first and a last day, and 'to' was not given.")
        #expect(Problem.invalidReportStatus("closed", status: .badRequest).hint == "Use one of: open, in_hand, fixed, dismissed.")
    }
}
