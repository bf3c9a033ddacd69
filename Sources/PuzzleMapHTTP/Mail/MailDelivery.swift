import Foundation
import Logging
import PuzzleMapCore
import PuzzleMapStorage
import ServiceLifecycle
import Subprocess
import SystemPackage

/// Delivers the outbox. Mail is written to the outbox in the same transaction as what caused it
/// (a sign-up, a reset), so nothing is lost when delivery fails: it is retried with a growing
/// delay. With no sendmail command configured, each mail is noted in the log (without its
/// body, which holds codes) and `puzzlemap outbox` shows it in full.
public struct MailDelivery: Service {
    let repository: any HuntRepository
    let sendmailCommand: String?
    let logger: Logger
    let now: @Sendable () -> Date
    var pollInterval: Duration = .seconds(5)

    public init(services: HuntServices, sendmailCommand: String?, logger: Logger) {
        repository = services.repository
        self.sendmailCommand = sendmailCommand
        self.logger = logger
        now = services.now
    }

    public func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                try await deliverPending()
            } catch {
                logger.error("Mail delivery pass failed", metadata: ["error": "\(error)"])
            }
            // Shutdown must not wait out the pause.
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: pollInterval) }
        }
    }

    /// One pass over the mail that is due.
    public func deliverPending() async throws {
        for mail in try await repository.pendingMail(limit: 50, at: now()) {
            guard let sendmailCommand else {
                logger.notice("Mail not sent: no sendmail command is configured; `puzzlemap outbox` shows it", metadata: [
                    "to": "\(mail.recipient)", "subject": "\(mail.subject)",
                ])
                try await repository.markMailSent(id: mail.id, at: now())
                continue
            }
            do {
                try await Self.send(mail, with: sendmailCommand)
                try await repository.markMailSent(id: mail.id, at: now())
            } catch {
                let delay = min(3600.0, 30 * pow(2, Double(mail.attempts)))
                logger.warning("Mail delivery failed; will retry", metadata: [
                    "to": "\(mail.recipient)", "attempt": "\(mail.attempts + 1)", "error": "\(error)",
                ])
                try await repository.markMailFailed(id: mail.id, error: "\(error)", retryAt: now() + delay)
            }
        }
    }

    struct SendmailFailed: Error, CustomStringConvertible {
        var status: Int32
        var description: String { "the sendmail command exited with status \(status)" }
    }

    /// Pipes an RFC 5322 message into the command (`sendmail -t` reads the recipient from it).
    static func send(_ mail: OutgoingMail, with command: String) async throws {
        let message = """
            To: \(mail.recipient)
            Subject: \(mail.subject)
            Content-Type: text/plain; charset=utf-8

            \(mail.body)

            """
        // The message reaches the command's standard input from a private temporary file rather
        // than a pipe: a command that exits without reading cannot raise SIGPIPE in the service.
        // Subprocess starts it without walking /proc/self/fd as Foundation's Process does on
        // Linux (swift-corelibs-foundation#5472: that walk can read past its buffer and crash
        // the service, likelier the more connections it holds open).
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("puzzlemap-mail-\(UUID().uuidString)").path
        guard FileManager.default.createFile(atPath: file, contents: Data(message.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw SendmailFailed(status: -1)
        }
        defer { try? FileManager.default.removeItem(atPath: file) }
        let input = try FileDescriptor.open(FilePath(file), .readOnly, options: .closeOnExec)
        let run = try await Subprocess.run(.path("/bin/sh"), arguments: ["-c", command],
                                           input: .fileDescriptor(input, closeAfterSpawningProcess: true), output: .discarded,
                                           error: .currentStandardError)
        switch run.terminationStatus {
        case .exited(0): return
        case .exited(let status), .signaled(let status): throw SendmailFailed(status: status)
        }
    }
}
