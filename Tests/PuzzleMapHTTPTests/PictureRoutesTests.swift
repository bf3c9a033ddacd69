import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapCore
import PuzzleMapImaging
import Testing

/// Profile pictures through the real router: a photo sent is kept as a small WebP, waits for an
/// organiser, and is then shown to a friend; the pages say where it stands.
@Suite struct PictureRoutesTests {
    /// A 64 x 48 orange picture, as a phone's PNG.
    static func photo() throws -> [UInt8] {
        try PNGEncoder.encodeRGB(RGBImage(width: 64, height: 48, pixels: (0..<(64 * 48)).flatMap { _ in [240, 140, 20] as [UInt8] }))
    }

    @Test func aPhotoWaitsForAnOrganiserAndIsThenShownToAFriend() async throws {
        let service = try await TestService()
        try await service.test { client in
            let ada = try await client.signedInPlayer("ada")
            let bob = try await client.signedInPlayer("bob")
            let code = try #require(try await client.call(.get, "/v1/me/friend-code", token: bob).json["code"] as? String)
            #expect(try await client.call(.post, "/v1/friends/requests", json: ["friendCode": code], token: ada).json["status"] as? String == "friends")
            let admin = try await client.signedInPlayer("olive")
            _ = try await service.repository.setRole(email: "olive@student.gla.ac.uk", role: .admin, partnerID: nil)

            let photo = try Self.photo()
            let sent = try await client.execute(uri: "/v1/me/picture", method: .put,
                                                headers: [.authorization: "Bearer \(ada)", .contentType: "image/png"],
                                                body: ByteBuffer(bytes: photo)) { response in
                (response.status, String(buffer: response.body))
            }
            #expect(sent.0 == .ok && sent.1.contains("\"status\":\"waiting\""))
            #expect(try await client.call(.get, "/v1/players/ada/picture", token: bob).json["code"] as? String == "picture_not_found")
            let waiting = try await client.call(.get, "/v1/admin/pictures", token: admin)
            #expect((waiting.json["pictures"] as? [[String: Any]])?.first?["username"] as? String == "ada")
            let reviewed = try await client.call(.post, "/v1/admin/pictures/ada/review", json: ["version": 1, "approve": true], token: admin)
            #expect(reviewed.json["status"] as? String == "approved")
            try await client.execute(uri: "/v1/players/ada/picture", method: .get, headers: [.authorization: "Bearer \(bob)"]) { response in
                #expect(response.status == .ok && response.headers[.contentType] == "image/webp")
                let bytes = [UInt8](buffer: response.body)
                #expect(Array(bytes[8..<12]) == Array("WEBP".utf8) && !bytes.isEmpty)
            }
            // Bob's page of Ada shows it, and so does his friends list.
            let friends = try await TestBrowser(session: bob).get("/friends", client)
            #expect(friends.html.contains(#"<img class="portrait" src="/pictures/ada?v=1" alt="" width="32" height="32">"#))
            let page = try await TestBrowser(session: bob).get("/players/ada", client)
            #expect(page.html.contains(#"<img class="portrait" src="/pictures/ada?v=1" alt="Ada&#39;s picture""#))
            let unknown = try await client.call(.put, "/v1/me/avatar", json: ["avatar": "cat"], token: ada)
            #expect(unknown.status == .unprocessableContent && unknown.json["code"] as? String == "unknown_avatar")
        }
    }
}
