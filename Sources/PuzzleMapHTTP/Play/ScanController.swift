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
        let identity = try context.requirePlayer()
        let now = services.now()
        let key = request.headers[.init("Idempotency-Key")!]
        if let key, !(1...200).contains(key.utf8.count) {
            throw Problem(.badRequest, code: "invalid_idempotency_key", detail: "An Idempotency-Key has 1 to 200 characters; this one has \(key.utf8.count).",
                          hint: "Send a fresh UUID as the Idempotency-Key of each new scan, and the same one when retrying it.")
        }
        if let key, let earlier = try await services.repository.storedScan(playerID: identity.playerID, idempotencyKey: key) {
            return answer(earlier)
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
        let checkpoint = try await verifiedCheckpoint(submission.texts, typed: submission.typed, playerID: identity.playerID, at: now)
        let builder = ScanAnswerBuilder(content: services.content, checkpoint: checkpoint.checkpoint, now: now, timeZone: services.timeZone,
                                        ownerVerified: identity.account.emailVerifiedAt != nil)
        let stored = try await services.repository.performScan(
            playerID: identity.playerID, checkpointID: checkpoint.id, idempotencyKey: key, photo: submission.photo,
            location: submission.location, photoWindow: Self.photoReuseWindow, at: now
        ) { state in try builder.effect(for: state) }
        return answer(stored)
    }

    private func answer(_ stored: ScanAnswer) -> Response {
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
    /// Failed typed codes count towards a much lower limit, so guessing is hopeless.
    private func verifiedCheckpoint(_ texts: [String], typed: Bool, playerID: Int64, at now: Date) async throws -> StoredCheckpoint {
        let manualKey = "manual-code-failures:\(playerID)"
        if typed, try await services.repository.eventCount(key: manualKey, window: 600, at: now) >= Self.failedManualCodesPerTenMinutes {
            throw Problem.tooManyScans(retryAfter: 600)
        }
        do {
            return try await CodeVerifier(services: services).checkpoint(in: texts)
        } catch {
            if typed { _ = try await services.repository.countEvent(key: manualKey, window: 600, at: now) }
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
