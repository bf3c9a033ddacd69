import Crypto
import Foundation
import Hummingbird
import NIOPosix
import PuzzleMapCore
import PuzzleMapImaging
import PuzzleMapStorage

/// `POST /v1/scans`: a photo of a checkpoint's code, or the code itself, becomes XP.
/// Check-ins from wrong-place scans are registered or cancelled under `/v1/check-ins`.
struct ScanController {
    let services: HuntServices

    static let scansPerMinute = 10
    static let failedManualCodesPerTenMinutes = 5
    static let codesTriedPerUpload = 4
    static let checkInLifetime: TimeInterval = 15 * 60
    static let photoReuseWindow: TimeInterval = 24 * 60 * 60
    /// Refusals of a photo itself, noted for organisers' statistics.
    static let photoFailures: Set<String> = ["corrupt_image", "empty_image", "unsupported_image_format", "image_too_large", "too_many_pixels"]


    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.post("scans") { request, context in
            do {
                return try await scan(request, context)
            } catch let problem as Problem {
                services.metrics.scan(outcome: problem.code)
                throw problem
            }
        }
        router.post("check-ins/:id/register") { _, context in try await register(context) }
        router.delete("check-ins/:id") { _, context -> Response in
            let identity = try context.requirePlayer()
            guard try await services.repository.cancelCheckIn(id: context.parameters.get("id") ?? "", playerID: identity.playerID) else {
                throw Problem.checkInNotFound
            }
            return Response(status: .noContent)
        }
    }

    // MARK: Scanning

    private func scan(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        var request = request
        let identity = try context.requirePlayer()
        let now = services.now()
        let key = request.headers[.init("Idempotency-Key")!]
        if let key, !(1...200).contains(key.utf8.count) {
            throw Problem(.badRequest, code: "invalid_idempotency_key", detail: "An Idempotency-Key has 1 to 200 characters; this one has \(key.utf8.count).",
                          hint: "Send a fresh UUID as the Idempotency-Key of each new scan, and the same one when retrying it.")
        }
        // A key names one request: its body and type. The same key with another request is
        // refused rather than answered with the first request's result.
        let digest = key == nil ? "" : try await CodeUpload.digest(of: &request)
        if let key, let earlier = try await services.repository.storedScan(playerID: identity.playerID, idempotencyKey: key) {
            return try answer(earlier, to: digest)
        }
        let scans = try await services.repository.countEvent(key: "scan:\(identity.playerID)", window: 60, at: now)
        guard scans <= Self.scansPerMinute else { throw Problem.tooManyScans(retryAfter: 60) }

        let submission: CodeUpload.Submission
        do {
            submission = try await CodeUpload.submission(in: request, context, metrics: services.metrics)
        } catch let problem as Problem where Self.photoFailures.contains(problem.code) {
            try await services.repository.recordScanFailure(playerID: identity.playerID, reason: problem.code, location: nil, at: now)
            throw problem
        }
        if submission.texts.isEmpty {
            try await services.repository.recordScanFailure(playerID: identity.playerID, reason: Problem.noCodeFound.code,
                                                            location: submission.location, at: now)
            throw Problem.noCodeFound
        }
        let checkpoint = try await verifiedCheckpoint(submission.texts, playerID: identity.playerID, at: now)
        let builder = ScanAnswerBuilder(content: services.content, checkpoint: checkpoint.checkpoint, now: now, timeZone: services.timeZone,
                                        ownerVerified: identity.account.emailVerifiedAt != nil)
        let stored = try await services.repository.performScan(
            playerID: identity.playerID, checkpointID: checkpoint.id, idempotencyKey: key, requestDigest: digest, photo: submission.photo,
            location: submission.location, photoWindow: Self.photoReuseWindow, at: now
        ) { state in try builder.effect(for: state) }
        return try answer(stored, to: digest)
    }

    /// The stored answer, unless it was given to another request under the same key.
    private func answer(_ stored: ScanAnswer, to digest: String) throws -> Response {
        if stored.replayed, !stored.requestDigest.isEmpty, stored.requestDigest != digest {
            throw Problem(.unprocessableContent, code: "idempotency_key_reused",
                          detail: "This Idempotency-Key was already used for a different scan.",
                          hint: "Send a fresh Idempotency-Key with each new scan; reuse one only to retry the very same upload.")
        }
        services.metrics.scan(outcome: stored.replayed ? "replayed" : Self.outcome(of: stored.response))
        let type = stored.status >= 400 ? Problem.contentType : "application/json; charset=utf-8"
        var headers: HTTPFields = [.contentType: type]
        if stored.replayed { headers[.init("Idempotent-Replayed")!] = "true" }
        return Response(status: .init(code: stored.status), headers: headers, body: .init(byteBuffer: ByteBuffer(data: stored.response)))
    }

    /// The `outcome` of a scan's answer, or the `code` of its problem.
    private static func outcome(of response: Data) -> String {
        let object = (try? JSONSerialization.jsonObject(with: response)) as? [String: Any]
        return (object?["outcome"] as? String) ?? (object?["code"] as? String) ?? "unknown"
    }

    /// The first genuine, current checkpoint among the codes; else the most telling refusal.
    ///
    /// Every forged code (a signature that does not check out) counts towards a much lower
    /// limit, typed or photographed, one per code in the picture, so guessing is hopeless. The
    /// count is taken atomically for each forgery, and an answer whose count went over the limit
    /// is refused: of many simultaneous guesses, exactly the allowed number get an answer.
    private func verifiedCheckpoint(_ texts: [String], playerID: Int64, at now: Date) async throws -> StoredCheckpoint {
        let guessesKey = "manual-code-failures:\(playerID)"
        let limit = Self.failedManualCodesPerTenMinutes
        if try await services.repository.eventCount(key: guessesKey, window: 600, at: now) >= limit {
            throw Problem.tooManyScans(retryAfter: 600)
        }
        let verifier = CodeVerifier(services: services)
        // An honest photo holds one code, a poster a few: more are not tried, so one upload
        // cannot test a sheet of guesses beyond the limit.
        let texts = Array(texts.prefix(Self.codesTriedPerUpload))
        do {
            return try await verifier.checkpoint(in: texts)
        } catch {
            var count = 0
            for _ in 0..<min(verifier.forgeries(in: texts), limit + 1) {
                count = try await services.repository.countEvent(key: guessesKey, window: 600, at: now)
            }
            if count > limit { throw Problem.tooManyScans(retryAfter: 600) }
            throw error
        }
    }

    // MARK: Check-ins

    private func register(_ context: AppRequestContext) async throws -> ScanAnswerBuilder.Standing {
        let identity = try context.requirePlayer()
        let (content, timeZone, now) = (services.content, services.timeZone, services.now())
        guard let registered = try await services.repository.registerCheckIn(
            id: context.parameters.get("id") ?? "", playerID: identity.playerID, xp: content.rules.checkInXP, at: now,
            grants: { before, event in
                ScanAnswerBuilder.Progression(before: before, adding: event, content: content).grants(at: now, in: timeZone)
            }
        ) else { throw Problem.checkInNotFound }
        let verified = identity.account.emailVerifiedAt != nil
        return ScanAnswerBuilder.Progression(before: registered.before, adding: registered.event, content: content)
            .standing(vouchers: registered.vouchers.map { VoucherView($0, content: content, at: now, ownerVerified: verified) })
    }
}
