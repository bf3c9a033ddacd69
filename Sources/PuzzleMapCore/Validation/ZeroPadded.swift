extension BinaryInteger {
    /// The number in decimal with zeros in front up to `width` characters, as
    /// `String(format: "%02d")` writes it, without parsing a format at run time: clock times,
    /// dates and the request log's durations are written on every request.
    public func zeroPadded(to width: Int) -> String {
        let digits = String(magnitude)
        let sign = self < 0 ? "-" : ""
        let zeros = max(0, width - sign.count - digits.count)
        return sign + String(repeating: "0", count: zeros) + digits
    }
}
