import ArgumentParser

/// `puzzlemap`: the one executable. Each subcommand is a thin shell over the library targets.
@main
struct PuzzleMapCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "puzzlemap",
        abstract: "Run a campus riddle hunt and manage its content.",
        subcommands: [Serve.self, Check.self, Codes.self, Decode.self, Outbox.self, Staff.self, Admin.self, Stats.self, Reports.self, Backup.self, Restore.self, Simulate.self, Content.self],
        defaultSubcommand: nil
    )
}
