import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawnp` and waited for with `waitpid`.
///
/// Not Foundation's `Process`: on Linux its `waitUntilExit()` can wait forever when it is
/// called off the main thread while another child of the process runs, which is exactly how
/// these tests run (in parallel, with stand-in instances and nginx alive around short tools).
/// Output goes to a file rather than a pipe, so no reader waits for an end of file that a
/// long-lived child, holding an inherited descriptor, would never give.
final class ChildProcess {
    let pid: pid_t
    /// How it ended, once it has and has been waited for.
    private(set) var exitStatus: Int32?

    private init(pid: pid_t) {
        self.pid = pid
    }

    /// Starts `arguments[0]` from the `PATH` with no input and its standard output and error
    /// written to the file `output` (or thrown away).
    static func start(_ arguments: [String], environment: [String: String] = [:], output: String? = nil) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        let variables = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        // A child inherits the spawning thread's blocked signals, and the test runner's threads
        // block SIGTERM: unblock everything, and give the signals used here their defaults.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGQUIT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var pid = pid_t()
        let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard result == 0 else { throw ToolFailure(tool: arguments[0], output: String(cString: strerror(result))) }
        return ChildProcess(pid: pid)
    }

    /// Waits for the child to end: its exit status, or 128 plus the signal that ended it.
    @discardableResult
    func wait() -> Int32 {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        return ended(status)
    }

    /// Whether the child has ended, without waiting for it.
    func hasEnded() -> Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return false }
        ended(status)
        return true
    }

    /// Asks the child to end (SIGTERM), unless it has, and waits for it.
    func stop() {
        if !hasEnded() { kill(pid, SIGTERM) }
        wait()
    }

    @discardableResult
    private func ended(_ status: Int32) -> Int32 {
        // WIFEXITED and WEXITSTATUS are macros, which Swift does not import.
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        exitStatus = code
        return code
    }
}
