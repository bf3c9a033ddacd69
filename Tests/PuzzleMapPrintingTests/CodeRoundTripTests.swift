import Foundation
import Logging
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapImaging
import PuzzleMapPrinting
import PuzzleMapStartup
import PuzzleMapTestFixtures
import Testing

/// Every checkpoint code of the sample campus, printed and photographed back, verifies; every
/// kind of wrong code is refused with its own answer.
@Suite(.serialized) struct CodeRoundTripTests {
    let hunt: Hunt
    let settings: ServiceSettings
    let output: String

    init() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var settings = ServiceSettings()
        settings.campusDirectory = root.appendingPathComponent("Campus").path
        settings.riddlesDirectory = root.appendingPathComponent("Riddles").path
        output = FileManager.default.temporaryDirectory.appendingPathComponent("puzzlemap-codes-\(UUID().uuidString)").path
        settings.dataDirectory = output + "/data"
        settings.publicURL = "https://hunt.example.ac.uk"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        self.settings = settings
        hunt = try await HuntStartup.prepare(settings: settings, logger: logger)
    }

    func sheets() async throws -> [(StoredCheckpoint, CodeSheet)] {
        let signer = TagSigner(secrets: hunt.secrets)
        return try await hunt.repository.checkpoints(includingRetired: false).map { stored in
            let payload = TagPayload(purpose: .checkpoint, subject: UInt64(stored.number), version: stored.tagVersion)
            return (stored, CodeSheet(
                huntTitle: hunt.content.info.title, name: stored.checkpoint.name,
                matrix: try QREncoder(errorCorrection: .quartile).encode(signer.qrText(for: payload, baseURL: settings.publicURL)),
                manualCode: signer.manualCode(for: payload), caption: "Scan me", fileStem: stored.id
            ))
        }
    }

    func scan(_ path: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try QRScanner().scan(ImageDecoder().decode([UInt8](data)))
    }

    @Test func everyCheckpointCodeRenderedToPNGDecodesAndVerifies() async throws {
        let sheets = try await sheets()
        try CodeSheetRenderer().writePNGs(sheets.map(\.1), into: output)
        let verifier = hunt.codes
        for (stored, sheet) in sheets {
            let codes = try scan("\(output)/\(stored.id).png")
            #expect(codes.count == 1, "\(stored.id)")
            #expect(sheet.matrix.version <= 4, "\(stored.id) needs QR version \(sheet.matrix.version)")
            let found = try await verifier.checkpoint(from: try #require(codes.first))
            #expect(found.id == stored.id)
            #expect(try await verifier.checkpoint(from: sheet.manualCode).id == stored.id)
        }
    }

    @Test func everyPageOfThePDFRasterisedByPdftoppmDecodesAndVerifies() async throws {
        let sheets = try await sheets()
        let pdf = "\(output)/codes.pdf"
        try CodeSheetRenderer().writePDF(sheets.map(\.1), to: pdf)
        let pdftoppm = try await ChildProcess.run(["/usr/bin/pdftoppm", "-r", "72", "-gray", "-png", pdf, "\(output)/page"])
        #expect(pdftoppm.status == 0, "\(pdftoppm.output)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: output).filter { $0.hasPrefix("page-") }.sorted()
        #expect(pages.count == sheets.count)
        let verifier = hunt.codes
        for (page, (stored, _)) in zip(pages, sheets) {
            let code = try #require(try scan("\(output)/\(page)").first, "\(page)")
            #expect(try await verifier.checkpoint(from: code).id == stored.id, "pages keep the campus file's order")
        }
    }

    @Test func theSameContentAndKeyGiveTheSameFile() async throws {
        let sheets = try await sheets().map(\.1)
        try CodeSheetRenderer().writePDF(sheets, to: "\(output)/a.pdf")
        try CodeSheetRenderer().writePDF(sheets, to: "\(output)/b.pdf")
        #expect(FileManager.default.contents(atPath: "\(output)/a.pdf") == FileManager.default.contents(atPath: "\(output)/b.pdf"))
    }

    @Test func wrongCodesAreEachRefusedWithTheirOwnAnswer() async throws {
        let signer = TagSigner(secrets: hunt.secrets)
        let verifier = hunt.codes
        let all = try await hunt.repository.checkpoints(includingRetired: false)
        let (first, second) = (all[0], all[1])
        let genuine = signer.qrText(for: TagPayload(purpose: .checkpoint, subject: UInt64(first.number), version: first.tagVersion),
                                    baseURL: settings.publicURL)

        func refusal(of text: String) async -> GameRefusal? {
            do { _ = try await verifier.checkpoint(from: text); return nil } catch { return error as? GameRefusal }
        }
        var tampered = genuine
        tampered.replaceSubrange(tampered.index(before: tampered.endIndex)..., with: genuine.hasSuffix("0") ? "1" : "0")
        #expect(await refusal(of: tampered) == .invalidCode)
        let swapped = genuine.replacingOccurrences(of: "/C/\(CrockfordBase32.encode(UInt64(first.number))).",
                                                   with: "/C/\(CrockfordBase32.encode(UInt64(second.number))).")
        #expect(await refusal(of: swapped) == .invalidCode)
        let voucher = signer.qrText(for: TagPayload(purpose: .voucher, subject: UInt64(first.number), version: 1), baseURL: settings.publicURL)
        #expect(await refusal(of: voucher) == .wrongCodeKind(expected: .checkpoint, found: .voucher))
        #expect(await refusal(of: "https://www.gla.ac.uk/") == .notAPuzzleMapCode)

        _ = try await hunt.repository.rotateTag(checkpointID: first.id, audit: .byCommandLine(.codeRotated, subject: "checkpoint", detail: "test"), at: Date())
        #expect(await refusal(of: genuine) == .codeRetired)
    }
}
