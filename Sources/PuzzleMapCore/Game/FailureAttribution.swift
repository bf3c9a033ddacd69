import Foundation

/// Which checkpoint a photo that gave no code was probably taken at, so organisers see a
/// damaged or badly lit sticker as a burst of failures near it.
public enum FailureAttribution {
    /// How far from a checkpoint a photo that gave no code may have been taken and still be
    /// counted against it.
    public static let radiusMetres = 75.0
    /// The key for photos sent without a location, or far from every checkpoint.
    public static let unlocated = "unlocated"

    /// Photos that gave no code, counted by the nearest checkpoint within the radius of where
    /// the phone said it was. Places are in the store's own order, which decides between
    /// equidistant ones.
    public static func count(at locations: [Coordinate?], places: [(id: String, coordinate: Coordinate)]) -> [String: Int] {
        var failures: [String: Int] = [:]
        for location in locations {
            var key = unlocated
            if let here = location {
                let nearest = places.min { $0.coordinate.distance(to: here) < $1.coordinate.distance(to: here) }
                key = nearest.flatMap { $0.coordinate.distance(to: here) <= radiusMetres ? $0.id : nil } ?? unlocated
            }
            failures[key, default: 0] += 1
        }
        return failures
    }
}
