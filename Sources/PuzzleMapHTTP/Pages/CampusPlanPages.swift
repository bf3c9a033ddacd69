import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// The campus plan in the console: upload a map of the campus, pin two or three of its points
/// (tapping the picture, and choosing a place or typing a position), see the places drawn over
/// it, or take it away. The plan's picture itself is served to everyone who opens a map.
struct CampusPlanPages {
    let services: HuntServices
    let library: PageLibrary

    /// Pins the form offers: two are needed, a third may also stretch the picture.
    static let pinCount = 3

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("campus-plan/:picture") { _, context in
            let name = context.parameters.get("picture") ?? ""
            guard name.hasSuffix(".webp"), let version = Int(name.dropLast(5)) else { throw HTTPError(.notFound) }
            let picture = try await services.hunt.campusPlanPicture(version: version)
            // A new upload is a new address: this one never changes.
            return Response(status: .ok, headers: [.contentType: "image/webp", .cacheControl: "public, max-age=31536000, immutable"],
                            body: .init(byteBuffer: ByteBuffer(bytes: picture)))
        }
        router.get("console/campus-plan") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let done = request.uri.queryParameters.get("done").flatMap(Done.init(rawValue:))
            return try await planPage(context, organiser, notice: done.map { library.text("campusPlan.done.\($0.rawValue)") })
        }
        router.post("console/campus-plan") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let form = try await PagePhotoForm.read(request, context: context)
            return try await Problem.onPage({
                guard let photo = form.photo, !photo.isEmpty else { throw Problem.image(.empty) }
                let picture = try await CampusPlanController.picture(of: [UInt8](photo), services: services)
                _ = try await services.hunt.uploadCampusPlan(picture: picture.webp, width: picture.width, height: picture.height, by: organiser)
                return Response.seeOther("/console/campus-plan?done=\(Done.uploaded.rawValue)")
            }, showing: { problem in try await planPage(context, organiser, problem: problem) })
        }
        router.post("console/campus-plan/pins") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let form = try await PageForm.read(request, context: context)
            let words = (1...Self.pinCount).map { PinWords(form, number: $0) }
            return try await Problem.onPage({
                let unreadable = words.flatMap(\.problems)
                guard unreadable.isEmpty else {
                    return try await planPage(context, organiser, words: words, problem: Problem(.unprocessableContent, code: .planPinsUnusable,
                                                                                              detailVariant: "unreadable"))
                }
                _ = try await services.hunt.pinCampusPlan(words.compactMap(\.request), version: Int(form["version"] ?? "") ?? 0, by: organiser)
                return Response.seeOther("/console/campus-plan?done=\(Done.pinned.rawValue)")
            }, showing: { problem in try await planPage(context, organiser, words: words, problem: problem) })
        }
        router.post("console/campus-plan/remove") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            _ = try await PageForm.read(request, context: context)
            return try await Problem.onPage({
                try await services.hunt.removeCampusPlan(by: organiser)
                return Response.seeOther("/console/campus-plan?done=\(Done.removed.rawValue)")
            }, showing: { problem in try await planPage(context, organiser, problem: problem) })
        }
    }

    enum Done: String {
        case uploaded, pinned, removed
    }

    /// One pin of the form as typed: the point of the picture, and a place or a position.
    struct PinWords {
        var number: Int
        var x: String, y: String, place: String, latitude: String, longitude: String

        init(_ form: PageForm, number: Int) {
            func field(_ name: String) -> String { (form["pin\(number)-\(name)"] ?? "").trimmingCharacters(in: .whitespaces) }
            (self.number, x, y, place, latitude, longitude) = (number, field("x"), field("y"), field("place"), field("latitude"), field("longitude"))
        }

        init(_ pin: PlanPin?, number: Int) {
            self.number = number
            (x, y) = (pin.map { String(format: "%.0f", $0.x) } ?? "", pin.map { String(format: "%.0f", $0.y) } ?? "")
            place = ""
            (latitude, longitude) = (pin.map { String(format: "%.6f", $0.coordinate.latitude) } ?? "",
                                     pin.map { String(format: "%.6f", $0.coordinate.longitude) } ?? "")
        }

        var isBlank: Bool { [x, y, place, latitude, longitude].allSatisfy(\.isEmpty) }

        /// The fields that are not numbers where numbers are wanted, by name.
        var problems: [String] {
            guard !isBlank else { return [] }
            var wrong = [("x", x), ("y", y)].filter { Double($0.1) == nil }.map(\.0)
            if place.isEmpty {
                wrong += [("latitude", latitude), ("longitude", longitude)].filter { Double($0.1) == nil }.map(\.0)
            }
            return wrong
        }

        /// The pin to ask for; `nil` for a pin left blank.
        var request: PlanPinRequest? {
            guard !isBlank, let x = Double(x), let y = Double(y) else { return nil }
            let coordinate = Double(latitude).flatMap { latitude in Double(longitude).map { Coordinate(latitude: latitude, longitude: $0) } }
            return PlanPinRequest(x: x, y: y, place: place.isEmpty ? nil : place, coordinate: place.isEmpty ? coordinate : nil)
        }
    }

    // MARK: The page

    private func planPage(_ context: AppRequestContext, _ organiser: Organiser, words: [PinWords]? = nil, notice: String? = nil,
                          problem: Problem? = nil) async throws -> Response {
        let plan = try await services.hunt.campusPlan()
        let view = PlanPage(plan: plan.map { planView($0, words: words) }, notice: notice, problem: problem?.onPage)
        return PageRendering(library: library, context: context).response("campus-plan", title: library.text("campusPlan.title"),
                                                                          status: problem?.status ?? .ok, view)
    }

    private func planView(_ plan: CampusPlan, words: [PinWords]?) -> PlanPage.Plan {
        let content = services.hunt.content
        let radius = Double(max(plan.width, plan.height)) / 320 * 7
        let projection = plan.projection
        let typed = words ?? (1...Self.pinCount).map { PinWords(plan.pins.indices.contains($0 - 1) ? plan.pins[$0 - 1] : nil, number: $0) }
        let places = content.checkpoints.sorted { $0.name < $1.name }
        func text(_ value: Double) -> String { String(format: "%.1f", value) }
        return PlanPage.Plan(
            version: plan.version, picture: CampusPlanController.pictureAddress(plan), width: plan.width, height: plan.height,
            radius: text(radius), pinned: projection != nil,
            state: library.text(projection != nil ? "campusPlan.state.pinned" : "campusPlan.state.unpinned"),
            uploaded: library.text("campusPlan.uploaded", ["name": plan.uploadedBy, "when": CampusDates.dayAndTime(plan.uploadedAt, in: services.timeZone),
                                                           "width": "\(plan.width)", "height": "\(plan.height)"]),
            dots: projection.map { projection in
                content.checkpoints.map { place in
                    let point = projection.point(place.coordinate)
                    return PlanPage.Dot(x: text(point.x), y: text(point.y), label: place.name)
                }
            } ?? [],
            marks: typed.compactMap { words in
                guard let x = Double(words.x), let y = Double(words.y) else { return nil }
                return PlanPage.Mark(number: words.number, x: text(x), y: text(y))
            },
            pinFields: typed.map { words in
                func line(_ name: String, _ value: String, mode: String) -> FormField {
                    FormField(name: "pin\(words.number)-\(name)", label: library.text("campusPlan.field.\(name)"),
                              problems: words.problems.contains(name) ? [library.text("campusPlan.field.notANumber")] : [], value: value, rows: 0,
                              inputMode: mode)
                }
                let options = [FormField.Option(value: "", text: library.text("campusPlan.field.typedPosition"), selected: words.place.isEmpty)]
                    + places.map { FormField.Option(value: $0.id, text: $0.name, selected: $0.id == words.place) }
                return PlanPage.PinFields(
                    number: words.number, first: words.number == 1,
                    legend: library.text(words.number > 2 ? "campusPlan.pinOptional" : "campusPlan.pinNumber", ["number": "\(words.number)"]),
                    x: line("x", words.x, mode: "decimal"), y: line("y", words.y, mode: "decimal"),
                    place: FormField(name: "pin\(words.number)-place", label: library.text("campusPlan.field.place"), problems: [],
                                     choices: .init(options: options)),
                    latitude: line("latitude", words.latitude, mode: "decimal"), longitude: line("longitude", words.longitude, mode: "decimal"))
            })
    }

    struct PlanPage {
        struct Dot {
            var x: String
            var y: String
            var label: String
        }
        struct Mark {
            var number: Int
            var x: String
            var y: String
        }
        struct PinFields {
            var number: Int
            var first: Bool
            var legend: String
            var x: FormField
            var y: FormField
            var place: FormField
            var latitude: FormField
            var longitude: FormField
        }
        struct Plan {
            var version: Int
            var picture: String
            var width: Int
            var height: Int
            var radius: String
            var pinned: Bool
            var state: String
            var uploaded: String
            var dots: [Dot]
            var marks: [Mark]
            var pinFields: [PinFields]
        }
        var plan: Plan?
        var notice: String?
        var problem: Problem?
    }
}
