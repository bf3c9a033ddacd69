/// Where in the organiser's files something was written: a file, and a line or a GeoJSON feature.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Path as the organiser knows it, e.g. `Campus/checkpoints.geojson`.
    public var file: String
    /// 1-based line, when known.
    public var line: Int?
    /// 0-based index in a GeoJSON feature collection, when it applies.
    public var featureIndex: Int?

    public init(file: String, line: Int? = nil, featureIndex: Int? = nil) {
        self.file = file
        self.line = line
        self.featureIndex = featureIndex
    }

    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        if let featureIndex { text += " (feature \(featureIndex))" }
        return text
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line ?? 0, lhs.featureIndex ?? 0) < (rhs.file, rhs.line ?? 0, rhs.featureIndex ?? 0)
    }
}

/// A value read from the organiser's files, with where it was written and where each field was.
public struct Located<Value: Sendable>: Sendable {
    public var value: Value
    public var location: SourceLocation
    /// Line of each field that was present, keyed by the field's name in the file.
    public var fieldLines: [String: Int]

    public init(_ value: Value, at location: SourceLocation, fieldLines: [String: Int] = [:]) {
        self.value = value
        self.location = location
        self.fieldLines = fieldLines
    }

    /// The location of one field, or of the whole value when the field's line is not known.
    public func location(of field: String) -> SourceLocation {
        var location = location
        if let line = fieldLines[field] { location.line = line }
        return location
    }
}
