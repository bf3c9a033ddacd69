import Foundation
import Testing

/// A player's live stream, read as a browser's EventSource reads it: the response's head, then
/// messages separated by blank lines.
final class EventStreamReader {
    struct Message: Equatable {
        var id: String?
        var event: String?
        var data: String?
        /// A comment line (`: ...`), as heartbeats are.
        var comment: String?
    }

    let connection: RawConnection
    private var buffer = ""
    private(set) var head = ""

    /// Opens `GET /v1/me/events` on `port` with `token`, resuming after `lastEventID` if given.
    init?(port: Int, token: String, lastEventID: String? = nil) {
        guard let connection = RawConnection(port: port) else { return nil }
        self.connection = connection
        connection.send("GET /v1/me/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nAccept: text/event-stream\r\n"
            + (lastEventID.map { "Last-Event-ID: \($0)\r\n" } ?? "") + "\r\n")
    }

    deinit { close(connection.descriptor) }

    /// The next message, waiting up to `seconds`; nil if none came (or the stream ended).
    func next(within seconds: Double = 20) -> Message? {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let message = takeMessage() { return message }
            let left = deadline.timeIntervalSinceNow
            guard left > 0, receive(waiting: left) else { return nil }
        }
    }

    /// The next event: not a heartbeat, nor the stream's opening cursor.
    func nextEvent(within seconds: Double = 20) -> Message? {
        let deadline = Date().addingTimeInterval(seconds)
        while let message = next(within: max(0, deadline.timeIntervalSinceNow)) {
            if message.event != nil { return message }
        }
        return nil
    }

    private func receive(waiting seconds: Double) -> Bool {
        var poller = pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(seconds * 1000)) > 0 else { return false }
        var bytes = [UInt8](repeating: 0, count: 8192)
        let count = bytes.withUnsafeMutableBytes { recv(connection.descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer += String(decoding: bytes[0..<count], as: UTF8.self)
        return true
    }

    private func takeMessage() -> Message? {
        if head.isEmpty {
            guard let end = buffer.range(of: "\r\n\r\n") else { return nil }
            head = String(buffer[..<end.lowerBound])
            buffer = String(buffer[end.upperBound...])
        }
        // The body is chunked: drop the chunk-size lines, keep the text.
        let text = buffer.replacingOccurrences(of: #"\r\n[0-9a-fA-F]+\r\n"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #"^[0-9a-fA-F]+\r\n"#, with: "", options: .regularExpression)
        guard let end = text.range(of: "\n\n") else { return nil }
        let block = String(text[..<end.lowerBound])
        buffer = String(text[end.upperBound...])
        var message = Message()
        for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(":") { message.comment = String(line.dropFirst()).trimmingCharacters(in: .whitespaces) }
            if line.hasPrefix("id: ") { message.id = String(line.dropFirst(4)) }
            if line.hasPrefix("event: ") { message.event = String(line.dropFirst(7)) }
            if line.hasPrefix("data: ") { message.data = String(line.dropFirst(6)) }
        }
        return message
    }

    /// The `data` of a message as JSON.
    static func json(_ message: Message?) -> [String: Any] {
        (message?.data).flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] } ?? [:]
    }
}

/// Live events through a real `puzzlemap serve`: the stream, its heartbeat, resuming with
/// `Last-Event-ID`, and events crossing from one instance to another through PostgreSQL.
@Suite struct LiveEventsTests {
    @Test func aFriendRequestArrivesOnTheOpenStreamAndIdleStreamsHearAHeartbeat() async throws {
        let data = scratchDirectory("live-sqlite")
        defer { try? FileManager.default.removeItem(at: data) }
        let service = try await LiveService(dataDirectory: data, environment: ["PUZZLEMAP_LIVE_HEARTBEAT": "0.3"])
        let ada = try #require(try await service.signUp("ada", password: "correct horse battery")["accessToken"] as? String)
        let bob = try #require(try await service.signUp("bob", password: "correct horse battery")["accessToken"] as? String)

        let stream = try #require(EventStreamReader(port: service.port, token: ada))
        let opening = try #require(stream.next())
        #expect(stream.head.hasPrefix("HTTP/1.1 200"), "\(stream.head)")
        #expect(stream.head.lowercased().contains("content-type: text/event-stream"))
        #expect(stream.head.lowercased().contains("x-accel-buffering: no"))
        #expect(opening.id == "0.0")
        #expect(stream.next()?.comment == "still here", "an idle stream hears the heartbeat")

        #expect(try await service.call("POST", "/v1/friends/requests", json: ["username": "ada"], token: bob).status == 201)
        let request = try #require(stream.nextEvent())
        #expect(request.event == "friend_request")
        #expect(request.id == "1.0")
        let news = EventStreamReader.json(request)
        #expect(news["text"] as? String == "Bob asks to be your friend.")
        #expect(news["link"] as? String == "/friends")

        // Without a token or a session cookie there is no stream.
        let anonymous = try await service.call("GET", "/v1/me/events")
        #expect(anonymous.status == 401)
        #expect(anonymous.code == "unauthenticated")
        service.send(SIGTERM)
        #expect(await service.waitForExit() == 0)
        #expect(service.log.contains("Stopped: requests finished, database closed"), "an open stream does not hold up the shutdown")
    }

    @Test func anEventOnOneInstanceReachesAStreamOnTheOtherAndAResumedStreamGetsExactlyWhatItMissed() async throws {
        let url = try TwoInstancesTests.freshDatabaseURL()
        let data = scratchDirectory("live-two-instances")
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["PUZZLEMAP_DATABASE_URL": url]
        let a = try await LiveService(dataDirectory: data.appendingPathComponent("a"), environment: environment)
        let b = try await LiveService(dataDirectory: data.appendingPathComponent("b"), environment: environment)
        let ada = try #require(try await a.signUp("ada", password: "correct horse battery")["accessToken"] as? String)
        let bob = try #require(try await a.signUp("bob", password: "correct horse battery")["accessToken"] as? String)
        let cat = try #require(try await a.signUp("cat", password: "correct horse battery")["accessToken"] as? String)
        let dan = try #require(try await a.signUp("dan", password: "correct horse battery")["accessToken"] as? String)

        // Ada listens on B; Bob's request is made on A.
        let onB = try #require(EventStreamReader(port: b.port, token: ada))
        #expect(onB.next()?.id == "0.0")
        let sent = ContinuousClock.now
        #expect(try await a.call("POST", "/v1/friends/requests", json: ["username": "ada"], token: bob).status == 201)
        let crossed = try #require(onB.nextEvent())
        print("live event from instance A to a stream on B: \(ContinuousClock.now - sent)")
        #expect(crossed.event == "friend_request")
        #expect(crossed.id == "1.0")

        // Ada's stream on A sees it too; then A is killed mid-stream.
        let onA = try #require(EventStreamReader(port: a.port, token: ada, lastEventID: "0.0"))
        let replayed = try #require(onA.nextEvent())
        #expect(replayed.id == "1.0", "resumed after 0.0, the one event since is passed on")
        a.send(SIGKILL)
        _ = await a.waitForExit()
        // While Ada is away, two more requests, made on B.
        #expect(try await b.call("POST", "/v1/friends/requests", json: ["username": "ada"], token: cat).status == 201)
        #expect(try await b.call("POST", "/v1/friends/requests", json: ["username": "ada"], token: dan).status == 201)
        // Her browser reconnects to B with the last id it saw: exactly the two it missed, once.
        let resumed = try #require(EventStreamReader(port: b.port, token: ada, lastEventID: "1.0"))
        #expect(resumed.next()?.id == "1.0")
        let missed = [resumed.nextEvent(), resumed.nextEvent()]
        #expect(missed.map { $0?.id } == ["2.0", "3.0"])
        #expect(missed.map { EventStreamReader.json($0)["text"] as? String } == ["Cat asks to be your friend.", "Dan asks to be your friend."])
        #expect(resumed.nextEvent(within: 2) == nil, "nothing twice")
        // The stream that stayed on B heard them as they happened.
        #expect([onB.nextEvent()?.id, onB.nextEvent()?.id] == ["2.0", "3.0"])
        b.send(SIGTERM)
        #expect(await b.waitForExit() == 0)
    }
}
