import Foundation

/// Where the phone said it was when the photo was taken.
public struct ReportedLocation: Sendable, Hashable {
    public var coordinate: Coordinate
    public var accuracyMetres: Double?

    public init(coordinate: Coordinate, accuracyMetres: Double?) {
        self.coordinate = coordinate
        self.accuracyMetres = accuracyMetres
    }
}
