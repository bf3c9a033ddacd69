import Hummingbird
import PuzzleMapImaging

extension Problem {
    static let noCodeFound = Problem(
        .unprocessableContent, code: "no_code_found", detail: "No QR code could be read in that photo.",
        hint: "Hold the phone steady, fill the frame with the code, avoid glare and shadows, or type the code printed under it."
    )
    static func tooManyScans(retryAfter: Int) -> Problem {
        Problem(.tooManyRequests, code: "too_many_scans", detail: "That is more scans than anyone needs in a short time.",
                hint: "Wait a minute and scan again.", headers: [.retryAfter: "\(retryAfter)"])
    }
    static let photoAlreadyUsed = Problem(
        .conflict, code: "photo_already_used", detail: "That photo was already used by another player.",
        hint: "Take your own photo of the code at the place."
    )
    static let unsupportedScanBody = Problem(
        .unsupportedMediaType, code: "unsupported_media_type",
        detail: "A scan is a photo (image/jpeg, image/png, image/heic, image/webp, or multipart/form-data with a `photo` part) or JSON {\"code\": ...}.",
        hint: "Send the photo as the request body with its image content type, or the code as JSON."
    )
    static func unreadableForm(_ reason: String) -> Problem {
        Problem(.badRequest, code: "invalid_form", detail: "The multipart form could not be read: \(reason).",
                hint: "Send the picture in a part named `photo`, with optional numeric `lat`, `lon` and `accuracy` parts.")
    }
    static let checkInNotFound = Problem(
        .notFound, code: "check_in_not_found", detail: "There is no pending check-in with that id: it was registered, cancelled or has lapsed.",
        hint: "Check-ins can be registered within 15 minutes of the scan."
    )

    /// The answer for a picture that cannot be read.
    static func image(_ error: ImageDecodingError) -> Problem {
        switch error {
        case .tooLarge, .tooManyPixels:
            Problem(.contentTooLarge, code: error.code, detail: error.detail, hint: "Send a smaller photo; any phone camera's normal setting works.")
        case .unsupportedFormat:
            Problem(.unsupportedMediaType, code: error.code, detail: error.detail, hint: "Send a JPEG, PNG, WebP or HEIC photo.")
        case .empty, .corrupt:
            Problem(.unprocessableContent, code: error.code, detail: error.detail, hint: "Take the photo again; the upload may have been cut off.")
        }
    }
}
