import Hummingbird
import Logging
import NIOCore
import PuzzleMapCore
import PuzzleMapStorage

/// The one place errors become answers: every failure leaves as `application/problem+json`.
/// Known problems pass through; Hummingbird's own errors get a code and a hint; anything else
/// is logged with its request and answered with a generic 500 that reveals nothing inside.
public struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    public init() {}

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            return try Self.problem(for: error, request: request, context: context).response(from: request, context: context)
        }
    }

    /// The answer for any error: its own problem when it explains itself, Hummingbird's errors
    /// with a code and a hint, and otherwise a logged, generic 500 that reveals nothing inside.
    static func problem(for error: any Error, request: Request, context: Context) -> Problem {
        if let problem = Problem.explaining(error) { return problem }
        switch error {
        case let error as HTTPError:
            return problem(for: error, request: request)
        case is NIOTooManyBytesError:
            return problem(for: HTTPError(.contentTooLarge), request: request)
        case let error as any StorageConditionError where error.storageCondition != nil:
            return problem(for: error.storageCondition!, error: error, request: request, context: context)
        default:
            context.logger.error("Unhandled error", metadata: [
                "error": "\(String(reflecting: error))", "method": "\(request.method)", "route": "\(context.endpointPath ?? "unmatched")",
            ])
            return .internalError
        }
    }

    /// The database out of reach or out of space: 503 with `Retry-After`, and a line in the log
    /// telling the organiser what to do.
    static func problem(for condition: StorageCondition, error: any Error, request: Request, context: Context) -> Problem {
        let metadata: Logger.Metadata = ["error": "\(String(reflecting: error))", "method": "\(request.method)",
                                         "route": "\(context.endpointPath ?? "unmatched")"]
        switch condition {
        case .full:
            context.logger.error("""
                The database's disk is full: writes are refused with 503 storage_full until space is freed \
                (on SQLite, on the data directory's filesystem); reads go on, and writes resume by themselves once there is room.
                """, metadata: metadata)
            return Problem(.serviceUnavailable, code: .storageFull, headers: [.retryAfter: "60"])
        case .unavailable:
            context.logger.warning("The database did not answer: the request was refused with 503 database_unavailable", metadata: metadata)
            return Problem(.serviceUnavailable, code: .databaseUnavailable, headers: [.retryAfter: "5"])
        }
    }

    static func problem(for error: HTTPError, request: Request) -> Problem {
        switch error.status {
        case .notFound:
            return .notFound(path: request.uri.path)
        case .methodNotAllowed:
            return Problem(.methodNotAllowed, code: .methodNotAllowed, values: ["method": "\(request.method)", "path": request.uri.path],
                           headers: error.headers)
        case .contentTooLarge:
            return Problem(.contentTooLarge, code: .payloadTooLarge)
        case .badRequest:
            // The framework's own words, when it has some, say best what it could not read.
            return Problem(.badRequest, code: .badRequest, detail: error.body ?? Problem.text(.badRequest, "detail"),
                           hint: Problem.text(.badRequest, "hint"))
        default:
            // Statuses the framework answers on its own (a timeout, a missing header) have no
            // code of their own: clients act on the class.
            let code: ProblemCode = error.status.kind == .serverError ? .internalError : .badRequest
            return Problem(error.status, code: code, detail: error.body ?? error.status.reasonPhrase,
                           hint: Problem.text(code, "hint", "other"), headers: error.headers)
        }
    }
}
