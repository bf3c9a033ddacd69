/// What a signed code is for. The purpose is part of what is signed, so a code of one kind can
/// never pass for another.
public enum TagPurpose: String, CaseIterable, Sendable, Codable {
    /// Stuck up at a checkpoint; photographed by players.
    case checkpoint = "C"
    /// Shown on a player's phone to make friends.
    case friend = "F"
    /// A freebie voucher, shown to shop staff.
    case voucher = "V"
    /// A crew's join code, shown on a member's phone.
    case crew = "K"

    /// How many base-32 symbols the subject takes in a manual code.
    var manualSubjectWidth: Int {
        switch self {
        case .checkpoint: 2   // 1 024 checkpoints
        case .friend: 4       // a million players
        case .voucher: 5      // 33 million vouchers
        case .crew: 3         // 32 768 crews
        }
    }

    public var noun: String {
        switch self {
        case .checkpoint: "checkpoint code"
        case .friend: "friend code"
        case .voucher: "voucher code"
        case .crew: "crew code"
        }
    }
}

/// The signed facts a code carries: what it is for, whom or what it names, and its version.
public struct TagPayload: Hashable, Sendable {
    public var purpose: TagPurpose
    /// The checkpoint's number, the player's or the voucher's id.
    public var subject: UInt64
    /// Bumped to invalidate older prints (a checkpoint code leaked to a group chat). Codes
    /// carry it modulo 32 (one symbol): a print 32 rotations old would count again.
    public var version: Int

    public init(purpose: TagPurpose, subject: UInt64, version: Int) {
        self.purpose = purpose
        self.subject = subject
        self.version = version
    }

    /// Whether the code was made for the subject's `current` version.
    public func isCurrent(_ current: Int) -> Bool { version % 32 == current % 32 }
}

/// Why a code was refused. Each case maps to its own answer to the player.
public enum TagError: Error, Equatable, Sendable {
    /// Not something Puzzle Map printed: another app's QR, a web address, random text.
    case notAPuzzleMapCode
    /// Looks like ours, but the signature does not match: forged, altered or mistyped.
    case invalidSignature
    /// A genuine code of another kind (a voucher shown where a checkpoint was expected).
    case wrongPurpose(expected: TagPurpose, found: TagPurpose)
    /// A genuine code whose version has since been rotated.
    case retired(current: Int, presented: Int)
    /// A genuine code naming something that no longer exists.
    case unknownSubject
}
