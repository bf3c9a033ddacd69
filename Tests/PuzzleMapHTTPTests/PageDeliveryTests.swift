import CompressNIO
import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapHTTP
import Testing

/// How pages travel: compressed for browsers that accept it, static files cached for good.
@Suite struct PageDeliveryTests {
    @Test func aPageIsGzippedForABrowserThatAcceptsItAndPlainOtherwise() async throws {
        let service = try await TestService()
        try await service.test { client in
            let plain = try await client.execute(uri: "/join", method: .get) { response in
                #expect(response.headers[.contentEncoding] == nil)
                return String(buffer: response.body)
            }
            #expect(plain.contains("<h1>Join the hunt</h1>"))
            try await client.execute(uri: "/join", method: .get, headers: [.acceptEncoding: "br, gzip;q=0.8"]) { response in
                #expect(response.headers[.contentEncoding] == "gzip")
                #expect(response.headers[.vary] == "Accept-Encoding")
                var body = response.body
                #expect(body.readableBytes < plain.utf8.count)
                let html = String(buffer: try body.decompress(with: .gzip()))
                // The same page, apart from the anti-forgery token each new browser gets.
                #expect(html.contains("<h1>Join the hunt</h1>") && html.count == plain.count)
            }
        }
    }

    @Test func deletingTheAccountFromItsPageSignsOutAndSaysItIsGone() async throws {
        let world = try await PageWorld()
        let secret = world.secret
        let (status, location, cleared) = try await world.service.withClient { client in
            try await client.execute(
                uri: "/account/delete", method: .post,
                headers: [.cookie: "pm_csrf=\(secret); pm_session=\(world.playerToken)", .contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "_csrf=\(world.formToken)&password=correct+horse+battery")
            ) { ($0.status, $0.headers[.location], $0.headers[.init("Clear-Site-Data")!]) }
        }
        #expect(status == .seeOther && location == "/?erased=1")
        // The phone forgets the pages its service worker kept and the photos it was to send.
        #expect(cleared == "\"cache\", \"storage\"")
        #expect(try await world.service.services.hunt.signedIn(accessToken: world.playerToken) == nil)
        let home = try await world.service.withClient { client in
            try await client.execute(uri: "/?erased=1", method: .get, headers: [.cookie: "pm_session=\(world.playerToken)"]) { String(buffer: $0.body) }
        }
        #expect(home.contains("Your account and everything about you are deleted."))
    }

    @Test func theManifestMakesTheAppInstallableWithIconsThatAreServed() async throws {
        let service = try await TestService()
        try await service.test { client in
            let manifest = try await client.execute(uri: "/static/manifest.webmanifest", method: .get) { response in
                #expect(response.headers[.contentType] == "application/manifest+json")
                return try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
            }
            #expect(manifest["display"] as? String == "standalone")
            #expect(manifest["start_url"] as? String == "/map")
            let icons = try #require(manifest["icons"] as? [[String: String]])
            #expect(Set(icons.compactMap { $0["sizes"] }).isSuperset(of: ["192x192", "512x512"]))
            for icon in icons {
                let source = try #require(icon["src"])
                try await client.execute(uri: source, method: .get) { response in
                    #expect(response.status == .ok, "\(source)")
                    #expect(response.headers[.contentType] == icon["type"], "\(source)")
                }
            }
        }
    }

    @Test func theServiceWorkerIsServedFromTheRootFreshEachTimeAndKeepsTheShellTheLayoutLinks() async throws {
        let service = try await TestService()
        try await service.test { client in
            let worker = try await client.execute(uri: "/sw.js", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
                #expect(response.headers[.cacheControl] == "no-cache")
                return String(buffer: response.body)
            }
            let page = try await client.execute(uri: "/join", method: .get) { String(buffer: $0.body) }
            // The stylesheet and script the pages link are the ones the worker keeps for offline.
            for asset in ["app.css", "app.js"] {
                let match = try #require(page.firstMatch(of: try Regex("/static/\(asset)\\?v=[0-9a-f]+")))
                let linked = String(page[match.range])
                #expect(worker.contains("\"\(linked)\""), "the worker does not keep \(linked)")
            }
            #expect(worker.contains("self.addEventListener(\"fetch\""))
        }
    }

    @Test func staticFilesAreCachedForAYearUnderAVersionedAddress() async throws {
        let service = try await TestService()
        try await service.test { client in
            let html = try await client.execute(uri: "/join", method: .get) { String(buffer: $0.body) }
            let range = try #require(html.range(of: #"/static/app\.css\?v=[0-9a-f]+"#, options: .regularExpression))
            try await client.execute(uri: String(html[range]), method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/css; charset=utf-8")
                #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
            }
            try await client.execute(uri: "/static/nothing.css", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }
}
