import Foundation
import Hummingbird

/// An error answer in RFC 9457 form (`application/problem+json`), with the two fields every
/// Puzzle Map client relies on: a stable snake_case `code` and a `hint` saying what to do next.
public struct Problem: Error, Equatable, Sendable, HTTPResponseError {
    public var status: HTTPResponse.Status
    /// Stable machine-readable code, e.g. `no_code_found`.
    public var code: ProblemCode
    /// What happened, in a sentence.
    public var detail: String
    /// What the person should do next.
    public var hint: String
    public var headers: HTTPFields

    public init(_ status: HTTPResponse.Status, code: ProblemCode, detail: String, hint: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.detail = detail
        self.hint = hint
        self.headers = headers
    }

    public static let contentType = "application/problem+json"

    /// The JSON body; `type` is a URN naming the code, `title` the HTTP reason phrase.
    struct Body: Codable, Equatable {
        var type: String
        var title: String
        var status: Int
        var code: String
        var detail: String
        var hint: String
    }

    var body: Body {
        Body(type: "urn:puzzlemap:problem:\(code.rawValue)", title: status.reasonPhrase, status: status.code,
             code: code.rawValue, detail: detail, hint: hint)
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var headers = headers
        headers[.contentType] = Self.contentType
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(data: try encoder.encode(body))))
    }
}

extension Problem {
    static func notFound(path: String) -> Problem {
        Problem(.notFound, code: .notFound, detail: "There is nothing at \(path).",
                hint: "Check the address; the API is described at /openapi.yaml.")
    }

    static let internalError = Problem(
        .internalServerError, code: .internalError,
        detail: "Something went wrong on our side; nothing you sent was lost.",
        hint: "Try again in a moment. If it keeps happening, tell the organisers."
    )
}
