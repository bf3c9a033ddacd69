import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Gives every request an id, carried on every log line the request causes and returned in
/// `X-Request-ID`, and logs one line when the request is answered.
///
/// A proxy's `X-Request-ID` is kept when it looks like an id, so one id follows a request from
/// nginx's log to ours. Lines name the route's pattern (`/V/{token}`), never the raw path or
/// query: paths carry voucher codes and links carry one-time tokens.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    static let requestIDField = HTTPField.Name("X-Request-ID")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        if let given = request.headers[Self.requestIDField], Self.isAcceptable(given) {
            // Hummingbird's own key, so `context.id` and every logger it hands out agree.
            context.logger[metadataKey: "hb.request.id"] = .string(given)
        }
        let id = context.id
        let start = ContinuousClock.now
        context.logger.debug("Request received", metadata: ["method": "\(request.method)"])
        do {
            var response = try await next(request, context)
            response.headers[Self.requestIDField] = id
            log(request, context, status: response.status.code, since: start)
            return response
        } catch {
            // The problem middleware inside answers every error; this is its own failure.
            log(request, context, status: 500, since: start)
            throw error
        }
    }

    private func log(_ request: Request, _ context: Context, status: Int, since start: ContinuousClock.Instant) {
        // Milliseconds to two places, rounded.
        let hundredths = ((ContinuousClock.now - start).wholeNanoseconds + 5_000) / 10_000
        context.logger.log(level: status >= 500 ? .error : .info, "Request answered", metadata: [
            "method": "\(request.method)",
            "route": "\(context.endpointPath ?? "unmatched")",
            "status": "\(status)",
            "duration_ms": "\(hundredths / 100).\((hundredths % 100).zeroPadded(to: 2))",
        ])
    }

    /// Short, and letters, digits and `-_.:` only: anything else could forge log lines.
    static func isAcceptable(_ id: String) -> Bool {
        (1...128).contains(id.utf8.count) && id.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F || byte == 0x2E || byte == 0x3A
        }
    }
}
