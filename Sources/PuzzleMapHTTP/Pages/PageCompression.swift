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
        var headers = headers
        headers[.vary] = "Accept-Encoding"
        guard compress, bytes.readableBytes >= minimumBytes else { return Response(status: status, headers: headers, body: .init(byteBuffer: bytes)) }
        var input = bytes
        guard let compressed = try? input.compress(with: .gzip()) else { return Response(status: status, headers: headers, body: .init(byteBuffer: bytes)) }
        headers[.contentEncoding] = "gzip"
        return Response(status: status, headers: headers, body: .init(byteBuffer: compressed))
    }
}
