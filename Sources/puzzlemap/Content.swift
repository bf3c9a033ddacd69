import ArgumentParser
import Foundation
import PuzzleMapContent
import PuzzleMapCore

/// `puzzlemap content`: the hunt's content as files.
struct Content: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "content",
        abstract: "The hunt's content as the organiser's files.",
        subcommands: [ExportContent.self]
    )
}

/// `puzzlemap content export --out DIR`: writes the content the service plays as `DIR/Campus/`
/// and `DIR/Riddles/`, the files `check` and `serve` read.
struct ExportContent: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the content the service plays as Campus/ and Riddles/ files under a folder.",
        discussion: "The files read back to the same content (the same fingerprint), in the layout the repository ships."
    )

    @OptionGroup var content: ContentOptions

    @Option(help: "The folder to write Campus/ and Riddles/ into (made when missing).")
    var out: String

    func run() throws {
        let settings = try ResolvedConfiguration(content: content).settings
        let campus: CampusContent
        switch ContentReader(campusDirectory: settings.campusDirectory, riddlesDirectory: settings.riddlesDirectory).load() {
        case .success(let loaded): campus = loaded
        case .failure(let error):
            printError(error.description)
            throw ExitCode.failure
        }
        let folder = URL(filePath: out, directoryHint: .isDirectory)
        try ContentWriter().write(campus, into: folder)
        print("Wrote \(campus.checkpoints.count) checkpoints and \(campus.riddles.count) riddles to \(folder.path) (fingerprint \(campus.fingerprint.prefix(12)))")
    }
}
