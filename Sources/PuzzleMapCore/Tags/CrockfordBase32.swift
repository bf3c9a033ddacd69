/// Douglas Crockford's base 32: digits and upper-case letters without I, L, O and U, so a code
/// read aloud or typed from a sticker survives the usual confusions (O/0, I/L/1 are read as
/// the digits). Every symbol is legal in a QR code's alphanumeric mode.
public enum CrockfordBase32 {
    public static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
    /// The extra symbols of the check character (values 32...36).
    public static let checkSymbols = Array("*~$=U")

    /// `value` in exactly `width` symbols, most significant first.
    public static func encode(_ value: UInt64, width: Int) -> String {
        String((0..<width).reversed().map { alphabet[Int((value >> (5 * UInt64($0))) & 31)] })
    }

    /// `value` in as few symbols as it needs (at least one).
    public static func encode(_ value: UInt64) -> String {
        var width = 1
        while width < 13, value >> (5 * UInt64(width)) != 0 { width += 1 }
        return encode(value, width: width)
    }

    /// The value of one symbol, reading O as 0 and I or L as 1, in either case.
    public static func value(of symbol: Character) -> UInt64? {
        switch symbol.uppercased() {
        case "O": return 0
        case "I", "L": return 1
        // Some letters upper-case to two ("ß" is "SS"): compared as text, never forced into one Character.
        case let upper: return alphabet.firstIndex { String($0) == upper }.map(UInt64.init)
        }
    }

    /// Decodes symbols (at most 12, so the value fits); `nil` for a symbol outside the alphabet.
    public static func decode(_ text: some StringProtocol) -> UInt64? {
        guard !text.isEmpty, text.count <= 12 else { return nil }
        var value: UInt64 = 0
        for symbol in text {
            guard let digit = self.value(of: symbol) else { return nil }
            value = value << 5 | digit
        }
        return value
    }

    /// The check character: the value modulo 37. Because 37 is prime and shares no factor with
    /// 32 or 31, it changes under every single-symbol substitution and every transposition of
    /// two adjacent symbols.
    public static func checkSymbol(for value: UInt64) -> Character {
        let remainder = Int(value % 37)
        return remainder < 32 ? alphabet[remainder] : checkSymbols[remainder - 32]
    }

    /// The value of a check character, accepting lower case and the usual confusions.
    public static func checkValue(of symbol: Character) -> UInt64? {
        if let index = checkSymbols.firstIndex(of: Character(symbol.uppercased())) { return UInt64(32 + index) }
        return value(of: symbol)
    }
}
