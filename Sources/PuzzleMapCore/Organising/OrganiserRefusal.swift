/// Why an organiser's request was not carried out.
public enum OrganiserRefusal: Error, Equatable, Sendable {
    /// The account does not organise the hunt.
    case organisersOnly
    /// No checkpoint in play has this id.
    case unknownCheckpoint(String)
    /// A note or message that is empty or longer than `max` characters.
    case textLength(max: Int)
    /// Reopening a checkpoint that is not closed.
    case checkpointNotClosed(String)
    /// The content files did not pass the checks `puzzlemap check` makes: the running game
    /// keeps the content it has.
    case invalidContent(InvalidContentError)
    /// No published version has this number, or it was published before versions were kept
    /// whole (so it cannot be downloaded or played again).
    case unknownContentVersion(Int64)
}
