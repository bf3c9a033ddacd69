/// Why an organiser's request was not carried out.
public enum OrganiserRefusal: Error, Equatable, Sendable {
    /// The account does not organise the hunt.
    case organisersOnly
}
