import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PuzzleMapCore
import PuzzleMapTestFixtures
import Testing

/// Damaged photos through `POST /v1/scans`, as raw bodies and as forms: each gets a typed
/// problem with a hint, never a 5xx, and the service goes on scanning real codes.
@Suite struct ImageUploadFuzzTests {
    static let mutationsPerFixture = 24
    /// What a damaged photo may be answered with: a refusal of the picture, no code in it, or
    /// (when the damage spared the QR code) the fixture's code, which is not one of ours.
    static let expectedCodes: Set = [
        "corrupt_image", "empty_image", "unsupported_image_format", "image_too_large", "too_many_pixels",
        "no_code_found", "not_a_puzzle_map_code", "unreadable_form",
    ]

    static func contentType(_ format: String) -> String {
        ["jpeg": "image/jpeg", "png": "image/png", "webp": "image/webp", "heif": "image/heic"][format]!
    }

    @Test func damagedPhotosGetTypedProblemsAndTheServiceKeepsScanning() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer("fuzzer")
            var uploads: [(name: String, bytes: [UInt8], type: String)] = [
                ("zero bytes", [], "image/jpeg"),
                ("a text file called photo.jpg", Array("These are my lecture notes, not a photo.\n".utf8), "image/jpeg"),
                ("a PNG claiming 100000 x 100000", PNGChunks.grayFile(width: 100_000, height: 100_000), "image/png"),
                ("a PNG sent as JPEG", FixtureImages.palettePNG, "image/jpeg"),
            ]
            for fixture in FixtureImages.all {
                var random = SplitMix64(seed: UInt64(fixture.bytes.count))
                for round in 0..<Self.mutationsPerFixture {
                    uploads.append(("\(fixture.name), damage \(round)", ImageDamage.damage(fixture.bytes, round: round, using: &random),
                                    Self.contentType(fixture.format)))
                }
            }

            var answered: [String: Int] = [:]
            for (index, upload) in uploads.enumerated() {
                // Ten scans a minute is the per-player limit; the test clock moves on instead.
                if index % 10 == 9 { service.clock.advance(by: 61) }
                let reply = index % 3 == 0
                    ? try await client.scanForm(photo: upload.bytes, type: upload.type, token: token)
                    : try await client.scan(photo: upload.bytes, type: upload.type, token: token)
                #expect(reply.status.code < 500, "\(upload.name): \(reply.status)")
                #expect(reply.isProblem, "\(upload.name)")
                #expect(Self.expectedCodes.contains(reply.code ?? ""), "\(upload.name): \(reply.code ?? "no code")")
                #expect((reply.json["hint"] as? String)?.isEmpty == false, "\(upload.name)")
                answered[reply.code ?? "none", default: 0] += 1
            }
            #expect(answered.values.reduce(0, +) == uploads.count)
            #expect(answered["corrupt_image", default: 0] > 0 && answered["not_a_puzzle_map_code", default: 0] > 0, "\(answered)")

            service.clock.advance(by: 61)
            #expect(try await client.call(.get, "/healthz").status == .ok)
            let real = try await client.scan(code: try await service.qrText(for: service.services.content.checkpoints[0].id), token: token)
            #expect(real.status == .ok)
        }
    }
}

extension TestClientProtocol {
    /// A photo as a phone's form upload: a `photo` part and a location.
    func scanForm(photo: [UInt8], type: String, token: String) async throws -> Reply {
        let boundary = "fuzz-\(UUID().uuidString)"
        var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"lat\"\r\n\r\n55.8721\r\n".utf8)
        body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"lon\"\r\n\r\n-4.2882\r\n".utf8)
        body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"photo\"\r\nContent-Type: \(type)\r\n\r\n".utf8)
        body += Data(photo) + Data("\r\n--\(boundary)--\r\n".utf8)
        return try await execute(uri: "/v1/scans", method: .post,
                                 headers: [.authorization: "Bearer \(token)", .contentType: "multipart/form-data; boundary=\(boundary)"],
                                 body: ByteBuffer(data: body)) { response in
            Reply(status: response.status, headers: response.headers, body: Data(buffer: response.body))
        }
    }
}
