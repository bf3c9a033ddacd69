import Foundation

/// An organiser's own campus map: the picture the service made from their upload, and points
/// of it pinned to coordinates, which place every checkpoint on it. Without one (or before it
/// is pinned) the map is the plan drawn from the places' coordinates.
public struct CampusPlan: Sendable, Equatable {
    /// Counts every upload, and names the picture's address: a new picture is a new address.
    public var version: Int
    /// The picture's size in pixels, as the service re-encoded it.
    public var width: Int
    public var height: Int
    /// Two or three points of the picture with where they are on campus; empty until pinned.
    public var pins: [PlanPin]
    public var uploadedAt: Date
    public var uploadedBy: String

    public init(version: Int, width: Int, height: Int, pins: [PlanPin] = [], uploadedAt: Date, uploadedBy: String) {
        (self.version, self.width, self.height, self.pins, self.uploadedAt, self.uploadedBy) = (version, width, height, pins, uploadedAt, uploadedBy)
    }

    /// Where positions on campus land on the picture, once it is pinned.
    public var projection: PlanProjection? { try? pinned(pins).get() }

    /// The pins checked against this picture: the projection they give, or what is wrong with them.
    public func pinned(_ pins: [PlanPin]) -> Result<PlanProjection, CampusPlanRefusal> {
        guard (2...3).contains(pins.count) else { return .failure(.pinCount(pins.count)) }
        for (index, pin) in pins.enumerated() {
            guard pin.coordinate.isValid else { return .failure(.pinNotOnEarth(pin: index + 1)) }
            guard pin.x.isFinite, pin.y.isFinite, (0...Double(width)).contains(pin.x), (0...Double(height)).contains(pin.y) else {
                return .failure(.pinOffPicture(pin: index + 1, width: width, height: height))
            }
        }
        // Pins closer than this on the picture or on the ground cannot set a scale worth drawing.
        let (minimumPixels, minimumMetres) = (Double(min(width, height)) / 20, 15.0)
        for first in pins.indices {
            for second in pins.indices where second > first {
                let (a, b) = (pins[first], pins[second])
                if hypot(a.x - b.x, a.y - b.y) < minimumPixels || a.coordinate.distance(to: b.coordinate) < minimumMetres {
                    return .failure(.pinsTooClose(first: first + 1, second: second + 1))
                }
            }
        }
        return PlanProjection.through(pins)
    }

    /// The plan after a new picture of `width` × `height` replaces this one: the pins stay
    /// when the picture is the same size (a corrected version of the same map), else it must
    /// be pinned again.
    public func replaced(width: Int, height: Int, version: Int, at date: Date, by username: String) -> CampusPlan {
        CampusPlan(version: version, width: width, height: height, pins: width == self.width && height == self.height ? pins : [],
                   uploadedAt: date, uploadedBy: username)
    }
}

/// A point of the plan's picture (pixels from its top left corner) and where it is on campus.
public struct PlanPin: Sendable, Equatable, Codable {
    public var x: Double
    public var y: Double
    public var coordinate: Coordinate

    public init(x: Double, y: Double, coordinate: Coordinate) {
        (self.x, self.y, self.coordinate) = (x, y, coordinate)
    }
}

/// Why the campus plan was not changed, or pins cannot place the campus on it.
public enum CampusPlanRefusal: Error, Sendable, Equatable {
    /// No campus plan is uploaded (or this version of it is no longer the plan).
    case noPlan
    /// Another picture was uploaded after the organiser looked at this one: pins for the old
    /// picture are not put on the new.
    case planReplaced(version: Int)
    /// A pin (counted from 1) with a point of the picture but neither a place nor a position.
    case pinWithoutPosition(pin: Int)
    /// Not two or three pins.
    case pinCount(Int)
    /// A pin (counted from 1) outside the picture.
    case pinOffPicture(pin: Int, width: Int, height: Int)
    /// A pin's latitude or longitude is not a position on the Earth.
    case pinNotOnEarth(pin: Int)
    /// Two pins nearly at the same point of the picture or of the campus.
    case pinsTooClose(first: Int, second: Int)
    /// Three pins in a line (on the picture or on the ground): they fix no direction across it.
    case pinsInLine
    /// Three pins that would draw the campus mirror-wise: two of them are swapped.
    case pinsMirrored
}

/// Where a position on campus lands on a plan, north up or turned as the picture is:
/// x = a·X + b·Y + c and y = d·X + e·Y + f, where X is the longitude times the cosine of the
/// campus's latitude and Y the latitude (so both are in the same measure on a campus-sized
/// patch of the Earth). Two pins give a turn, a scale and a shift; three may also stretch.
public struct PlanProjection: Sendable, Equatable {
    public var a: Double, b: Double, c: Double
    public var d: Double, e: Double, f: Double
    /// The cosine of the campus's latitude.
    public var shrink: Double

    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double, shrink: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f, self.shrink) = (a, b, c, d, e, f, shrink)
    }

    /// The projection the pins define, or why they define none.
    static func through(_ pins: [PlanPin]) -> Result<PlanProjection, CampusPlanRefusal> {
        let shrink = cos(pins[0].coordinate.latitude * .pi / 180)
        let ground = pins.map { (x: $0.coordinate.longitude * shrink, y: $0.coordinate.latitude) }
        if pins.count == 2 {
            // A turn and a scale: as complex numbers, w = α·z + β with the picture's y turned up.
            let (z1, z2) = (ground[0], ground[1])
            let (w1, w2) = ((x: pins[0].x, y: -pins[0].y), (x: pins[1].x, y: -pins[1].y))
            let (dz, dw) = ((x: z2.x - z1.x, y: z2.y - z1.y), (x: w2.x - w1.x, y: w2.y - w1.y))
            let norm = dz.x * dz.x + dz.y * dz.y
            let (p, q) = ((dw.x * dz.x + dw.y * dz.y) / norm, (dw.y * dz.x - dw.x * dz.y) / norm)
            let (shiftX, shiftY) = (w1.x - (p * z1.x - q * z1.y), w1.y - (q * z1.x + p * z1.y))
            return .success(PlanProjection(a: p, b: -q, c: shiftX, d: -q, e: -p, f: -shiftY, shrink: shrink))
        }
        // Three pins: the one affine map through them, solved by Cramer's rule.
        let (g1, g2, g3) = (ground[0], ground[1], ground[2])
        let det = (g2.x - g1.x) * (g3.y - g1.y) - (g3.x - g1.x) * (g2.y - g1.y)
        let picture = (pins[1].x - pins[0].x) * (pins[2].y - pins[0].y) - (pins[2].x - pins[0].x) * (pins[1].y - pins[0].y)
        // Each triangle's area against its longest side squared: near zero is a line.
        func flat(_ area: Double, _ points: [(x: Double, y: Double)]) -> Bool {
            let longest = zip(points, points.dropFirst() + points.prefix(1)).map { hypot($0.x - $1.x, $0.y - $1.y) }.max() ?? 0
            return abs(area) < 0.05 * longest * longest
        }
        if flat(det, [g1, g2, g3]) || flat(picture, pins.map { (x: $0.x, y: $0.y) }) { return .failure(.pinsInLine) }
        func solve(_ v1: Double, _ v2: Double, _ v3: Double) -> (Double, Double, Double) {
            let first = ((v2 - v1) * (g3.y - g1.y) - (v3 - v1) * (g2.y - g1.y)) / det
            let second = ((g2.x - g1.x) * (v3 - v1) - (g3.x - g1.x) * (v2 - v1)) / det
            return (first, second, v1 - first * g1.x - second * g1.y)
        }
        let (a, b, c) = solve(pins[0].x, pins[1].x, pins[2].x)
        let (d, e, f) = solve(pins[0].y, pins[1].y, pins[2].y)
        // North up on the ground is up on the picture, whose y runs down: a true map turns the
        // orientation over once, so its determinant is negative.
        if a * e - b * d > 0 { return .failure(.pinsMirrored) }
        return .success(PlanProjection(a: a, b: b, c: c, d: d, e: e, f: f, shrink: shrink))
    }

    /// Where a position lands on the plan (off it when outside the picture).
    public func point(_ coordinate: Coordinate) -> (x: Double, y: Double) {
        let (x, y) = (coordinate.longitude * shrink, coordinate.latitude)
        return (a * x + b * y + c, d * x + e * y + f)
    }

    /// The position of a point of the plan (a tap on it).
    public func coordinate(x: Double, y: Double) -> Coordinate {
        let det = a * e - b * d
        let (u, v) = (x - c, y - f)
        let groundX = (e * u - b * v) / det, groundY = (a * v - d * u) / det
        return Coordinate(latitude: groundY, longitude: groundX / shrink)
    }

    /// Metres on the ground a unit of the plan covers, on average over directions.
    public var metresPerUnit: Double { 111_195 / abs(a * e - b * d).squareRoot() }

    /// The same projection on a plan drawn `factor` times larger.
    public func scaled(by factor: Double) -> PlanProjection {
        PlanProjection(a: a * factor, b: b * factor, c: c * factor, d: d * factor, e: e * factor, f: f * factor, shrink: shrink)
    }
}
