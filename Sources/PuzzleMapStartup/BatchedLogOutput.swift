import Foundation
import Logging
import Synchronization

/// Log lines written to a file descriptor in batches, by a thread of their own: a request that
/// logs a line adds it to memory and goes on, and the lines of the last few milliseconds leave
/// in one `write`. One `write` per line, each with the output's lock held, cost a busy
/// instance about a quarter of what it could serve, and a reader of the output that stalls
/// (a full pipe) would have stalled every request with it.
///
/// Lines leave in the order they were added, at least every ``interval``. A line at `error` or
/// above leaves at once, with everything before it, so the lines that explain a failure are
/// out before whatever comes next. When the output cannot keep up and ``limit`` bytes are
/// waiting, further lines are dropped, and a line says how many. Whatever is waiting when the
/// process exits is written then.
public final class BatchedLogOutput: Sendable {
    /// For the service's text log.
    public static let standardError = BatchedLogOutput(descriptor: STDERR_FILENO)
    /// For the service's JSON log.
    public static let standardOutput = BatchedLogOutput(descriptor: STDOUT_FILENO)

    /// The longest a line waits in memory.
    public static let interval: TimeInterval = 0.02

    private struct Waiting {
        var bytes: [UInt8] = []
        var dropped = 0
        var writerStarted = false
    }

    private let descriptor: Int32
    /// The most bytes kept waiting.
    let limit: Int
    private let waiting = Mutex(Waiting())
    /// Held while a batch is written, so that batches leave in the order they were taken.
    private let writing = Mutex<[UInt8]>([])

    /// Lines to `descriptor`, at most `limit` bytes of them waiting.
    public init(descriptor: Int32, limit: Int = 4 << 20) {
        self.descriptor = descriptor
        self.limit = limit
    }

    /// Adds a whole line (ending in a newline); one at `error` or above is written at once.
    public func write(_ line: some Collection<UInt8>, level: Logger.Level) {
        let startWriter = waiting.withLock { waiting in
            if waiting.bytes.count + line.count > limit {
                waiting.dropped += 1
            } else {
                waiting.bytes.append(contentsOf: line)
            }
            defer { waiting.writerStarted = true }
            return !waiting.writerStarted
        }
        if startWriter { startWriting() }
        settle(after: level)
    }

    /// After a line at `level`: everything waiting is written now if the line is at `error` or
    /// above, else left to the writer thread.
    func settle(after level: Logger.Level) {
        if level >= .error { flush() }
    }

    /// Writes every line added so far.
    public func flush() {
        writing.withLock { batch in
            let dropped = waiting.withLock { waiting in
                swap(&batch, &waiting.bytes)
                defer { waiting.dropped = 0 }
                return waiting.dropped
            }
            if dropped > 0 {
                batch.append(contentsOf: "\(dropped == 1 ? "1 log line was" : "\(dropped) log lines were") dropped: the log's output did not keep up\n".utf8)
            }
            batch.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if written < 0, errno == EINTR { continue }
                    guard written > 0 else { return }
                    offset += written
                }
            }
            batch.removeAll(keepingCapacity: true)
        }
    }

    /// Starts the thread that writes what waits, for as long as this output is in use, and has
    /// what waits written at exit.
    private func startWriting() {
        let thread = Thread { [weak self] in
            while true {
                Thread.sleep(forTimeInterval: Self.interval)
                guard let output = self else { return }
                output.flush()
            }
        }
        thread.name = "log output"
        thread.start()
        Self.flushAtExit.withLock { outputs in
            if outputs.isEmpty { atexit { BatchedLogOutput.flushAtExit.withLock { $0 }.forEach { $0.output?.flush() } } }
            outputs.append(Held(output: self))
        }
    }

    /// An output to flush at exit, if it is still in use then.
    private struct Held: Sendable {
        weak var output: BatchedLogOutput?
    }

    private static let flushAtExit = Mutex<[Held]>([])
}

/// A `TextOutputStream` for swift-log's `StreamLogHandler` that adds each line it is given to a
/// ``BatchedLogOutput``.
struct BatchedTextStream: TextOutputStream, Sendable {
    let output: BatchedLogOutput

    func write(_ string: String) {
        var string = string
        // The stream is not told the level: ``BatchedTextLogHandler`` settles after the line.
        string.withUTF8 { output.write($0, level: .trace) }
    }
}

extension LogSink {
    /// Whole lines to `output`, in batches.
    public static func batched(_ output: BatchedLogOutput) -> LogSink {
        LogSink { line, level in output.write(line, level: level) }
    }
}

/// swift-log's text lines, batched: a line at `error` or above leaves at once with every line
/// before it (the stream itself is not told the level).
public struct BatchedTextLogHandler: LogHandler {
    private var text: StreamLogHandler
    private let output: BatchedLogOutput

    public init(label: String, output: BatchedLogOutput = .standardError) {
        text = StreamLogHandler(label: label, stream: BatchedTextStream(output: output))
        self.output = output
    }

    public var metadata: Logger.Metadata {
        get { text.metadata }
        set { text.metadata = newValue }
    }

    public var logLevel: Logger.Level {
        get { text.logLevel }
        set { text.logLevel = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { text[metadataKey: key] }
        set { text[metadataKey: key] = newValue }
    }

    public func log(event: LogEvent) {
        text.log(event: event)
        output.settle(after: event.level)
    }
}
