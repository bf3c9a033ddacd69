import Hummingbird
import PuzzleMapCore

extension Problem {
    /// The one table from friends' and blocks' refusals to answers. The pages show the same
    /// `detail` and `hint`.
    public init(_ refusal: SocialRefusal) {
        switch refusal {
        case .playerNotFound:
            self.init(.notFound, code: .playerNotFound)
        case .friendRequestNotFound:
            self.init(.notFound, code: .friendRequestNotFound)
        }
    }
}
