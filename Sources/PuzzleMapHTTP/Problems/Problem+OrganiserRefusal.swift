import Hummingbird
import PuzzleMapCore

extension Problem {
    /// Why an organiser's request was not carried out, with what to do instead.
    public init(_ refusal: OrganiserRefusal) {
        switch refusal {
        case .organisersOnly:
            self.init(.forbidden, code: .organisersOnly)
        case .unknownCheckpoint(let id):
            self.init(.notFound, code: .unknownCheckpoint, values: ["id": id])
        case .textLength(let max):
            self.init(.unprocessableContent, code: .textLength, values: ["max": "\(max)"])
        case .checkpointNotClosed(let id):
            self.init(.conflict, code: .checkpointNotClosed, values: ["id": id])
        case .unknownContentVersion(let id):
            self.init(.notFound, code: .unknownContentVersion, values: ["id": "\(id)"])
        case .unknownRiddle(let id):
            self.init(.notFound, code: .unknownRiddle, values: ["id": id])
        case .editConflict(let id):
            self.init(.conflict, code: .editConflict, values: ["id": id])
        case .invalidEdit(let problems):
            self.init(.unprocessableContent, code: .invalidEdit, values: ["count": "\(problems.count)", "report": Self.report(problems)])
        case .unknownOffer(let id):
            self.init(.notFound, code: .unknownOffer, values: ["id": id])
        case .nothingToPrint:
            self.init(.notFound, code: .nothingToPrint)
        case .noDraft:
            self.init(.notFound, code: .noDraft)
        case .draftChanged(let savedBy):
            self.init(.conflict, code: .draftChanged, values: ["who": savedBy])
        case .invalidDraft(let problems):
            self.init(.unprocessableContent, code: .invalidDraft, values: ["count": "\(problems.count)", "report": Self.report(problems)])
        case .draftOutdated(let ids):
            self.init(.conflict, code: .draftOutdated, values: ["ids": ids.joined(separator: ", ")])
        case .unknownOpenDay(let id):
            self.init(.notFound, code: .unknownOpenDay, values: ["id": "\(id)"])
        case .invalidContent(let error):
            self.init(.unprocessableContent, code: .invalidContent,
                      values: ["count": "\(error.problems.count)", "report": error.problems.map(\.description).joined(separator: "\n")])
        }
    }

    /// Problems of an edit or a draft, one a line: the field, what is wrong, what to do.
    private static func report(_ problems: [EditProblem]) -> String {
        problems.map { problem in (problem.field.map { "\($0): " } ?? "") + problem.message + " (" + problem.fix + ")" }.joined(separator: "\n")
    }
}
