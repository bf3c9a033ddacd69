import Foundation
import Hummingbird
import Logging
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapStorage

/// A form with a photo of a code, or the code typed (`multipart/form-data`), as the scan page
/// and the friends page send it; read only once its anti-forgery token checks out.
struct PagePhotoForm: Decodable {
    var csrf: String?
    var key: String?
    var photo: Data?
    var code: String?

    enum CodingKeys: String, CodingKey {
        case csrf = "_csrf", key, photo, code
    }

    static func read(_ request: Request, context: AppRequestContext) async throws -> PagePhotoForm {
        let form = try await CodeUpload.decodeForm(PagePhotoForm.self, from: request, unreadable: "it needs a `photo` or a `code`")
        try PageForm.verify(token: form.csrf, context: context)
        return form
    }

    /// The texts to look for a code in: the photo's codes, else the code typed.
    func submission(services: HuntServices, logger: Logger) async throws -> ScanSubmission {
        if let photo, !photo.isEmpty {
            return try await CodeUpload.submission(photo: [UInt8](photo), services: services, logger: logger)
        }
        return ScanSubmission(texts: code.map { [$0.trimmingCharacters(in: .whitespacesAndNewlines)] }?.filter { !$0.isEmpty } ?? [])
    }
}
