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
    /// The item was changed by another organiser after the form was opened: the edit is not
    /// saved over theirs.
    case editConflict(id: String)
    /// No riddle has this id.
    case unknownRiddle(String)
    /// No freebie (offer) has this id.
    case unknownOffer(String)
    /// No partner (a café or shop giving freebies) has this id.
    case unknownPartner(String)
    /// No badge has this id.
    case unknownBadge(String)
    /// No quiz question has this id.
    case unknownQuestion(String)
    /// Restoring a place the content being edited already has.
    case placeInPlay(String)
    /// Every sticker in play was printed from the console since its place or code last changed.
    case nothingToPrint
    /// There are no unpublished edits to publish or discard.
    case noDraft
    /// The draft was saved again (by the organiser named) after the organiser looked at it:
    /// nothing they have not seen is published.
    case draftChanged(savedBy: String)
    /// `puzzlemap check` refuses the draft as a whole: nothing is published.
    case invalidDraft([EditProblem])
    /// A version published since the draft was started changed items the draft changes too.
    case draftOutdated(ids: [String])
    /// No open day has this id.
    case unknownOpenDay(Int64)
}
