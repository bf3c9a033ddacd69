import ArgumentParser
import Foundation
import Logging
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapImaging
import PuzzleMapPrinting
import PuzzleMapStartup

/// `puzzlemap codes`: print the checkpoints' QR codes, or rotate one.
struct Codes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "codes",
        abstract: "Print the checkpoints' QR codes, or rotate a leaked one.",
        subcommands: [PrintCodes.self, RotateCode.self],
        defaultSubcommand: PrintCodes.self
    )
}

/// Opens the service's data exactly as `serve` does, so codes are signed with its key.
private func prepareHunt(content: ContentOptions, service: ServiceOptions) async throws -> (Hunt, ServiceSettings) {
    let configuration = ResolvedConfiguration(content: content, service: service)
    let settings = try configuration.settings
    var logger = configuration.logger(label: "puzzlemap")
    logger.logLevel = max(logger.logLevel, .notice)
    do {
        return (try await HuntStartup.prepare(settings: settings, logger: logger), settings)
    } catch let error as InvalidContentError {
        printError(error.description)
        throw ExitCode.failure
    }
}

struct PrintCodes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "Render the checkpoint codes to stick up: a PDF page each, or PNG/SVG files."
    )

    @OptionGroup var content: ContentOptions
    @OptionGroup var service: ServiceOptions

    @Option(help: "pdf (one file, a page per checkpoint), png or svg (a file per checkpoint).")
    var format: SheetFormat = .pdf

    @Option(help: "a4 or letter.")
    var paper: Paper = .a4

    @Option(name: .customLong("checkpoint"), help: "Only this checkpoint id (repeatable).")
    var checkpointIDs: [String] = []

    @Option(help: "Only checkpoints of this category: lab, lecture or social.")
    var category: Category?

    @Option(help: "The PDF file, or the folder for PNG/SVG files. Default: codes.pdf or ./codes")
    var out: String?

    func run() async throws {
        let (hunt, settings) = try await prepareHunt(content: content, service: service)
        var selected = try await hunt.repository.checkpoints(includingRetired: false)
        let unknown = checkpointIDs.filter { id in !selected.contains { $0.id == id } }
        guard unknown.isEmpty else {
            throw ValidationError("No active checkpoint has the id \(unknown.joined(separator: ", ")).")
        }
        if !checkpointIDs.isEmpty { selected = selected.filter { checkpointIDs.contains($0.id) } }
        if let category { selected = selected.filter { $0.checkpoint.category == category } }

        let signer = TagSigner(secrets: hunt.secrets)
        let sheets = try selected.map { stored in
            let payload = TagPayload(purpose: .checkpoint, subject: UInt64(stored.number), version: stored.tagVersion)
            return try CodeSheet.checkpoint(
                huntTitle: hunt.content.info.title, university: hunt.content.info.university, name: stored.checkpoint.name,
                qrText: signer.qrText(for: payload, baseURL: settings.publicURL), manualCode: signer.manualCode(for: payload), fileStem: stored.id)
        }
        let renderer = CodeSheetRenderer(paper: paper)
        let total = sheets.count
        let progress: (Int) -> Void = { done in printError("\(done)/\(total) codes rendered") }
        let destination: String
        switch format {
        case .pdf:
            destination = out ?? "codes.pdf"
            try renderer.writePDF(sheets, to: destination, progress: progress)
        case .png, .svg:
            destination = out ?? "codes"
            try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
            try format == .png ? renderer.writePNGs(sheets, into: destination, progress: progress)
                : renderer.writeSVGs(sheets, into: destination, progress: progress)
        }
        print("Wrote \(total) checkpoint code(s) to \(destination)")
    }
}

struct RotateCode: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate",
        abstract: "Give a checkpoint a new code version: prints of the old one stop counting."
    )

    @OptionGroup var content: ContentOptions
    @OptionGroup var service: ServiceOptions

    @Argument(help: "The checkpoint's id.")
    var checkpointID: String

    func run() async throws {
        let (hunt, _) = try await prepareHunt(content: content, service: service)
        let rotated = try await hunt.repository.rotateTag(
            checkpointID: checkpointID, audit: .byCommandLine(.codeRotated, subject: "checkpoint:\(checkpointID)", detail: "puzzlemap codes rotate"), at: Date())
        print("Checkpoint \(rotated.id) now has code version \(rotated.tagVersion); print its new code with "
            + "`puzzlemap codes --checkpoint \(rotated.id)` and replace the sticker.")
    }
}

extension SheetFormat: ExpressibleByArgument {}
extension Paper: ExpressibleByArgument {}
extension Category: ExpressibleByArgument {}
