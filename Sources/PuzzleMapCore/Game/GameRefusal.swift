import Foundation

/// Why the game refused what a player asked for. One case per reason a player can act on; the
/// HTTP layer maps each, in one table, to a status, a stable code, a detail and a hint, and the
/// pages show the same words.
public enum GameRefusal: Error, Hashable, Sendable {
    // MARK: Codes

    /// A photo with no readable QR code in it.
    case noCodeFound
    /// Someone else's QR code, a web address, random text.
    case notAPuzzleMapCode
    /// Looks like ours, but forged, altered or mistyped; or it names nothing that exists.
    case invalidCode
    /// A genuine code of another kind (a voucher shown where a checkpoint was expected).
    case wrongCodeKind(expected: TagPurpose, found: TagPurpose)
    /// A genuine code whose sticker has since been reprinted.
    case codeRetired
    /// A genuine sticker of a place the organisers took out of the hunt.
    case placeRetired
    /// More scans, or more failed codes, than anyone needs in a short time.
    case tooManyScans(retryAfter: Int)

    // MARK: Scans

    /// An organiser suspended the player, for `reason`: nothing scores until they reinstate them.
    case accountSuspended(reason: String)

    /// Another player scored with the same (or a near-identical) photo recently.
    case photoAlreadyUsed
    /// An idempotency key sent again with a different request.
    case idempotencyKeyReused
    /// An idempotency key that is empty or longer than a key needs (`length` in UTF-8 bytes).
    case invalidIdempotencyKey(length: Int)
    /// No pending check-in with that id: registered, cancelled or lapsed.
    case checkInNotFound(lifetimeMinutes: Int)

    // MARK: Riddles

    /// Riddles are biased by the quiz, so it comes first.
    case quizRequired
    /// The player holds no such riddle.
    case riddleNotFound
    /// All hints of the riddle are already shown.
    case noHintsLeft
    /// Every unsolved place of the category is closed now and for the opening window.
    case nothingOpen(Category)
    /// An organiser has closed the checkpoint for now; `note` says why.
    case checkpointClosed(note: String)
    /// Every riddle of the category is solved; `remaining` are categories with riddles left.
    case categoryExhausted(Category, remaining: [Category])
    /// No riddle of the difficulty asked for is open in the category now; `available` are the
    /// difficulties that are.
    case difficultyUnavailable(Category, Difficulty, available: [Difficulty])

    /// The refusal for a code that did not verify.
    public init(_ error: TagError) {
        switch error {
        case .notAPuzzleMapCode: self = .notAPuzzleMapCode
        case .invalidSignature, .unknownSubject: self = .invalidCode
        case .wrongPurpose(let expected, let found): self = .wrongCodeKind(expected: expected, found: found)
        case .retired: self = .codeRetired
        }
    }
}
