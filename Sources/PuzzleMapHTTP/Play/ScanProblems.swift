import Hummingbird
import PuzzleMapImaging

extension Problem {
    static let unsupportedScanBody = Problem(.unsupportedMediaType, code: .unsupportedMediaType)
    static func unreadableForm(_ reason: String) -> Problem {
        Problem(.badRequest, code: .invalidForm, values: ["reason": reason])
    }

    /// A photo over the size limit, however it was sent.
    static let photoTooLarge = Problem.image(.tooLarge(bytes: CodeUpload.maxPhotoBytes + 1, limit: CodeUpload.maxPhotoBytes))

    /// The answer for a picture that cannot be read, in the catalogue's words (the imaging
    /// layer's own `detail` stays English, for logs and the command line).
    static func image(_ error: ImageDecodingError) -> Problem {
        switch error {
        case .tooLarge(let bytes, let limit):
            Problem(.contentTooLarge, code: .imageTooLarge, values: ["bytes": "\(bytes)", "limit": "\(limit)"])
        case .tooManyPixels(let width, let height, let limit):
            Problem(.contentTooLarge, code: .tooManyPixels, values: ["width": "\(width)", "height": "\(height)", "limit": "\(limit)"])
        case .unsupportedFormat: Problem(.unsupportedMediaType, code: .unsupportedImageFormat)
        case .empty: Problem(.unprocessableContent, code: .emptyImage)
        case .corrupt(let reason): Problem(.unprocessableContent, code: .corruptImage, values: ["reason": reason])
        }
    }
}
