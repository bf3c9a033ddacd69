import Crypto
import Hummingbird
import NIOCore
import PuzzleMapCore

/// `ETag` and `If-None-Match` on the reads a phone repeats every time it opens the app (progress,
/// the map, the leaderboards): the tag is a hash of the answer's bytes, so it is fresh by
/// construction, on whichever instance answers: after a scan, a hint, a gift or a redemption
/// the next read's body changes, and so does its tag. A client that sends back the tag it holds
/// gets `304 Not Modified` and no body, which saves the bytes, not the server's work. The
/// answers are `private, no-cache`: kept by the phone only, and checked again each time.
struct ConditionalGetMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Answers larger than this are passed on untagged rather than held to be hashed.
    static var largestTagged: Int { 1 << 20 }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let response = try await next(request, context)
        guard request.method == .get, response.status == .ok else { return response }
        var headers = response.headers
        let body: ResponseBody
        if let kept = response.headers[.eTag] {
            // An answer kept with its tag (``KeptAnswers``) is not hashed again.
            (body, headers[.eTag]) = (response.body, kept)
        } else {
            guard let length = response.body.contentLength, length <= Self.largestTagged else { return response }
            let collected = CollectedBody()
            try await response.body.write(collected)
            (body, headers[.eTag]) = (ResponseBody(byteBuffer: collected.buffer), Self.tag(of: collected.buffer))
        }
        headers[.cacheControl] = "private, no-cache"
        if let held = request.headers[.ifNoneMatch], let tag = headers[.eTag], Self.matches(held, tag) {
            headers[.contentLength] = nil
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    /// A strong tag: the first 16 bytes of the body's SHA-256, in hex.
    static func tag(of body: ByteBuffer) -> String {
        let digest = SHA256.hash(data: body.readableBytesView)
        return "\"" + digest.prefix(16).hexadecimal + "\""
    }

    /// Whether `If-None-Match` names `tag`: `*`, or a list of tags, weak ones compared weakly.
    static func matches(_ header: String, _ tag: String) -> Bool {
        header.split(separator: ",").contains { part in
            let candidate = part.trimmingCharacters(in: .whitespaces)
            return candidate == "*" || candidate == tag || candidate == "W/" + tag
        }
    }
}

/// A response body written into memory, to be hashed and sent on.
private final class CollectedBody: ResponseBodyWriter {
    var buffer = ByteBuffer()

    func write(_ part: ByteBuffer) async throws {
        var part = part
        buffer.writeBuffer(&part)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
