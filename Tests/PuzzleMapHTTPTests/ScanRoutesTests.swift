import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PuzzleMapCore
import PuzzleMapImaging
import PuzzleMapTestFixtures
import Testing

extension TestService {
    /// The QR text printed for a checkpoint.
    func qrText(for checkpointID: String) async throws -> String {
        let stored = try #require(try await repository.checkpoints(includingRetired: true).first { $0.id == checkpointID })
        return TagSigner(secrets: services.secrets).qrText(
            for: TagPayload(purpose: .checkpoint, subject: UInt64(stored.number), version: stored.tagVersion), baseURL: "https://hunt.example.ac.uk")
    }

    func manualCode(for checkpointID: String) async throws -> String {
        let stored = try #require(try await repository.checkpoints(includingRetired: true).first { $0.id == checkpointID })
        return TagSigner(secrets: services.secrets).manualCode(
            for: TagPayload(purpose: .checkpoint, subject: UInt64(stored.number), version: stored.tagVersion))
    }

    /// The checkpoint the player's held riddle of a category leads to.
    func target(of username: String, category: Category) async throws -> String {
        let player = try #require(try await repository.account(login: username)).player
        return try #require(try await repository.activeAttempts(playerID: player.id).first { $0.category == category }).checkpointID
    }

    func ledgerXP(of username: String) async throws -> Int {
        let player = try #require(try await repository.account(login: username)).player
        return try await repository.events(playerID: player.id).map(\.xp).reduce(0, +)
    }
}

extension TestClientProtocol {
    func scan(code: String, token: String, key: String? = nil) async throws -> Reply {
        var headers: HTTPFields = [:]
        if let key { headers[.init("Idempotency-Key")!] = key }
        return try await call(.post, "/v1/scans", json: ["code": code], token: token, headers: headers)
    }

    func scan(photo: [UInt8], type: String, token: String) async throws -> Reply {
        try await execute(uri: "/v1/scans", method: .post, headers: [.authorization: "Bearer \(token)", .contentType: type],
                          body: ByteBuffer(bytes: photo)) { response in
            Reply(status: response.status, headers: response.headers, body: Data(buffer: response.body))
        }
    }
}

@Suite struct ScanRoutesTests {
    @Test func aStickerPhotographedBesideAPostersOwnCodeStillScores() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer("ada")
            let place = service.services.content.checkpoints[1]
            let photo = try BesideAPoster.png(poster: "https://example.org/exhibition-tickets", sticker: try await service.qrText(for: place.id))
            let reply = try await client.scan(photo: photo, type: "image/png", token: token)
            #expect(reply.status == .ok, "\(reply.code ?? "")")
            #expect(reply.json["outcome"] as? String == "explored")
            #expect((reply.json["checkpoint"] as? [String: Any])?["id"] as? String == place.id)
        }
    }

    @Test func scanningTheRiddlesPlaceSolvesItForItsCurrentReward() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.playerWithQuiz(quiz: service.services.content.quiz.map(\.id))
            let riddle = try #require(try await client.call(.post, "/v1/riddles", json: ["category": "lab"], token: token).json["riddle"] as? [String: Any])
            _ = try await client.call(.post, "/v1/riddles/\(riddle["id"] as! Int)/hints", json: ["confirm": true], token: token)
            let expected = try #require(try await client.call(.get, "/v1/riddles/active", token: token).json["riddles"] as? [[String: Any]]).first?["xpIfSolved"] as? Int
            let target = try await service.target(of: "ada", category: .lab)

            let reply = try await client.scan(code: try await service.qrText(for: target), token: token)
            #expect(reply.status == .ok)
            #expect(reply.json["outcome"] as? String == "solved")
            #expect(reply.json["xpAwarded"] as? Int == expected)
            #expect(reply.json["totalXp"] as? Int == expected)
            #expect(reply.json["insider"] as? String == service.services.content.riddles.first { $0.checkpointID == target }?.insider)
            #expect((reply.json["checkpoint"] as? [String: Any])?["id"] as? String == target)
            #expect((reply.json["newBadges"] as? [[String: Any]])?.contains { $0["id"] as? String == "first-steps" } == true)
            #expect((try await client.call(.get, "/v1/riddles/active", token: token).json["riddles"] as? [Any])?.isEmpty == true)

            let again = try await client.scan(code: try await service.qrText(for: target), token: token)
            #expect(again.json["outcome"] as? String == "already_visited")
            #expect(again.json["xpAwarded"] as? Int == 0)
            #expect(try await service.ledgerXP(of: "ada") == expected)
        }
    }

    @Test func theManualCodeWorksWhereAPhotoFails() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.playerWithQuiz(quiz: service.services.content.quiz.map(\.id))
            _ = try await client.call(.post, "/v1/riddles", json: ["category": "social"], token: token)
            let target = try await service.target(of: "ada", category: .social)
            let code = try await service.manualCode(for: target).lowercased().replacingOccurrences(of: "-", with: " ")
            #expect(try await client.scan(code: code, token: token).json["outcome"] as? String == "solved")
        }
    }

    @Test func exploringWithoutARiddleEarnsExplorationXPAndShowsTheRiddleForFun() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer()
            let place = service.services.content.checkpoints[3]
            let reply = try await client.scan(code: try await service.qrText(for: place.id), token: token)
            #expect(reply.json["outcome"] as? String == "explored")
            #expect(reply.json["xpAwarded"] as? Int == service.services.content.rules.exploreXP)
            #expect((reply.json["riddle"] as? [String: Any])?["text"] as? String == service.services.content.riddles.first { $0.checkpointID == place.id }?.text)
        }
    }

    @Test func wrongPlaceScanCanBeRegisteredOrCancelledWithoutTrace() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.playerWithQuiz(quiz: service.services.content.quiz.map(\.id))
            _ = try await client.call(.post, "/v1/riddles", json: ["category": "lab"], token: token)
            let target = try await service.target(of: "ada", category: .lab)
            let elsewhere = service.services.content.checkpoints.filter { $0.id != target }.map(\.id)

            let cancelled = try await client.scan(code: try await service.qrText(for: elsewhere[0]), token: token)
            #expect(cancelled.json["outcome"] as? String == "wrong_place")
            #expect(cancelled.json["xpAwarded"] as? Int == 0)
            #expect((cancelled.json["message"] as? String)?.contains("more XP if you find this place with a riddle") == true)
            let cancelID = try #require((cancelled.json["checkIn"] as? [String: Any])?["id"] as? String)
            #expect(try await client.call(.delete, "/v1/check-ins/\(cancelID)", token: token).status == .noContent)
            #expect(try await client.call(.post, "/v1/check-ins/\(cancelID)/register", token: token).code == "check_in_not_found")
            #expect(try await service.ledgerXP(of: "ada") == 0)

            let registered = try await client.scan(code: try await service.qrText(for: elsewhere[1]), token: token)
            let registerID = try #require((registered.json["checkIn"] as? [String: Any])?["id"] as? String)
            let reward = try await client.call(.post, "/v1/check-ins/\(registerID)/register", token: token)
            #expect(reward.status == .ok)
            #expect(reward.json["xpAwarded"] as? Int == service.services.content.rules.checkInXP)
            #expect(try await client.call(.post, "/v1/check-ins/\(registerID)/register", token: token).code == "check_in_not_found")

            let lapsed = try await client.scan(code: try await service.qrText(for: elsewhere[2]), token: token)
            let lapsedID = try #require((lapsed.json["checkIn"] as? [String: Any])?["id"] as? String)
            service.clock.advance(by: 15 * 60 + 1)
            #expect(try await client.call(.post, "/v1/check-ins/\(lapsedID)/register", token: token).code == "check_in_not_found")
            #expect(try await service.ledgerXP(of: "ada") == service.services.content.rules.checkInXP)
        }
    }

    @Test func aRetryWithTheSameIdempotencyKeyGetsTheFirstAnswerAndAwardsNothingTwice() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer()
            let code = try await service.qrText(for: service.services.content.checkpoints[0].id)
            let first = try await client.scan(code: code, token: token, key: "upload-1")
            let retry = try await client.scan(code: code, token: token, key: "upload-1")
            #expect(first.json["outcome"] as? String == "explored")
            #expect(retry.body == first.body)
            #expect(retry.headers[.init("Idempotent-Replayed")!] == "true")
            #expect(try await service.ledgerXP(of: "ada") == service.services.content.rules.exploreXP)
        }
    }

    @Test func simultaneousRetriesOfOneScanAwardOnce() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer()
            let code = try await service.qrText(for: service.services.content.checkpoints[0].id)
            let bodies = try await withThrowingTaskGroup(of: Data.self) { group in
                for _ in 0..<8 { group.addTask { try await client.scan(code: code, token: token, key: "same").body } }
                return try await group.reduce(into: [Data]()) { $0.append($1) }
            }
            #expect(Set(bodies).count == 1)
            #expect(try await service.ledgerXP(of: "ada") == service.services.content.rules.exploreXP)
        }
    }

    @Test func forgedForeignAndRetiredCodesAreRefusedWithTheirOwnCodes() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer()
            let place = service.services.content.checkpoints[0].id
            var forged = try await service.qrText(for: place)
            forged.replaceSubrange(forged.index(before: forged.endIndex)..., with: forged.hasSuffix("0") ? "1" : "0")
            let invalid = try await client.scan(code: forged, token: token)
            #expect(invalid.status == .unprocessableContent)
            #expect(invalid.code == "invalid_code")
            #expect(try await client.scan(code: "https://example.com", token: token).code == "not_a_puzzle_map_code")
            let old = try await service.qrText(for: place)
            _ = try await service.repository.rotateTag(checkpointID: place, audit: .byCommandLine(.codeRotated, subject: "checkpoint", detail: "test"), at: service.clock.now)
            let retired = try await client.scan(code: old, token: token)
            #expect(retired.status == .gone)
            #expect(retired.code == "code_retired")
        }
    }

    @Test func aPhotoOfTheCodeIsDecodedAndTheSamePhotoFromAnotherAccountIsRefused() async throws {
        let service = try await TestService()
        try await service.test { client in
            let ada = try await client.signedInPlayer("ada")
            let bob = try await client.signedInPlayer("bob")
            let place = service.services.content.checkpoints[5].id
            let photo = try QREncoder(errorCorrection: .quartile).encode(try await service.qrText(for: place)).renderPNG(scale: 6)
            let first = try await client.scan(photo: photo, type: "image/png", token: ada)
            #expect(first.json["outcome"] as? String == "explored")
            let copy = try await client.scan(photo: photo, type: "image/png", token: bob)
            #expect(copy.status == .conflict)
            #expect(copy.code == "photo_already_used")
            #expect(try await service.ledgerXP(of: "bob") == 0)
        }
    }

    @Test func unreadablePhotosGetTypedAnswersAndAreCountedForOrganisers() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer()
            let blank = try PNGEncoder.encode(GrayImage(width: 64, height: 64, pixels: [UInt8](repeating: 255, count: 64 * 64)))
            let noCode = try await client.scan(photo: blank, type: "image/png", token: token)
            #expect(noCode.status == .unprocessableContent)
            #expect(noCode.code == "no_code_found")
            #expect((noCode.json["hint"] as? String)?.contains("steady") == true)
            let text = try await client.scan(photo: Array("not a picture at all".utf8), type: "image/jpeg", token: token)
            #expect(text.code == "unsupported_image_format")
            let truncated = try await client.scan(photo: Array(blank.prefix(40)), type: "image/png", token: token)
            #expect(truncated.code == "corrupt_image")
            let wrongType = try await client.call(.post, "/v1/scans", token: token, headers: [.contentType: "text/plain"])
            #expect(wrongType.status == .unsupportedMediaType)
            let stats = try await service.statistics()
            #expect(stats.decodeFailuresByCheckpoint == ["unlocated": 3])
        }
    }

    @Test func scansAreLimitedPerPlayerAndFailedManualCodesMuchSooner() async throws {
        let service = try await TestService()
        try await service.test { client in
            let ada = try await client.signedInPlayer("ada")
            for _ in 0..<5 { #expect(try await client.scan(code: "0000-0000-00", token: ada).code == "invalid_code") }
            let guessing = try await client.scan(code: "0000-0000-01", token: ada)
            #expect(guessing.status == .tooManyRequests)
            #expect(guessing.code == "too_many_scans")

            let bob = try await client.signedInPlayer("bob")
            let code = try await service.qrText(for: service.services.content.checkpoints[0].id)
            for _ in 0..<10 { #expect(try await client.scan(code: code, token: bob).status == .ok) }
            #expect(try await client.scan(code: code, token: bob).code == "too_many_scans")
            // Limits are per player: campus Wi-Fi puts everyone behind one address.
            let cat = try await client.signedInPlayer("cat")
            #expect(try await client.scan(code: code, token: cat).status == .ok)
        }
    }

    @Test func anImplausibleSpeedBetweenScansIsFlaggedButStillCounts() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer()
            let places = service.services.content.checkpoints
            let (a, b) = (places[0], try #require(places.max { places[0].coordinate.distance(to: $0.coordinate) < places[0].coordinate.distance(to: $1.coordinate) }))
            #expect(try await client.scan(code: try await service.qrText(for: a.id), token: token).json["flagged"] as? Bool == false)
            service.clock.advance(by: 5)
            let fast = try await client.scan(code: try await service.qrText(for: b.id), token: token)
            #expect(fast.json["flagged"] as? Bool == true)
            #expect(fast.json["outcome"] as? String == "explored")
        }
    }
}

@Suite struct MultipartScanTests {
    func multipart(_ parts: [(name: String, value: [UInt8])], boundary: String) -> ByteBuffer {
        var body = ByteBuffer()
        for part in parts {
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\"\r\n\r\n")
            body.writeBytes(part.value)
            body.writeString("\r\n")
        }
        body.writeString("--\(boundary)--\r\n")
        return body
    }

    @Test func aMultipartUploadWithLocationIsScanned() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer()
            let place = service.services.content.checkpoints[2]
            let photo = try QREncoder(errorCorrection: .quartile).encode(try await service.qrText(for: place.id)).renderPNG(scale: 5)
            let body = multipart([("photo", photo), ("lat", Array("55.8721".utf8)), ("lon", Array("-4.2882".utf8)), ("accuracy", Array("12".utf8))],
                                 boundary: "puzzle-boundary")
            let reply = try await client.execute(uri: "/v1/scans", method: .post, headers: [
                .authorization: "Bearer \(token)", .contentType: "multipart/form-data; boundary=puzzle-boundary",
            ], body: body) { response in Reply(status: response.status, headers: response.headers, body: Data(buffer: response.body)) }
            #expect(reply.status == .ok)
            #expect(reply.json["outcome"] as? String == "explored")

            let missing = multipart([("lat", Array("55.8721".utf8))], boundary: "b")
            let refused = try await client.execute(uri: "/v1/scans", method: .post, headers: [
                .authorization: "Bearer \(token)", .contentType: "multipart/form-data; boundary=b",
            ], body: missing) { response in Reply(status: response.status, headers: response.headers, body: Data(buffer: response.body)) }
            #expect(refused.status == .badRequest)
            #expect(refused.code == "invalid_form")

            // A photo with no code, sent from beside a checkpoint, counts against that checkpoint.
            let sticker = service.services.content.checkpoints[7]
            let blank = try PNGEncoder.encode(GrayImage(width: 64, height: 64, pixels: [UInt8](repeating: 255, count: 64 * 64)))
            let near = multipart([("photo", blank), ("lat", Array("\(sticker.coordinate.latitude)".utf8)), ("lon", Array("\(sticker.coordinate.longitude)".utf8))],
                                 boundary: "c")
            let failed = try await client.execute(uri: "/v1/scans", method: .post, headers: [
                .authorization: "Bearer \(token)", .contentType: "multipart/form-data; boundary=c",
            ], body: near) { response in Reply(status: response.status, headers: response.headers, body: Data(buffer: response.body)) }
            #expect(failed.code == "no_code_found")
            #expect(try await service.statistics().decodeFailuresByCheckpoint == [sticker.id: 1])
        }
    }

    @Test func aMultipartPhotoOverTheLimitIsTooLargeNotAnUnreadableForm() async throws {
        try await TestService().test { client in
            let token = try await client.signedInPlayer()
            let body = multipart([("photo", [UInt8](repeating: 0xFF, count: 16 * 1024 * 1024))], boundary: "big")
            let reply = try await client.execute(uri: "/v1/scans", method: .post, headers: [
                .authorization: "Bearer \(token)", .contentType: "multipart/form-data; boundary=big",
            ], body: body) { response in Reply(status: response.status, headers: response.headers, body: Data(buffer: response.body)) }
            #expect(reply.status == .contentTooLarge)
            #expect(reply.code == "image_too_large")
        }
    }
}

@Suite struct ScanEdgeTests {
    @Test func anUploadOverTheLimitIsRefusedBeforeDecoding() async throws {
        try await TestService().test { client in
            let token = try await client.signedInPlayer()
            let huge = [UInt8](repeating: 0xFF, count: 16 * 1024 * 1024)
            let reply = try await client.scan(photo: huge, type: "image/jpeg", token: token)
            #expect(reply.status == .contentTooLarge)
            #expect(reply.code == "image_too_large")
        }
    }

    @Test func aVoucherCodeShownAtACheckpointIsTheWrongKind() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer()
            let voucher = TagSigner(secrets: service.services.secrets).qrText(
                for: TagPayload(purpose: .voucher, subject: 1, version: 1), baseURL: "https://hunt.example.ac.uk")
            let reply = try await client.scan(code: voucher, token: token)
            #expect(reply.status == .unprocessableContent)
            #expect(reply.code == "wrong_code_kind")
        }
    }

    @Test func staffAccountsCannotPlay() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer()
            _ = try await service.repository.setRole(email: "ada@student.gla.ac.uk", role: .staff, partnerID: "qmu-cafe")
            let reply = try await client.call(.post, "/v1/riddles", json: ["category": "lab"], token: token)
            #expect(reply.status == .forbidden)
            #expect(reply.code == "players_only")
            #expect(try await client.call(.get, "/v1/me", token: token).status == .ok)
        }
    }
}

@Suite struct RiddleAvailabilityTests {
    @Test func whenEveryPlaceLeftIsClosedTheAnswerSaysSo() async throws {
        let service = try await TestService()
        let content = service.services.content
        // The first hour of the coming week at which no lab place is open or opens within the hour.
        let start = service.clock.now
        let closed = try #require((0..<(7 * 24)).map { start + Double($0) * 3600 }.first { instant in
            !content.checkpoints.contains { $0.category == .lab && $0.hours.isOpen(within: 3600, of: instant, in: service.services.timeZone) }
        })
        try await service.test { client in
            _ = try await client.playerWithQuiz(quiz: content.quiz.map(\.id))
            service.clock.advance(by: closed.timeIntervalSince(start))
            // Hours later the access token has expired: sign in again, as the app would.
            let token = try #require(try await client.call(.post, "/v1/sessions", json: ["login": "ada", "password": "correct horse battery"])
                .json["accessToken"] as? String)
            let reply = try await client.call(.post, "/v1/riddles", json: ["category": "lab"], token: token)
            #expect(reply.status == .conflict)
            #expect(reply.code == "nothing_open")
        }
    }

    @Test func theSavedQuizCanBeReadBackAndIsRequiredFirst() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer()
            #expect(try await client.call(.get, "/v1/me/quiz", token: token).code == "quiz_required")
            let answers = Dictionary(uniqueKeysWithValues: service.services.content.quiz.map { ($0.id, "disagree") })
            let saved = try await client.call(.put, "/v1/me/quiz", json: ["answers": answers], token: token)
            let read = try await client.call(.get, "/v1/me/quiz", token: token)
            #expect(read.status == .ok)
            #expect(read.json["categoryBias"] as? [String: Double] == saved.json["categoryBias"] as? [String: Double])
        }
    }
}
