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
        case .unknownPartner(let id):
            self.init(.notFound, code: .unknownPartnerShop, values: ["id": id])
        case .unknownBadge(let id):
            self.init(.notFound, code: .unknownBadge, values: ["id": id])
        case .unknownQuestion(let id):
            self.init(.notFound, code: .unknownQuizQuestion, values: ["ids": id], hintVariant: "console")
        case .placeInPlay(let id):
            self.init(.conflict, code: .placeInPlay, values: ["id": id])
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

extension Problem {
    /// The campus plan's refusals: no plan, a plan replaced while it was being pinned, and
    /// pins that cannot place the campus (one code, the detail saying which pin and why).
    public init(_ refusal: CampusPlanRefusal) {
        switch refusal {
        case .noPlan:
            self.init(.notFound, code: .noCampusPlan)
        case .planReplaced(let version):
            self.init(.conflict, code: .campusPlanReplaced, values: ["version": "\(version)"])
        case .pinCount(let count):
            self.init(.unprocessableContent, code: .planPinsUnusable, values: ["count": "\(count)"], detailVariant: "count")
        case .pinOffPicture(let pin, let width, let height):
            self.init(.unprocessableContent, code: .planPinsUnusable, values: ["pin": "\(pin)", "width": "\(width)", "height": "\(height)"], detailVariant: "offPicture")
        case .pinNotOnEarth(let pin):
            self.init(.unprocessableContent, code: .planPinsUnusable, values: ["pin": "\(pin)"], detailVariant: "notOnEarth")
        case .pinWithoutPosition(let pin):
            self.init(.unprocessableContent, code: .planPinsUnusable, values: ["pin": "\(pin)"], detailVariant: "noPosition")
        case .pinsTooClose(let first, let second):
            self.init(.unprocessableContent, code: .planPinsUnusable, values: ["first": "\(first)", "second": "\(second)"], detailVariant: "tooClose")
        case .pinsInLine:
            self.init(.unprocessableContent, code: .planPinsUnusable, detailVariant: "inLine")
        case .pinsMirrored:
            self.init(.unprocessableContent, code: .planPinsUnusable, detailVariant: "mirrored")
        }
    }
}
