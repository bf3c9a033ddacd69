import Hummingbird
import PuzzleMapCore

extension Problem {
    /// The one table from crews' refusals to answers. The pages show the same `detail` and `hint`.
    public init(_ refusal: CrewRefusal) {
        switch refusal {
        case .alreadyInCrew:
            self.init(.conflict, code: .alreadyInCrew)
        case .crewFull(let max):
            self.init(.conflict, code: .crewFull, values: ["max": "\(max)"])
        case .notInCrew:
            self.init(.notFound, code: .notInCrew)
        case .crewNotFound:
            self.init(.notFound, code: .crewNotFound)
        case .notCrewLeader:
            self.init(.forbidden, code: .notCrewLeader)
        case .invalidCrewName(let max):
            self.init(.unprocessableContent, code: .invalidCrewName, values: ["max": "\(max)"])
        case .crewTooSmall:
            self.init(.conflict, code: .crewTooSmall)
        case .crewRiddleNotFound:
            self.init(.notFound, code: .crewRiddleNotFound)
        case .inviteeNotFriend:
            self.init(.forbidden, code: .inviteeNotFriend)
        case .alreadyCrewMember:
            self.init(.conflict, code: .alreadyCrewMember)
        case .crewInvitationNotFound:
            self.init(.notFound, code: .crewInvitationNotFound)
        }
    }
}
