import Crypto
import Foundation
import Hummingbird
import MultipartKit
import Logging
import NIOPosix
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapImaging
import PuzzleMapStorage

/// Reads the codes a request carries, as scans and staff redemptions accept them: JSON
/// `{code}`, a photo as the raw body, or a `multipart/form-data` upload with a `photo` part.
/// Photos are decoded and scanned on NIO's blocking pool, never on an event loop.
enum CodeUpload {
    static let maxPhotoBytes = 15 * 1024 * 1024

    /// A typed code and, optionally, where the phone was (a typed code far from its checkpoint
    /// is flagged for organisers).
    struct CodeRequest: Decodable {
        var code: String
        var lat: Double?
        var lon: Double?
        var accuracy: Double?
    }

    /// A `multipart/form-data` upload: the photo and, optionally, where the phone was.
    struct PhotoForm: Decodable {
        var photo: Data
        var lat: Double?
        var lon: Double?
        var accuracy: Double?
    }

    /// What the request carries, by its content type.
    static func submission(in request: Request, _ context: AppRequestContext, services: HuntServices) async throws -> ScanSubmission {
        let contentType = request.headers[.contentType] ?? ""
        let type = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        switch type {
        case "application/json":
            let body = try await request.decode(as: CodeRequest.self, context: context)
            return ScanSubmission(texts: [body.code], location: try location(lat: body.lat, lon: body.lon, accuracy: body.accuracy))
        case "image/jpeg", "image/png", "image/heic", "image/heif", "image/webp":
            let (texts, photo) = try await read(photo: Array(try await body(of: request).readableBytesView), services: services, logger: context.logger)
            return ScanSubmission(texts: texts, photo: photo)
        case "multipart/form-data":
            let form = try await decodeForm(PhotoForm.self, from: request,
                                            unreadable: "it needs a `photo` part, and lat, lon and accuracy must be numbers")
            let location = try location(lat: form.lat, lon: form.lon, accuracy: form.accuracy)
            let (texts, photo) = try await read(photo: [UInt8](form.photo), services: services, logger: context.logger)
            return ScanSubmission(texts: texts, photo: photo, location: location)
        default:
            throw Problem.unsupportedScanBody
        }
    }

    /// Where the phone said it was, when it sent both coordinates.
    private static func location(lat: Double?, lon: Double?, accuracy: Double?) throws -> ReportedLocation? {
        guard let lat, let lon else { return nil }
        let coordinate = Coordinate(latitude: lat, longitude: lon)
        guard coordinate.isValid else { throw Problem.unreadableForm("lat and lon are out of range") }
        return ReportedLocation(coordinate: coordinate, accuracyMetres: accuracy)
    }

    /// A `multipart/form-data` body decoded as `T`, for the API's uploads and the pages' photo
    /// forms alike. A body over the photo limit is a `PhotoFailure` (413 `image_too_large`, and
    /// counted as an unreadable photo); a form that cannot be read is `invalid_form`, saying `reason`.
    static func decodeForm<T: Decodable>(_ type: T.Type, from request: Request, unreadable reason: String) async throws -> T {
        guard let boundary = parameter("boundary", of: request.headers[.contentType] ?? "") else { throw Problem.unreadableForm("it has no boundary") }
        let body = try await body(of: request)
        do {
            return try FormDataDecoder().decode(T.self, from: body, boundary: boundary)
        } catch {
            throw Problem.unreadableForm(reason)
        }
    }

    /// The codes in a photo sent as a form's file.
    static func submission(photo bytes: [UInt8], services: HuntServices, logger: Logger) async throws -> ScanSubmission {
        let (texts, photo) = try await read(photo: bytes, services: services, logger: logger)
        return ScanSubmission(texts: texts, photo: photo)
    }

    static func body(of request: Request) async throws -> ByteBuffer {
        do {
            return try await request.body.collect(upTo: Self.maxPhotoBytes)
        } catch {
            throw PhotoFailure(problem: .photoTooLarge)
        }
    }

    /// What a retry must repeat to be a retry: the body and its type, digested. The body is
    /// read whole (under the photo limit) and kept in the request, to be read again.
    static func digest(of request: inout Request) async throws -> String {
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: Self.maxPhotoBytes)
        } catch {
            throw Problem.photoTooLarge
        }
        var hasher = SHA256()
        hasher.update(data: Data((request.headers[.contentType] ?? "").utf8 + [0]))
        hasher.update(data: Data(buffer: body))
        return hex(hasher.finalize())
    }

    /// A parameter of a header value, e.g. the boundary of `multipart/form-data; boundary=x`.
    static func parameter(_ name: String, of header: String) -> String? {
        for part in header.split(separator: ";").dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == name { return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
        return nil
    }

    /// Decodes and scans off the event loop, under the scanner's time budget, once the photo
    /// queue gives it a decoder: a full queue is 503 `photo_queue_full` with `Retry-After`. The
    /// reader looks on past codes this service did not sign (see `PhotoReader`). A picture that
    /// cannot be decoded is a `PhotoFailure`; zbar failing is our fault, logged and answered so.
    static func read(photo bytes: [UInt8], services: HuntServices, logger: Logger) async throws -> ([String], PhotoFingerprint) {
        let (metrics, wanted) = (services.metrics, services.isOurCode)
        let start = ContinuousClock.now
        let result: Result<([String], UInt64), PhotoReadingError>
        do {
            result = try await services.photos.run {
                try await NIOThreadPool.singleton.runIfActive {
                    // A reduced decode and the retry ladder first; a full-resolution tiled pass when that
                    // finds nothing (small codes in 12 MP photos), under one time budget.
                    Result { () throws(PhotoReadingError) in
                        let reading = try PhotoReader(limits: ImageDecodingLimits(maxBytes: Self.maxPhotoBytes)).read(photo: bytes, lookingFor: wanted)
                        return (reading.texts, PerceptualHash.dHash(reading.image))
                    }
                }
            }
        } catch let full as PhotoQueue.Full {
            metrics.photoRefused()
            throw Problem.photoQueueFull(full)
        }
        metrics.photoDecoded(nanoseconds: (ContinuousClock.now - start).wholeNanoseconds, foundCode: (try? result.get().0.isEmpty == false) ?? false)
        switch result {
        case .success(let (codes, hash)):
            return (codes, PhotoFingerprint(sha256: hex(SHA256.hash(data: bytes)), perceptual: hash))
        case .failure(.image(let error)):
            throw PhotoFailure(problem: Problem.image(error))
        case .failure(.scanner(let error)):
            logger.error("The QR scanner failed on an uploaded photo", metadata: ["error": "\(error)", "bytes": "\(bytes.count)"])
            throw PhotoFailure(problem: Problem(.internalServerError, code: .scannerFailed))
        }
    }

    /// A digest as lowercase hex, two digits a byte: how request digests and photo fingerprints
    /// are kept.
    static func hex(_ digest: SHA256.Digest) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }, as: UTF8.self)
    }
}

/// A photo refused before any code was looked for (unreadable, too large, the reader failed):
/// noted for organisers' statistics, then answered with its problem.
struct PhotoFailure: UnreadablePhoto {
    let problem: Problem

    var reason: String { problem.code.rawValue }
}
