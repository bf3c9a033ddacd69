import Hummingbird
import PuzzleMapCore

extension Problem {
    /// Why an organiser's request was not carried out, with what to do instead.
    public init(_ refusal: OrganiserRefusal) {
        switch refusal {
        case .organisersOnly:
            self.init(.forbidden, code: .organisersOnly)
        }
    }
}
