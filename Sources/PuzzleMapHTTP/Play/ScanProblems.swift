import Hummingbird
import PuzzleMapImaging

extension Problem {
    static let unsupportedScanBody = Problem(
        .unsupportedMediaType, code: .unsupportedMediaType,
        detail: "A scan is a photo (image/jpeg, image/png, image/heic, image/webp, or multipart/form-data with a `photo` part) or JSON {\"code\": ...}.",
        hint: "Send the photo as the request body with its image content type, or the code as JSON."
    )
    static func unreadableForm(_ reason: String) -> Problem {
        Problem(.badRequest, code: .invalidForm, detail: "The multipart form could not be read: \(reason).",
                hint: "Send the picture in a part named `photo`, with optional numeric `lat`, `lon` and `accuracy` parts.")
    }

    /// A photo over the size limit, however it was sent.
    static let photoTooLarge = Problem.image(.tooLarge(bytes: CodeUpload.maxPhotoBytes + 1, limit: CodeUpload.maxPhotoBytes))

    /// The answer for a picture that cannot be read.
    static func image(_ error: ImageDecodingError) -> Problem {
        let smaller = "Send a smaller photo; any phone camera's normal setting works."
        let again = "Take the photo again; the upload may have been cut off."
        return switch error {
        case .tooLarge: Problem(.contentTooLarge, code: .imageTooLarge, detail: error.detail, hint: smaller)
        case .tooManyPixels: Problem(.contentTooLarge, code: .tooManyPixels, detail: error.detail, hint: smaller)
        case .unsupportedFormat:
            Problem(.unsupportedMediaType, code: .unsupportedImageFormat, detail: error.detail, hint: "Send a JPEG, PNG, WebP or HEIC photo.")
        case .empty: Problem(.unprocessableContent, code: .emptyImage, detail: error.detail, hint: again)
        case .corrupt: Problem(.unprocessableContent, code: .corruptImage, detail: error.detail, hint: again)
        }
    }
}
