import Hummingbird
import PuzzleMapCore

extension Problem {
    /// Why a phone's notices could not be turned on or set.
    public init(_ refusal: PushRefusal) {
        switch refusal {
        case .endpointNotAllowed:
            self.init(.unprocessableContent, code: .pushEndpointNotAllowed)
        case .invalidKeys:
            self.init(.unprocessableContent, code: .invalidPushKeys)
        case .unknownTopic(let topic):
            self.init(.unprocessableContent, code: .unknownPushTopic,
                      values: ["topic": topic, "topics": PushTopic.allCases.map(\.rawValue).joined(separator: ", ")])
        }
    }
}
