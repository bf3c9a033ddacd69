import Foundation
import Subprocess
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// A child process for a test (a `puzzlemap` service or command, a tool, nginx, a stand-in),
/// started with swift-subprocess, whose exit a task awaits: the tests' threads
/// are never blocked waiting for one (they are the whole test run's, shared by every suite),
/// and it starts without Foundation's `Process` (whose Linux `waitUntilExit()` can wait forever
/// off the main thread while another child runs, and whose start can crash: see the service's
/// `MailDelivery.send`). swift-subprocess also gives the child the signal mask and
/// dispositions the test runner's threads changed back. Output goes to a file rather than a
/// pipe, so no reader waits for an end of file that a long-lived child, holding an inherited
/// descriptor, would never give.
public final class ChildProcess: Sendable {
    public let pid: pid_t
    /// Its exit status, or 128 plus the signal that ended it, once it has ended.
    private let ending: Task<Int32, any Error>

    private init(pid: pid_t, ending: Task<Int32, any Error>) {
        (self.pid, self.ending) = (pid, ending)
    }

    /// Why a child could not be started.
    public struct StartFailure: Error, CustomStringConvertible {
        public var command: String
        public var reason: String
        public var description: String { "\(command) did not start: \(reason)" }
    }

    /// Starts `arguments[0]` (from the `PATH` unless it is a path) in `directory` with no input
    /// and its standard output and error written to the file `output` (or thrown away), in this
    /// process's environment changed by `environment` (a nil value removes a variable).
    public static func start(_ arguments: [String], environment: [String: String?] = [:], in directory: String? = nil,
                             output: String? = nil) async throws -> ChildProcess {
        let written = try FileDescriptor.open(FilePath(output ?? "/dev/null"), .writeOnly, options: [.create, .truncate, .closeOnExec],
                                              permissions: [.ownerReadWrite])
        let variables = Dictionary(uniqueKeysWithValues: environment.compactMap { name, value in
            Environment.Key(rawValue: name).map { ($0, value) }
        })
        let (started, starting) = AsyncStream<pid_t>.makeStream()
        let ending = Task {
            defer { starting.finish() }
            let executable: Executable = arguments[0].contains("/") ? .path(FilePath(arguments[0])) : .name(arguments[0])
            let run = try await Subprocess.run(
                executable, arguments: Arguments(Array(arguments.dropFirst())), environment: .inherit.updating(variables),
                workingDirectory: directory.map { FilePath($0) }, input: .none,
                output: .fileDescriptor(written, closeAfterSpawningProcess: true), error: .combinedWithOutput
            ) { execution in
                starting.yield(execution.processIdentifier.value)
            }
            switch run.terminationStatus {
            case .exited(let code): return code
            case .signaled(let signal): return 128 + signal
            }
        }
        var pids = started.makeAsyncIterator()
        guard let pid = await pids.next() else {
            do { _ = try await ending.value } catch { throw StartFailure(command: arguments[0], reason: "\(error)") }
            throw StartFailure(command: arguments[0], reason: "it ended before it began")
        }
        return ChildProcess(pid: pid, ending: ending)
    }

    /// Runs `arguments` (as ``start(_:environment:in:output:)`` does) to completion: its exit
    /// status, or 128 plus the signal that ended it, and everything it printed, standard error
    /// included.
    public static func run(_ arguments: [String], environment: [String: String?] = [:],
                           in directory: String? = nil) async throws -> (status: Int32, output: String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("puzzlemap-child-output-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let status = try await start(arguments, environment: environment, in: directory, output: output).wait()
        return (status, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
    }

    /// Waits for the child to end: its exit status, or 128 plus the signal that ended it.
    @discardableResult
    public func wait() async -> Int32 {
        (try? await ending.value) ?? -1
    }

    /// Whether the child has ended, as the kernel says (gone, or a zombie not yet reaped).
    public func hasEnded() -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let state = stat.split(separator: ")").last?.split(separator: " ").first
        else { return true }
        return state == "Z"
    }

    /// Asks the child to end (SIGTERM), unless it has, and waits for it.
    public func stop() async {
        terminate()
        await wait()
    }

    /// Asks the child to end (SIGTERM), unless it has, without waiting: the task awaiting it
    /// reaps it.
    public func terminate() {
        if !hasEnded() { kill(pid, SIGTERM) }
    }
}
