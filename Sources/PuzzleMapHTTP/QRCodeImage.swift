import Hummingbird
import PuzzleMapImaging

extension Response {
    /// A QR code as a PNG, ten pixels a module with the standard quiet zone: large enough for a
    /// shop's or a friend's camera to read off a phone screen. Never cached: it is personal.
    static func qrCode(_ text: String) throws -> Response {
        let png = try QREncoder(errorCorrection: .quartile).encode(text).renderPNG(scale: 10, quietZone: 4)
        return Response(status: .ok, headers: [.contentType: "image/png", .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(bytes: png)))
    }
}
