import Foundation
import PuzzleMapCore
import Yams

/// Reads the organiser's `Campus/` and `Riddles/` folders into a located draft and validates it.
///
/// Every problem in every file is reported at once, with file and line, so an author fixes
/// their content in one pass rather than one error per run.
public struct ContentReader: Sendable {
    public var campusDirectory: String
    public var riddlesDirectory: String

    /// The files `Campus/` must hold.
    public enum CampusFile: String, CaseIterable, Sendable {
        case campus = "campus.yaml"
        case checkpoints = "checkpoints.geojson"
        case quiz = "quiz.yaml"
        case game = "game.yaml"
        case badges = "badges.yaml"
        case offers = "offers.yaml"
    }

    public init(campusDirectory: String, riddlesDirectory: String) {
        self.campusDirectory = campusDirectory
        self.riddlesDirectory = riddlesDirectory
    }

    /// Reads and validates; the content, or every problem found.
    public func load() -> Result<CampusContent, InvalidContentError> {
        read().validated()
    }

    /// Reads every file, collecting what parsed and what did not.
    public func read() -> ContentDraft {
        var draft = ContentDraft()
        for file in CampusFile.allCases {
            let path = joined(campusDirectory, file.rawValue)
            guard let root = parse(path, into: &draft) else { continue }
            var reader = YAMLFieldReader(file: path)
            switch file {
            case .campus: draft.info = readCampusInfo(root, &reader)
            case .checkpoints: draft.checkpoints = readCheckpoints(root, &reader)
            case .quiz: draft.quiz = readQuiz(root, &reader)
            case .game: draft.rules = readGameRules(root, &reader)
            case .badges: draft.badges = readBadges(root, &reader)
            case .offers: (draft.partners, draft.offers) = readOffers(root, &reader)
            }
            draft.problems += reader.problems
        }
        for path in riddleFiles(into: &draft) {
            guard let root = parse(path, into: &draft) else { continue }
            var reader = YAMLFieldReader(file: path)
            draft.riddles += readRiddles(root, &reader)
            draft.problems += reader.problems
        }
        return draft
    }

    // MARK: Files

    private func joined(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// Every `.yaml` / `.yml` file in the riddles folder, sorted so reports are stable.
    private func riddleFiles(into draft: inout ContentDraft) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: riddlesDirectory)
        } catch {
            draft.problems.append(ContentProblem(
                .unreadableFile, at: SourceLocation(file: riddlesDirectory),
                "the riddles folder cannot be read", fix: "Create the folder, or point --riddles at it."
            ))
            return []
        }
        let files = names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
        if files.isEmpty {
            draft.problems.append(ContentProblem(
                .unreadableFile, at: SourceLocation(file: riddlesDirectory),
                "the riddles folder holds no .yaml file", fix: "Write the riddles in Riddles/<category>.yaml."
            ))
        }
        return files.map { joined(riddlesDirectory, $0) }
    }

    /// The file's root node, or a located problem when it cannot be read or parsed.
    private func parse(_ path: String, into draft: inout ContentDraft) -> Node? {
        guard let data = FileManager.default.contents(atPath: path) else {
            draft.problems.append(ContentProblem(
                .unreadableFile, at: SourceLocation(file: path), "the file is missing or cannot be read",
                fix: "Create \(path); see the README's section on campus content."
            ))
            return nil
        }
        guard let text = String(data: data, encoding: .utf8) else {
            draft.problems.append(ContentProblem(
                .unreadableFile, at: SourceLocation(file: path), "the file is not UTF-8 text",
                fix: "Save the file as UTF-8."
            ))
            return nil
        }
        do {
            guard let root = try Yams.compose(yaml: text) else {
                draft.problems.append(ContentProblem(.syntax, at: SourceLocation(file: path, line: 1), "the file is empty", fix: "Write the file's content."))
                return nil
            }
            return root
        } catch let error as YamlError {
            draft.problems.append(Self.syntaxProblem(error, path: path))
            return nil
        } catch {
            draft.problems.append(ContentProblem(.syntax, at: SourceLocation(file: path), "\(error)", fix: "Correct the file's syntax."))
            return nil
        }
    }

    private static func syntaxProblem(_ error: YamlError, path: String) -> ContentProblem {
        let fix = "Correct the syntax at that line (indentation, a missing colon, an unclosed quote or bracket)."
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            // Point at where the unfinished construct opened: that is the line to fix.
            let detail = [context.map { "\($0.text) started here" }, "\(problem) at line \(mark.line)"]
                .compactMap { $0 }.joined(separator: ": ")
            return ContentProblem(.syntax, at: SourceLocation(file: path, line: context?.mark.line ?? mark.line), detail, fix: fix)
        case .duplicatedKeysInMapping(let duplicates, let context):
            return ContentProblem(
                .syntax, at: SourceLocation(file: path, line: context.mark.line),
                "the key(s) \(duplicates.joined(separator: ", ")) appear twice in one mapping",
                fix: "Keep one of each key."
            )
        default:
            return ContentProblem(.syntax, at: SourceLocation(file: path), "\(error)", fix: fix)
        }
    }
}
