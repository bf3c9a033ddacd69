import Foundation

/// The rules a new account must meet, with the university's email domains from configuration.
public struct AccountPolicy: Sendable {
    /// Lower-case domains whose addresses may sign up, e.g. `student.gla.ac.uk`.
    public var emailDomains: [String]

    public static let minimumPasswordLength = 10
    public static let usernameLength = 3...20

    public init(emailDomains: [String]) {
        self.emailDomains = emailDomains.map { $0.lowercased().trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The address as stored: trimmed and lower-cased.
    public static func normalisedEmail(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// Whether the address is well formed and in one of the university's domains (exactly, not
    /// a look-alike such as `gla.ac.uk.example.com`).
    public func allowsEmail(_ email: String) -> Bool {
        let address = Self.normalisedEmail(email)
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !address.contains(where: \.isWhitespace) else { return false }
        return emailDomains.contains(String(parts[1]))
    }

    /// Whether the address has the shape mail can go to, in any domain: one `@` between a
    /// local part and a dotted domain, no spaces, at most 254 characters. Shop staff are
    /// invited at any such address.
    public static func isWellFormedEmail(_ email: String) -> Bool {
        let address = normalisedEmail(email)
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard address.count <= 254, parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
              !address.contains(where: { $0.isWhitespace || $0.isNewline }) else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }

    /// Lower-case letters, digits and underscores, starting with a letter, 3 to 20 long.
    public static func isValidUsername(_ username: String) -> Bool {
        guard usernameLength.contains(username.count), let first = username.first, first.isASCII, first.isLetter, first.isLowercase else {
            return false
        }
        return username.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }
    }

    /// Why a password is too weak, or `nil` when it is acceptable.
    public static func weakness(of password: String, username: String, email: String) -> String? {
        if password.count < minimumPasswordLength {
            return "it has fewer than \(minimumPasswordLength) characters"
        }
        let lowered = password.lowercased()
        if CommonPasswords.list.contains(lowered) {
            return "it is one of the most common passwords"
        }
        if Set(lowered).count <= 2 {
            return "it repeats one or two characters"
        }
        let local = normalisedEmail(email).split(separator: "@").first.map(String.init) ?? ""
        let personal = [username.lowercased(), local].filter { $0.count >= 3 }
        if personal.contains(where: lowered.contains) {
            return "it contains your username or email address"
        }
        return nil
    }
}
