import Hummingbird

/// Holds a request with a large body (a photo) to the photo queue's upload budget before its
/// body is read: its declared length, or the largest photo when it declares none. Past the
/// budget it is refused at once with 503 `photo_queue_full` and `Retry-After`, its body never
/// read, so a crowd of uploads cannot grow the process without end. Small bodies (a typed
/// code, a form) pass untouched.
struct UploadBudgetMiddleware: RouterMiddleware {
    let services: HuntServices

    /// Bodies up to this size are not counted (every JSON and plain form is smaller).
    static let smallBody = 64 * 1024

    func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        guard request.method == .post || request.method == .put || request.method == .patch else { return try await next(request, context) }
        let declared = request.headers[.contentLength].flatMap { Int($0) }
        guard declared.map({ $0 > Self.smallBody }) ?? true else { return try await next(request, context) }
        let bytes = min(declared ?? CodeUpload.maxPhotoBytes, CodeUpload.maxPhotoBytes)
        do {
            try services.photos.admitUpload(bytes: bytes)
        } catch {
            services.metrics.photoRefused()
            throw Problem.photoQueueFull(error)
        }
        defer { services.photos.releaseUpload(bytes: bytes) }
        return try await next(request, context)
    }
}

extension Problem {
    /// 503 `photo_queue_full`, saying when to send it again.
    static func photoQueueFull(_ full: PhotoQueue.Full) -> Problem {
        Problem(.serviceUnavailable, code: .photoQueueFull, values: ["seconds": "\(full.retryAfter)"], headers: [.retryAfter: "\(full.retryAfter)"])
    }
}
