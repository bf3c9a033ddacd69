extension String {
    /// The length the API documents with JSON Schema's `maxLength`: Unicode code points, not
    /// the characters a reader sees ("é" typed as e and an accent is two), so a text the
    /// document calls too long is never kept.
    public var documentedLength: Int { unicodeScalars.count }
}
