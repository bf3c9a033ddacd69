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
    /// An edit `puzzlemap check` refuses: each problem beside its field. Nothing is published.
    case invalidEdit([EditProblem])
    /// The item was changed by another organiser in a version published after the one the edit
    /// started from: the edit is not saved over theirs (the newest version's number is given).
    case editConflict(id: String, newest: Int64)
    /// No riddle has this id.
    case unknownRiddle(String)
}
