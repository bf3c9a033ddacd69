import Foundation

/// A player's pending verification code as stored: its hash, when it lapses and how many
/// wrong codes were tried against it.
public struct PendingVerification: Hashable, Sendable {
    public var codeHash: String
    public var expiresAt: Date
    public var failedAttempts: Int

    public init(codeHash: String, expiresAt: Date, failedAttempts: Int) {
        self.codeHash = codeHash
        self.expiresAt = expiresAt
        self.failedAttempts = failedAttempts
    }

    /// What presenting the code with `codeHash` at `date` does. Once `maxAttempts` wrong codes
    /// were counted, even the right one is refused: a new code must be asked for.
    public func verdict(for codeHash: String, maxAttempts: Int, at date: Date) -> VerificationVerdict {
        guard expiresAt > date, failedAttempts < maxAttempts else { return .refused }
        return codeHash == self.codeHash ? .verified : .wrongCode
    }
}

/// What a presented verification code does, and so what the store writes.
public enum VerificationVerdict: Hashable, Sendable {
    /// The right code in time: the address is verified and the code spent.
    case verified
    /// A wrong code: one more failed attempt is counted.
    case wrongCode
    /// The code lapsed or its attempts are spent: nothing changes.
    case refused
}
