import Foundation
import PuzzleMapCore
import Testing

/// The campus plan's pins: two place the campus by a turn, a scale and a shift; three may also
/// stretch it; pins that cannot say where the campus is are refused with why.
@Suite struct CampusPlanTests {
    // Two corners of the University of Glasgow's main campus, and a third place between them.
    static let library = Coordinate(latitude: 55.873_44, longitude: -4.288_70)
    static let boydOrr = Coordinate(latitude: 55.873_90, longitude: -4.292_60)
    static let quad = Coordinate(latitude: 55.871_75, longitude: -4.288_20)
    static let plan = CampusPlan(version: 1, width: 1600, height: 900, uploadedAt: Date(timeIntervalSince1970: 0), uploadedBy: "olive")

    static func close(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), within tolerance: Double = 0.01) -> Bool {
        abs(a.x - b.x) < tolerance && abs(a.y - b.y) < tolerance
    }

    @Test func twoPinsLandExactlyWhereTheyWerePutAndATapReadsBackAsThePosition() throws {
        let pins = [PlanPin(x: 1200, y: 300, coordinate: Self.library), PlanPin(x: 200, y: 150, coordinate: Self.boydOrr)]
        let projection = try Self.plan.pinned(pins).get()
        for pin in pins {
            #expect(Self.close(projection.point(pin.coordinate), (pin.x, pin.y)))
            let back = projection.coordinate(x: pin.x, y: pin.y)
            #expect(abs(back.latitude - pin.coordinate.latitude) < 1e-9 && abs(back.longitude - pin.coordinate.longitude) < 1e-9)
        }
        // A turn and a scale keep shapes: the place south of the library is below it on the plan,
        // and the plan's metres agree with the ground's within a metre.
        let quad = projection.point(Self.quad), library = projection.point(Self.library)
        #expect(quad.y > library.y)
        let onPlan = hypot(quad.x - library.x, quad.y - library.y) * projection.metresPerUnit
        #expect(abs(onPlan - Self.quad.distance(to: Self.library)) < 1)
        // The same plan drawn at 320 units wide is the same map, smaller.
        let small = projection.scaled(by: 0.2).point(Self.quad)
        #expect(Self.close(small, (quad.x * 0.2, quad.y * 0.2)))
    }

    @Test func threePinsMayStretchThePlanAndStillLandWhereTheyWerePut() throws {
        let pins = [PlanPin(x: 1200, y: 300, coordinate: Self.library), PlanPin(x: 200, y: 150, coordinate: Self.boydOrr),
                    PlanPin(x: 1250, y: 820, coordinate: Self.quad)]
        let projection = try Self.plan.pinned(pins).get()
        for pin in pins { #expect(Self.close(projection.point(pin.coordinate), (pin.x, pin.y))) }
        let middle = projection.coordinate(x: 800, y: 450)
        #expect(Self.close(projection.point(middle), (800, 450)))
        #expect(Self.plan.with(pins).projection == projection)
    }

    @Test func pinsThatCannotPlaceTheCampusAreRefusedWithWhy() {
        let library = PlanPin(x: 1200, y: 300, coordinate: Self.library), boydOrr = PlanPin(x: 200, y: 150, coordinate: Self.boydOrr)
        #expect(Self.plan.pinned([library]) == .failure(.pinCount(1)))
        #expect(Self.plan.pinned([library, boydOrr, library, boydOrr]) == .failure(.pinCount(4)))
        #expect(Self.plan.pinned([library, PlanPin(x: 1700, y: 10, coordinate: Self.boydOrr)]) == .failure(.pinOffPicture(pin: 2, width: 1600, height: 900)))
        #expect(Self.plan.pinned([library, PlanPin(x: 10, y: 10, coordinate: Coordinate(latitude: 95, longitude: 0))]) == .failure(.pinNotOnEarth(pin: 2)))
        // Ten pixels apart, or the same building twice.
        #expect(Self.plan.pinned([library, PlanPin(x: 1210, y: 300, coordinate: Self.boydOrr)]) == .failure(.pinsTooClose(first: 1, second: 2)))
        #expect(Self.plan.pinned([library, PlanPin(x: 200, y: 150, coordinate: Self.library)]) == .failure(.pinsTooClose(first: 1, second: 2)))
        // A third pin on the line through the first two (on the plan) fixes no direction across it.
        #expect(Self.plan.pinned([library, boydOrr, PlanPin(x: 700, y: 225, coordinate: Self.quad)]) == .failure(.pinsInLine))
        // The quad is south of the library: putting it north of it, with the others as they
        // are, turns the campus over.
        #expect(Self.plan.pinned([library, boydOrr, PlanPin(x: 1250, y: 20, coordinate: Self.quad)]) == .failure(.pinsMirrored))
        #expect(Self.plan.projection == nil)
    }

    @Test func aNewPictureTheSameSizeKeepsItsPinsAndAnotherSizeIsPinnedAgain() {
        let pinned = Self.plan.with([PlanPin(x: 1200, y: 300, coordinate: Self.library), PlanPin(x: 200, y: 150, coordinate: Self.boydOrr)])
        let at = Date(timeIntervalSince1970: 86_400)
        let same = pinned.replaced(width: 1600, height: 900, version: 2, at: at, by: "pat")
        #expect(same.pins == pinned.pins && same.version == 2 && same.uploadedBy == "pat" && same.uploadedAt == at)
        #expect(pinned.replaced(width: 1600, height: 1200, version: 3, at: at, by: "pat").pins.isEmpty)
    }
}

extension CampusPlan {
    func with(_ pins: [PlanPin]) -> CampusPlan {
        var plan = self
        plan.pins = pins
        return plan
    }
}
