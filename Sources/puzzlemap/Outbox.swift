import ArgumentParser
import Foundation
import PuzzleMapStorage

/// `puzzlemap outbox`: the mail the service queued, newest first, with delivery state.
struct Outbox: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "outbox", abstract: "List queued and delivered mail (verification codes, password resets).")

    @OptionGroup var service: ServiceOptions

    @Option(help: "How many mails to show.")
    var limit = 20

    func run() async throws {
        let mails = try await ResolvedConfiguration(content: nil, service: service).withRepository { repository in
            try await repository.allMail(limit: limit)
        }
        if mails.isEmpty { print("The outbox is empty.") }
        for mail in mails {
            let state = mail.sentAt.map { "sent \($0.formatted(.iso8601))" }
                ?? "pending after \(mail.attempts) attempt(s)\(mail.lastError.map { ": \($0)" } ?? "")"
            print("""
                #\(mail.id) to \(mail.recipient), queued \(mail.createdAt.formatted(.iso8601)), \(state)
                Subject: \(mail.subject)

                \(mail.body)
                ----
                """)
        }
    }
}
