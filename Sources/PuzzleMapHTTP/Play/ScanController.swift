import Crypto
import Foundation
import Hummingbird
import MultipartKit
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
    static let maxPhotoBytes = 15 * 1024 * 1024

    struct CodeRequest: Decodable {
        var code: String
    }

    /// A `multipart/form-data` upload: the photo and, optionally, where the phone was.
    struct PhotoForm: Decodable {
        var photo: Data
        var lat: Double?
        var lon: Double?
        var accuracy: Double?
    }

    /// What a request carries: code texts, the photo's fingerprint, whether typed, and a location.
    struct Submission {
        var texts: [String]
        var photo: PhotoFingerprint?
        var typed: Bool
        var location: ReportedLocation?
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.post("scans") { request, context in try await scan(request, context) }
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
        let key = request.headers[.init("Idempotency-Key")!].map { String($0.prefix(200)) }
        if let key, let earlier = try await services.repository.storedScan(playerID: identity.playerID, idempotencyKey: key) {
            return answer(earlier)
        }
        let scans = try await services.repository.countEvent(key: "scan:\(identity.playerID)", window: 60, at: now)
        guard scans <= Self.scansPerMinute else { throw Problem.tooManyScans(retryAfter: 60) }

        let submission = try await submission(in: request, context)
        let checkpoint = try await verifiedCheckpoint(submission.texts, typed: submission.typed, playerID: identity.playerID, at: now)
        let builder = ScanAnswerBuilder(content: services.content, checkpoint: checkpoint.checkpoint, now: now)
        let stored = try await services.repository.performScan(
            playerID: identity.playerID, checkpointID: checkpoint.id, idempotencyKey: key, photo: submission.photo,
            location: submission.location, photoWindow: Self.photoReuseWindow, at: now
        ) { state in try builder.effect(for: state) }
        return answer(stored)
    }

    private func answer(_ stored: ScanAnswer) -> Response {
        let type = stored.status >= 400 ? Problem.contentType : "application/json; charset=utf-8"
        var headers: HTTPFields = [.contentType: type]
        if stored.replayed { headers[.init("Idempotent-Replayed")!] = "true" }
        return Response(status: .init(code: stored.status), headers: headers, body: .init(byteBuffer: ByteBuffer(data: stored.response)))
    }

    /// What the request carries, by its content type.
    private func submission(in request: Request, _ context: AppRequestContext) async throws -> Submission {
        let contentType = request.headers[.contentType] ?? ""
        let type = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        switch type {
        case "application/json":
            let body = try await request.decode(as: CodeRequest.self, context: context)
            return Submission(texts: [body.code], typed: true)
        case "image/jpeg", "image/png", "image/heic", "image/heif", "image/webp":
            let (texts, photo) = try await read(photo: Array(try await body(of: request).readableBytesView))
            return Submission(texts: texts, photo: photo, typed: false)
        case "multipart/form-data":
            guard let boundary = Self.parameter("boundary", of: contentType) else { throw Problem.unreadableForm("it has no boundary") }
            let form: PhotoForm
            do {
                form = try FormDataDecoder().decode(PhotoForm.self, from: try await body(of: request), boundary: boundary)
            } catch let problem as Problem {
                throw problem
            } catch {
                throw Problem.unreadableForm("it needs a `photo` part, and lat, lon and accuracy must be numbers")
            }
            var location: ReportedLocation?
            if let lat = form.lat, let lon = form.lon {
                let coordinate = Coordinate(latitude: lat, longitude: lon)
                guard coordinate.isValid else { throw Problem.unreadableForm("lat and lon are out of range") }
                location = ReportedLocation(coordinate: coordinate, accuracyMetres: form.accuracy)
            }
            let (texts, photo) = try await read(photo: [UInt8](form.photo))
            return Submission(texts: texts, photo: photo, typed: false, location: location)
        default:
            throw Problem.unsupportedScanBody
        }
    }

    private func body(of request: Request) async throws -> ByteBuffer {
        do {
            return try await request.body.collect(upTo: Self.maxPhotoBytes)
        } catch {
            throw Problem.image(.tooLarge(bytes: Self.maxPhotoBytes + 1, limit: Self.maxPhotoBytes))
        }
    }

    /// A parameter of a header value, e.g. the boundary of `multipart/form-data; boundary=x`.
    static func parameter(_ name: String, of header: String) -> String? {
        for part in header.split(separator: ";").dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == name { return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
        return nil
    }

    /// Decodes and scans off the event loop, under the scanner's time budget.
    private func read(photo bytes: [UInt8]) async throws -> ([String], PhotoFingerprint) {
        let result: Result<([String], UInt64), ImageDecodingError> = try await NIOThreadPool.singleton.runIfActive {
            do {
                // A reduced decode and the retry ladder first; a full-resolution tiled pass
                // when that finds nothing (small codes in 12 MP photos), under one time budget.
                let reading = try PhotoReader(limits: ImageDecodingLimits(maxBytes: Self.maxPhotoBytes)).read(photo: bytes)
                return .success((reading.texts, PerceptualHash.dHash(reading.image)))
            } catch {
                // A failure of zbar itself is answered like a photo with no code in it.
                guard case PhotoReadingError.image(let imageError)? = error as? PhotoReadingError else { return .success(([], 0)) }
                return .failure(imageError)
            }
        }
        switch result {
        case .success(let (codes, hash)):
            guard !codes.isEmpty else { throw Problem.noCodeFound }
            let digest = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
            return (codes, PhotoFingerprint(sha256: digest, perceptual: hash))
        case .failure(let error):
            throw Problem.image(error)
        }
    }

    /// The first genuine, current checkpoint among the codes; else the most telling refusal.
    /// Failed typed codes count towards a much lower limit, so guessing is hopeless.
    private func verifiedCheckpoint(_ texts: [String], typed: Bool, playerID: Int64, at now: Date) async throws -> StoredCheckpoint {
        let verifier = CodeVerifier(services: services)
        let manualKey = "manual-code-failures:\(playerID)"
        if typed, try await services.repository.eventCount(key: manualKey, window: 600, at: now) >= Self.failedManualCodesPerTenMinutes {
            throw Problem.tooManyScans(retryAfter: 600)
        }
        var refusal: Problem?
        for text in texts {
            do {
                return try await verifier.checkpoint(from: text)
            } catch let problem as Problem {
                if refusal == nil || refusal?.code == "not_a_puzzle_map_code" { refusal = problem }
            }
        }
        if typed { _ = try await services.repository.countEvent(key: manualKey, window: 600, at: now) }
        throw refusal ?? Problem.noCodeFound
    }

    // MARK: Check-ins

    private func register(_ context: AppRequestContext) async throws -> ScanAnswerBuilder.Standing {
        let identity = try context.requirePlayer()
        let before = try await services.repository.events(playerID: identity.playerID)
        guard let event = try await services.repository.registerCheckIn(
            id: context.parameters.get("id") ?? "", playerID: identity.playerID, xp: services.content.rules.checkInXP, at: services.now()
        ) else { throw Problem.checkInNotFound }
        return ScanAnswerBuilder.standing(before: before, after: before + [event], content: services.content)
    }
}
