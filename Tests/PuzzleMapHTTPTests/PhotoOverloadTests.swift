import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapCore
@testable import PuzzleMapHTTP
import PuzzleMapTestFixtures
import Testing

/// A one-way door a test opens: work waits on it until the test says go.
private actor Door {
    private var open = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func pass() async {
        if open { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func openUp() {
        open = true
        waiting.forEach { $0.resume() }
        waiting = []
    }
}

/// The photo queue: a fixed number of decodes at once, a bounded queue behind them, and an
/// immediate refusal past it.
@Suite struct PhotoQueueTests {
    /// Polls until the queue shows `running` and `queued` (its work runs on other tasks).
    static func settle(_ queue: PhotoQueue, running: Int, queued: Int) async throws {
        for _ in 0..<500 where queue.load != (running, queued) { try await Task.sleep(for: .milliseconds(2)) }
        #expect(queue.load == (running, queued))
    }

    @Test func photosBeyondTheDecodersWaitAndBeyondTheQueueAreRefusedAtOnce() async throws {
        let queue = PhotoQueue(decoders: 2, waiting: 1)
        let door = Door()
        let started = Counter()
        let held = (0..<3).map { _ in
            Task { try await queue.run { await started.add(); await door.pass() } }
        }
        try await Self.settle(queue, running: 2, queued: 1)
        #expect(await started.value == 2, "the third waits for a decoder")
        await #expect(throws: PhotoQueue.Full.self) { try await queue.run {} }
        await door.openUp()
        for task in held { try await task.value }
        #expect(await started.value == 3)
        #expect(queue.load == (0, 0))
        // Free again: a photo runs at once.
        try await queue.run {}
    }

    @Test func aRequestCancelledWhileQueuedLeavesTheQueue() async throws {
        let queue = PhotoQueue(decoders: 1, waiting: 1)
        let door = Door()
        let first = Task { try await queue.run { await door.pass() } }
        try await Self.settle(queue, running: 1, queued: 0)
        let queued = Task { try await queue.run {} }
        try await Self.settle(queue, running: 1, queued: 1)
        queued.cancel()
        await #expect(throws: CancellationError.self) { try await queued.value }
        #expect(queue.load == (1, 0), "its place is free for another photo")
        await door.openUp()
        try await first.value
        #expect(queue.load == (0, 0))
    }

    @Test func theRefusalSaysWhenToComeBack() async throws {
        let queue = PhotoQueue(decoders: 1, waiting: 0)
        let door = Door()
        let first = Task { try await queue.run { await door.pass() } }
        try await Self.settle(queue, running: 1, queued: 0)
        do {
            try await queue.run {}
            Issue.record("a full queue ran the photo")
        } catch let full as PhotoQueue.Full {
            // One photo being read and this one, at the starting estimate of 0.3 s a photo: 0.6 s, said as 1.
            #expect(full.retryAfter == 1)
        }
        await door.openUp()
        try await first.value
    }
}

private actor Counter {
    private(set) var value = 0
    func add() { value += 1 }
}

/// Photos at more than the instance can decode: what cannot be queued is refused at once with
/// 503 and `Retry-After`, while typed codes and reads go on.
@Suite struct PhotoOverloadTests {
    @Test func aFullPhotoQueueRefusesPhotosButNotTypedCodesOrReads() async throws {
        let service = try await TestService { settings in
            settings.photoDecoders = 1
            settings.photoQueue = 1
        }
        let door = Door()
        // Two photos being read elsewhere fill the decoder and the queue.
        let queue = service.services.photos
        let busy = (0..<2).map { _ in Task { try await queue.run { await door.pass() } } }
        try await PhotoQueueTests.settle(queue, running: 1, queued: 1)
        try await service.test { client in
            let token = try await client.signedInPlayer("ada")
            let place = service.services.content.checkpoints[1]
            let code = try await service.qrText(for: place.id)
            let photo = try BesideAPoster.png(poster: "https://example.org/exhibition-tickets", sticker: code)

            let refused = try await client.scan(photo: photo, type: "image/png", token: token)
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.isProblem)
            #expect(refused.code == "photo_queue_full")
            #expect(Int(refused.headers[.retryAfter] ?? "") ?? 0 >= 1)
            #expect((refused.json["hint"] as? String)?.contains("type the code") == true)
            #expect(try await service.ledger(of: "ada").isEmpty, "a refused photo records nothing")

            // Reads and typed codes do not queue behind photos.
            #expect(try await client.call(.get, "/v1/me/progress", token: token).status == .ok)
            let typed = try await client.scan(code: code, token: token)
            #expect(typed.status == .ok)
            #expect(typed.json["outcome"] as? String == "explored")

            // Once the decoders are free, the same photo is read (and, the place being
            // visited already, says so).
            await door.openUp()
            for task in busy { try await task.value }
            let again = try await client.scan(photo: photo, type: "image/png", token: token)
            #expect(again.status == .ok, "\(again.code ?? "")")
            #expect(again.json["outcome"] as? String == "already_visited")
        }
    }

    @Test func anUploadPastTheMemoryBudgetIsRefusedBeforeItsBodyIsRead() async throws {
        let service = try await TestService { $0.photoUploadMegabytes = 1 }
        let queue = service.services.photos
        // Uploads being read elsewhere hold the whole budget.
        try queue.admitUpload(bytes: queue.uploadBytes)
        try await service.test { client in
            let token = try await client.signedInPlayer("ada")
            let code = try await service.qrText(for: service.services.content.checkpoints[1].id)
            let large = [UInt8](repeating: 0xFF, count: 200_000)
            let refused = try await client.execute(uri: "/v1/scans", method: .post, headers: [
                .authorization: "Bearer \(token)", .contentType: "image/jpeg", .contentLength: "\(large.count)",
            ], body: ByteBuffer(bytes: large)) { Reply(status: $0.status, headers: $0.headers, body: Data(buffer: $0.body)) }
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.code == "photo_queue_full")
            #expect(refused.headers[.retryAfter] != nil)
            // A typed code is no upload: it goes through.
            #expect(try await client.scan(code: code, token: token).status == .ok)
            queue.releaseUpload(bytes: queue.uploadBytes)
            let photo = try BesideAPoster.png(poster: "https://example.org/exhibition-tickets", sticker: code)
            #expect(try await client.scan(photo: photo, type: "image/png", token: token).status == .ok)
            #expect(queue.load == (0, 0))
        }
    }
}
