import CompressNIO
import Hummingbird

/// Pages and their text files travel gzip-compressed to browsers that accept it: on weak
/// campus Wi-Fi every kilobyte counts. Small bodies go as they are.
enum PageCompression {
    static let minimumBytes = 1024

    static func accepts(_ request: Request) -> Bool {
        request.headers[values: .acceptEncoding].contains { value in
            value.split(separator: ",").contains { $0.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() == "gzip" }
        }
    }

    /// The response for `bytes`, compressed when the browser accepts gzip and it is worth it.
    static func response(_ bytes: ByteBuffer, status: HTTPResponse.Status = .ok, headers: HTTPFields, compress: Bool) -> Response {
        response(bytes, gzipped: compress ? gzip(bytes) : nil, status: status, headers: headers)
    }

    /// The response for `bytes`, or for their gzipped form where there is one to send.
    static func response(_ bytes: ByteBuffer, gzipped: ByteBuffer?, status: HTTPResponse.Status = .ok, headers: HTTPFields) -> Response {
        var headers = headers
        headers[.vary] = "Accept-Encoding"
        guard let gzipped else { return Response(status: status, headers: headers, body: .init(byteBuffer: bytes)) }
        headers[.contentEncoding] = "gzip"
        return Response(status: status, headers: headers, body: .init(byteBuffer: gzipped))
    }

    /// `bytes` gzipped, or nil when they are too small for it to be worth it (or will not compress).
    static func gzip(_ bytes: ByteBuffer) -> ByteBuffer? {
        guard bytes.readableBytes >= minimumBytes else { return nil }
        var input = bytes
        return try? input.compress(with: .gzip())
    }
}
