import Crypto
import Foundation

/// Signs and verifies the codes Puzzle Map prints and shows: checkpoint stickers, friend codes
/// and vouchers.
///
/// A QR code holds an upper-case link, `<PUBLIC URL>/C/<subject>.<version>.<mac>`, so that
/// it stays in QR alphanumeric mode (version 3 or 4 at error correction Q for a short host)
/// and a phone's own camera opens the hunt. The MAC is HMAC-SHA256 over the purpose, subject
/// and version, truncated to 65 bits. The manual code printed beneath, for a torn sticker or
/// a player who cannot use the camera, is ten or more Crockford base-32 symbols: subject,
/// version, a 30-bit MAC and a check character; the rate limit on failed manual codes makes
/// guessing hopeless long before 2^30 tries.
public struct TagSigner: Sendable {
    /// Symbols of MAC in a QR payload: 13 x 5 = 65 bits.
    public static let qrMACSymbols = 13
    /// Symbols of MAC in a manual code: 6 x 5 = 30 bits.
    public static let manualMACSymbols = 6

    private let keyData: Data

    public init(secrets: ServiceSecrets) {
        keyData = secrets.tagKeyData
    }

    // MARK: Signing

    /// The text a QR code holds: an upper-case link under `baseURL`.
    public func qrText(for payload: TagPayload, baseURL: String) -> String {
        var base = baseURL.uppercased()
        while base.hasSuffix("/") { base.removeLast() }
        return "\(base)/\(payload.purpose.rawValue)/\(token(for: payload))"
    }

    /// `<subject>.<version>.<mac>`, the part of the link after the purpose.
    public func token(for payload: TagPayload) -> String {
        let mac = macSymbols(for: payload, count: Self.qrMACSymbols)
        return "\(CrockfordBase32.encode(payload.subject)).\(CrockfordBase32.encode(UInt64(payload.version % 32))).\(mac)"
    }

    /// The code to type by hand, grouped for reading: `1F2-ABC-DEF-G`.
    public func manualCode(for payload: TagPayload) -> String {
        let body = CrockfordBase32.encode(payload.subject, width: payload.purpose.manualSubjectWidth)
            + CrockfordBase32.encode(UInt64(payload.version % 32), width: 1)
            + macSymbols(for: payload, count: Self.manualMACSymbols)
        let check = CrockfordBase32.checkSymbol(for: Self.checkValue(of: body))
        return Self.grouped(body + String(check))
    }

    // MARK: Verifying

    /// Reads a code as scanned or typed, whatever its kind, and checks its signature.
    /// Whether its version is current is the caller's to decide (it knows the subject).
    public func verify(_ text: String) throws(TagError) -> TagPayload {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let payload = try parseLink(trimmed) { return payload }
        if let payload = try parseManual(trimmed) { return payload }
        throw .notAPuzzleMapCode
    }

    /// As ``verify(_:)``, and also that the code is of the expected kind.
    public func verify(_ text: String, expecting purpose: TagPurpose) throws(TagError) -> TagPayload {
        let payload = try verify(text)
        guard payload.purpose == purpose else { throw .wrongPurpose(expected: purpose, found: payload.purpose) }
        return payload
    }

    /// `.../C/<subject>.<version>.<mac>` in any case, under any host: a change of public URL
    /// must not void the stickers already on the walls.
    private func parseLink(_ text: String) throws(TagError) -> TagPayload? {
        let parts = text.uppercased().split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, let purpose = TagPurpose(rawValue: String(parts[parts.count - 2])) else { return nil }
        let fields = parts[parts.count - 1].split(separator: ".", omittingEmptySubsequences: false)
        guard fields.count == 3,
              fields[2].count == Self.qrMACSymbols,
              let subject = CrockfordBase32.decode(fields[0]), let version = CrockfordBase32.decode(fields[1])
        else { return nil }
        let payload = TagPayload(purpose: purpose, subject: subject, version: Int(version))
        guard Self.constantTimeEqual(macSymbols(for: payload, count: Self.qrMACSymbols), String(fields[2])) else {
            throw .invalidSignature
        }
        return payload
    }

    /// A manual code: its length says its kind, its check character catches typos before the
    /// MAC is even computed.
    private func parseManual(_ text: String) throws(TagError) -> TagPayload? {
        let symbols = String(text.uppercased().filter { !$0.isWhitespace && $0 != "-" })
        guard symbols.allSatisfy({ CrockfordBase32.checkValue(of: $0) != nil }),
              let purpose = TagPurpose.allCases.first(where: { $0.manualSubjectWidth + 1 + Self.manualMACSymbols + 1 == symbols.count })
        else { return nil }
        let body = symbols.dropLast()
        guard let check = CrockfordBase32.checkValue(of: symbols.last!), body.allSatisfy({ CrockfordBase32.value(of: $0) != nil }) else {
            return nil
        }
        guard check == Self.checkValue(of: String(body)) % 37 else { throw .invalidSignature }
        let width = purpose.manualSubjectWidth
        let subject = CrockfordBase32.decode(body.prefix(width))!
        let version = CrockfordBase32.decode(body.dropFirst(width).prefix(1))!
        let mac = body.suffix(Self.manualMACSymbols)
        // The manual code keeps the version modulo 32; the caller compares it that way too.
        let payload = TagPayload(purpose: purpose, subject: subject, version: Int(version))
        guard Self.constantTimeEqual(macSymbols(for: payload, count: Self.manualMACSymbols), canonical(mac)) else {
            throw .invalidSignature
        }
        return payload
    }

    // MARK: The MAC

    private func macSymbols(for payload: TagPayload, count: Int) -> String {
        let message = "puzzlemap/tag/v1|\(payload.purpose.rawValue)|\(payload.subject)|\(payload.version % 32)"
        let mac = HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: SymmetricKey(data: keyData))
        let bytes = Array(mac)
        // The first 65 bits of the MAC, as 13 symbols; shorter codes take a prefix.
        var bits = bytes.prefix(9).reduce(into: [Bool]()) { bits, byte in
            for shift in (0..<8).reversed() { bits.append(byte >> UInt8(shift) & 1 == 1) }
        }
        bits = Array(bits.prefix(count * 5))
        return String(stride(from: 0, to: bits.count, by: 5).map { start in
            CrockfordBase32.alphabet[bits[start..<start + 5].reduce(0) { $0 << 1 | ($1 ? 1 : 0) }]
        })
    }

    private func canonical(_ symbols: some StringProtocol) -> String {
        String(symbols.map { CrockfordBase32.alphabet[Int(CrockfordBase32.value(of: $0)!)] })
    }

    /// The check character's input: the body's symbols as one big number, modulo 37 as we go.
    static func checkValue(of body: String) -> UInt64 {
        body.reduce(UInt64(0)) { ($0 * 32 + CrockfordBase32.value(of: $1)!) % 37 }
    }

    static func grouped(_ code: String) -> String {
        stride(from: 0, to: code.count, by: 4).map { start in
            let from = code.index(code.startIndex, offsetBy: start)
            return String(code[from..<(code.index(from, offsetBy: 4, limitedBy: code.endIndex) ?? code.endIndex)])
        }.joined(separator: "-")
    }

    private static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8), b = Array(rhs.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
