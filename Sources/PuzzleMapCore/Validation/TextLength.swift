extension String {
    /// The length the API documents with JSON Schema's `maxLength`: Unicode code points, not
    /// the characters a reader sees ("é" typed as e and an accent is two), so a text the
    /// document calls too long is never kept.
    public var documentedLength: Int { unicodeScalars.count }
}

extension String {
    /// The text trimmed of surrounding white space, or nil when nothing is left or the text as
    /// sent is longer than `maxLength`: the documented limit is on what is sent, so padding
    /// cannot carry a text past it.
    public func trimmed(maxLength: Int) -> String? {
        let trimmed = trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty || documentedLength > maxLength ? nil : trimmed
    }
}
