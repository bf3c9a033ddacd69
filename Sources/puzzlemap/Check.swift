import ArgumentParser
import PuzzleMapContent
import PuzzleMapCore

/// `puzzlemap check`: validates the organiser's files and reports every problem at once.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate Campus/ and Riddles/, reporting every problem with its file and line."
    )

    @OptionGroup var content: ContentOptions

    func run() throws {
        let settings = try ResolvedConfiguration(content: content).settings
        switch ContentReader(campusDirectory: settings.campusDirectory, riddlesDirectory: settings.riddlesDirectory).load() {
        case .success(let campus):
            print(Self.summary(of: campus))
        case .failure(let error):
            printError(error.description)
            throw ExitCode.failure
        }
    }

    static func summary(of campus: CampusContent) -> String {
        let perCategory = Category.allCases.map { category in
            "\(campus.checkpoints.filter { $0.category == category }.count) \(category.rawValue)"
        }.joined(separator: ", ")
        return """
            OK: \(campus.info.title) (\(campus.info.university))
              \(campus.checkpoints.count) checkpoints (\(perCategory)), \(campus.riddles.count) riddles
              \(campus.quiz.count) quiz questions, \(campus.badges.count) badges, \
            \(campus.offers.count) offers from \(campus.partners.count) partners
            """
    }
}

func printError(_ text: String) {
    var standardError = StandardError()
    print(text, to: &standardError)
}

private struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}

import Foundation
