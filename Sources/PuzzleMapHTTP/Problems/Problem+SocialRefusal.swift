import Hummingbird
import PuzzleMapCore

extension Problem {
    /// The one table from friends' and blocks' refusals to answers. The pages show the same
    /// `detail` and `hint`.
    public init(_ refusal: SocialRefusal) {
        switch refusal {
        case .playerNotFound:
            self.init(.notFound, code: .playerNotFound, detail: "There is no such player.", hint: "Check the username, or scan their friend code.")
        case .friendRequestNotFound:
            self.init(.notFound, code: .friendRequestNotFound, detail: "There is no such request to you.",
                      hint: "GET /v1/friends/requests lists the requests waiting for you.")
        }
    }
}
