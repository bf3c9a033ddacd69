import Foundation
import Logging
import PuzzleMapStartup
import Testing

/// The service's log lines leave in batches, in order, and none waits long.
@Suite struct BatchedLogOutputTests {
    /// A pipe whose reading end never blocks: what is in it now.
    final class Pipe: Sendable {
        let reading: Int32, writing: Int32

        init() {
            var ends: [Int32] = [0, 0]
            precondition(pipe(&ends) == 0)
            (reading, writing) = (ends[0], ends[1])
            _ = fcntl(reading, F_SETFL, fcntl(reading, F_GETFL) | O_NONBLOCK)
        }

        deinit {
            close(reading)
            close(writing)
        }

        var available: String {
            var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 65_536)
            while case let count = read(reading, &buffer, buffer.count), count > 0 { bytes += buffer[..<count] }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// What has arrived once something has, or `seconds` have passed. Looked at once more
        /// after the deadline: on a busy machine this task may wake long after it.
        func waited(seconds: Double) async throws -> String {
            let deadline = Date() + seconds
            while true {
                let text = available
                if !text.isEmpty || Date() >= deadline { return text }
                try await Task.sleep(for: .milliseconds(5))
            }
        }
    }

    @Test func linesWaitUntilFlushedThenLeaveTogetherInOrder() {
        let pipe = Pipe()
        let output = BatchedLogOutput(descriptor: pipe.writing)
        output.write(Array("one\n".utf8), level: .info)
        output.write(Array("two\n".utf8), level: .warning)
        output.flush()
        #expect(pipe.available == "one\ntwo\n")
        output.flush()
        #expect(pipe.available == "")
    }

    @Test func linesLeaveOnTheirOwnWithinMoments() async throws {
        let pipe = Pipe()
        let output = BatchedLogOutput(descriptor: pipe.writing)
        output.write(Array("Request answered\n".utf8), level: .info)
        #expect(try await pipe.waited(seconds: 30) == "Request answered\n")
    }

    @Test func anErrorLeavesAtOnceWithTheLinesBeforeIt() {
        let pipe = Pipe()
        let output = BatchedLogOutput(descriptor: pipe.writing)
        output.write(Array("before\n".utf8), level: .info)
        output.write(Array("failed\n".utf8), level: .error)
        // No wait: written by the call itself (the writer thread may have taken the first line).
        #expect(pipe.available == "before\nfailed\n")
    }

    @Test func linesPastTheLimitAreDroppedAndCounted() {
        let pipe = Pipe()
        let output = BatchedLogOutput(descriptor: pipe.writing, limit: 10)
        output.write(Array("longer than ten\n".utf8), level: .info)
        output.write(Array("kept\n".utf8), level: .info)
        output.write(Array("past it too\n".utf8), level: .info)
        output.flush()
        #expect(pipe.available == "kept\n2 log lines were dropped: the log's output did not keep up\n")
        output.write(Array("longer than ten\n".utf8), level: .info)
        output.flush()
        #expect(pipe.available == "1 log line was dropped: the log's output did not keep up\n")
    }

    @Test func theTextHandlerWritesSwiftLogsLinesAndFlushesErrors() {
        let pipe = Pipe()
        let output = BatchedLogOutput(descriptor: pipe.writing)
        var logger = Logger(label: "puzzlemap") { BatchedTextLogHandler(label: $0, output: output) }
        logger[metadataKey: "request_id"] = "r1"
        logger.info("Request answered", metadata: ["status": "200"])
        logger.error("Database unreachable")
        let lines = pipe.available.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("info puzzlemap: request_id=r1 status=200 [PuzzleMapHTTPTests] Request answered") == true)
        #expect(lines.last?.contains("error puzzlemap: request_id=r1 [PuzzleMapHTTPTests] Database unreachable") == true)
    }

    @Test func theJSONHandlerFlushesErrorsToo() {
        let pipe = Pipe()
        let output = BatchedLogOutput(descriptor: pipe.writing)
        let logger = Logger(label: "puzzlemap") { JSONLogHandler(label: $0, sink: .batched(output)) }
        logger.info("Request answered")
        logger.critical("Out of disk")
        let lines = pipe.available.split(separator: "\n")
        #expect(lines.count == 2 && lines.last?.contains(#""message":"Out of disk""#) == true)
    }
}
