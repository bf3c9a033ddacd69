import Foundation
import Hummingbird
import PuzzleMapCore

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
    /// What a student should do next on the web app, where the API's hint would name an
    /// endpoint (`page.problem.<code>.hint`); nil where the API's hint reads well on a page.
    var pageHint: String?
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
        var headers = headers
        headers[.contentType] = Self.contentType
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(data: try Self.encoder.encode(body))))
    }

    /// Made once for every problem answered; configured here and never changed, so sharing it
    /// across requests is safe (`JSONEncoder` is `Sendable`).
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
}

extension Problem {
    /// A problem in the catalogue's words (`texts.yaml`): `problem.<code>.detail` and
    /// `problem.<code>.hint`, or `problem.<code>.detail.<variant>` where a code has another
    /// wording for one case; `{name}` placeholders are filled from `values`.
    init(_ status: HTTPResponse.Status, code: ProblemCode, values: [String: String] = [:],
         detailVariant: String? = nil, hintVariant: String? = nil, headers: HTTPFields = [:]) {
        self.init(status, code: code,
                  detail: Self.text(code, "detail", detailVariant, values),
                  hint: Self.text(code, "hint", hintVariant, values), headers: headers)
        let pageKey = ["page.problem", code.rawValue, "hint", hintVariant].compactMap(\.self).joined(separator: ".")
        if PageLibrary.shipped.texts[pageKey] != nil { pageHint = PageLibrary.shipped.text(pageKey, values) }
    }

    /// The problem as a page shows it: with the page's own hint where it has one.
    var onPage: Problem {
        var problem = self
        problem.hint = pageHint ?? hint
        return problem
    }

    /// The catalogue's text for a problem's `field`, or for a value shown inside it
    /// (`text(.wrongCodeKind, "friend")`).
    static func text(_ code: ProblemCode, _ field: String, _ variant: String? = nil, _ values: [String: String] = [:]) -> String {
        let key = ["problem", code.rawValue, field, variant].compactMap(\.self).joined(separator: ".")
        return PageLibrary.shipped.text(key, values)
    }

    /// Items joined as the catalogue says a choice is spoken: "a or b or c".
    static func alternatives(_ items: [String]) -> String {
        items.joined(separator: " \(PageLibrary.shipped.text("problem.list.or")) ")
    }

    static func notFound(path: String) -> Problem {
        Problem(.notFound, code: .notFound, values: ["path": path])
    }

    static let internalError = Problem(.internalServerError, code: .internalError)

    /// A player's page or route asked for by an organiser's or a shop's account: said for the
    /// role they have, with where their own work is.
    static func playersOnly(for role: Role) -> Problem {
        Problem(.forbidden, code: .playersOnly, detailVariant: role == .player ? nil : role.rawValue, hintVariant: role == .player ? nil : role.rawValue)
    }
}
