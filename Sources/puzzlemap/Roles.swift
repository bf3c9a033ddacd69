import ArgumentParser
import PuzzleMapContent
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapStorage

/// `puzzlemap staff add|remove` and `puzzlemap admin add`: roles are granted on the command
/// line, by whoever runs the service, never over HTTP.
struct Staff: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "staff",
        abstract: "Make an account staff of a partner shop, or a player again.",
        subcommands: [AddStaff.self, RemoveStaff.self]
    )
}

struct Admin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "admin", abstract: "Make an account an organiser.", subcommands: [AddAdmin.self])
}

/// Sets an existing account's role in the database `serve` uses.
private func setRole(email: String, role: Role, partnerID: String?, content: ContentOptions, service: ServiceOptions) async throws {
    let configuration = ResolvedConfiguration(content: content, service: service)
    let settings = try configuration.settings
    if let partnerID {
        let campus = try ContentReader(campusDirectory: settings.campusDirectory, riddlesDirectory: settings.riddlesDirectory).load().get()
        guard campus.partners.contains(where: { $0.id == partnerID }) else {
            throw ValidationError("No partner has the id '\(partnerID)'; Campus/offers.yaml lists: \(campus.partners.map(\.id).joined(separator: ", ")).")
        }
    }
    do {
        let account = try await configuration.withRepository { repository in
            try await repository.setRole(email: AccountPolicy.normalisedEmail(email), role: role, partnerID: partnerID)
        }
        print("\(account.player.email) is now \(role.rawValue)\(partnerID.map { " of \($0)" } ?? "").")
    } catch StorageError.notFound {
        throw ValidationError("No account has the email \(email); the person signs up in the app first.")
    }
}

struct AddStaff: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Make an account staff of a partner.")
    @OptionGroup var content: ContentOptions
    @OptionGroup var service: ServiceOptions
    @Argument(help: "The account's email address.") var email: String
    @Option(help: "The partner's id in Campus/offers.yaml.") var partner: String

    func run() async throws {
        try await setRole(email: email, role: .staff, partnerID: partner, content: content, service: service)
    }
}

struct RemoveStaff: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Make a staff account a player again.")
    @OptionGroup var content: ContentOptions
    @OptionGroup var service: ServiceOptions
    @Argument(help: "The account's email address.") var email: String

    func run() async throws {
        try await setRole(email: email, role: .player, partnerID: nil, content: content, service: service)
    }
}

struct AddAdmin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Make an account an organiser.")
    @OptionGroup var content: ContentOptions
    @OptionGroup var service: ServiceOptions
    @Argument(help: "The account's email address.") var email: String

    func run() async throws {
        try await setRole(email: email, role: .admin, partnerID: nil, content: content, service: service)
    }
}
