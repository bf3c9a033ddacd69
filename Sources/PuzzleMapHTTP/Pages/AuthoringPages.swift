import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// Organisers writing the hunt in the console: a place's form (placed by tapping the plan),
/// a riddle's form, the draft they collect in with what publishing it changes, a preview of a
/// riddle as a player sees it, and publishing. Each form calls the use case the API calls;
/// every problem `puzzlemap check` finds is said beside its field, and nothing typed is lost.
struct AuthoringPages {
    let services: HuntServices
    let library: PageLibrary

    /// What a save did, said on the draft page it comes back to (`?done=`).
    enum Done: String {
        case placeSaved = "place-saved", placeRetired = "place-retired", placeRestored = "place-restored", riddleSaved = "riddle-saved", riddleAdded = "riddle-added"
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("console/draft") { request, context in
            let hunt = services.hunt
            let organiser = try context.requireOrganiser(in: hunt)
            let done = request.uri.queryParameters.get("done").flatMap(Done.init(rawValue:))
            return try await draftPage(context, hunt: hunt, organiser: organiser, notice: done.map { library.text("authoring.done.\($0.rawValue)") })
        }
        router.post("console/draft/publish") { request, context in
            try await onDraft(request, context) { organiser, revision in
                _ = try await services.running.publishDraft(revision: revision, by: organiser)
                return Response.seeOther("/console?done=\(ConsolePages.Done.published.rawValue)")
            }
        }
        router.post("console/draft/discard") { request, context in
            try await onDraft(request, context) { organiser, revision in
                try await services.running.discardDraft(revision: revision, by: organiser)
                return Response.seeOther("/console?done=\(ConsolePages.Done.discarded.rawValue)")
            }
        }
        router.get("console/draft/riddles/:riddle") { _, context in
            let hunt = services.hunt
            let editing = try await hunt.editing(for: try context.requireOrganiser(in: hunt))
            let (riddle, _) = try editing.item(Riddle.self, context.parameters.get("riddle") ?? "")
            return page(context).response("preview", title: library.text("authoring.preview.title"), try await preview(riddle, in: editing.content))
        }
        router.get("console/new-place") { request, context in
            let hunt = services.hunt
            let editing = try await hunt.editing(for: try context.requireOrganiser(in: hunt))
            let query = request.uri.queryParameters
            let at = query.get("latitude").flatMap(Double.init).flatMap { latitude in
                query.get("longitude").flatMap(Double.init).map { Coordinate(latitude: latitude, longitude: $0) }
            }
            return try await placeForm(context, content: editing.content, id: nil, words: .blank(at: at), token: ItemToken(of: Checkpoint?.none))
        }
        router.post("console/places") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let form = try await PageForm.read(request, context: context)
            let words = placeWords(form)
            do {
                let (_, id) = try await services.running.add(try words.edit(id: "").checkpoint, by: organiser)
                return Response.seeOther("/console/places/\(PageForm.escapeQuery(id))/new-riddle?added=1")
            } catch OrganiserRefusal.invalidEdit(let problems) {
                let editing = try await services.hunt.editing(for: organiser)
                return try await placeForm(context, content: editing.content, id: nil, words: words, token: ItemToken(of: Checkpoint?.none),
                                 problems: problems, status: .unprocessableContent)
            }
        }
        router.get("console/places/:place") { _, context in
            let hunt = services.hunt
            let editing = try await hunt.editing(for: try context.requireOrganiser(in: hunt))
            let (place, token) = try editing.item(Checkpoint.self, context.parameters.get("place") ?? "")
            return try await placeForm(context, content: editing.content, id: place.id, words: PlaceWords(place), token: token)
        }
        router.post("console/places/:place") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let form = try await PageForm.read(request, context: context)
            let id = context.parameters.get("place") ?? ""
            let words = placeWords(form)
            let seen = ItemToken(form["token"] ?? "")
            do {
                _ = try await services.running.save(try words.edit(id: id).checkpoint, seen: seen, by: organiser)
                return Response.seeOther("/console/draft?done=\(Done.placeSaved.rawValue)")
            } catch OrganiserRefusal.invalidEdit(let problems) {
                let editing = try await services.hunt.editing(for: organiser)
                return try await placeForm(context, content: editing.content, id: id, words: words, token: seen, problems: problems, status: .unprocessableContent)
            } catch OrganiserRefusal.editConflict {
                // Their place is shown above the organiser's words, which stay in the form.
                let editing = try await services.hunt.editing(for: organiser)
                let (theirs, token) = try editing.item(Checkpoint.self, id)
                return try await placeForm(context, content: editing.content, id: id, words: words, token: token, status: .conflict,
                                 conflict: conflictText(id), theirs: PlaceWords(theirs))
            }
        }
        router.post("console/places/:place/retire") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let form = try await PageForm.read(request, context: context)
            let id = context.parameters.get("place") ?? ""
            do {
                _ = try await services.running.retirePlace(id, seen: ItemToken(form["token"] ?? ""), by: organiser)
            } catch OrganiserRefusal.editConflict {
                let editing = try await services.hunt.editing(for: organiser)
                let (theirs, token) = try editing.item(Checkpoint.self, id)
                return try await placeForm(context, content: editing.content, id: id, words: PlaceWords(theirs), token: token, status: .conflict,
                                 conflict: conflictText(id), theirs: PlaceWords(theirs))
            }
            return Response.seeOther("/console/draft?done=\(Done.placeRetired.rawValue)")
        }
        router.post("console/places/:place/restore") { request, context in
            let hunt = services.hunt
            let organiser = try context.requireOrganiser(in: hunt)
            _ = try await PageForm.read(request, context: context)
            do {
                _ = try await services.running.restorePlace(context.parameters.get("place") ?? "", by: organiser)
            } catch let refusal as OrganiserRefusal {
                return try await draftPage(context, hunt: hunt, organiser: organiser, problem: Problem(refusal))
            }
            return Response.seeOther("/console/draft?done=\(Done.placeRestored.rawValue)")
        }
        router.get("console/places/:place/new-riddle") { request, context in
            let hunt = services.hunt
            let editing = try await hunt.editing(for: try context.requireOrganiser(in: hunt))
            let (place, _) = try editing.item(Checkpoint.self, context.parameters.get("place") ?? "")
            let blank = RiddleEdit(id: "", checkpointID: place.id, difficulty: .medium, text: "", hints: [], insider: "")
            let added = request.uri.queryParameters.get("added") != nil
            return riddleForm(context, content: editing.content, edit: blank, token: ItemToken(of: Riddle?.none),
                              notice: added ? library.text("authoring.done.place-added", ["place": place.name]) : nil)
        }
        router.post("console/riddles") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let form = try await PageForm.read(request, context: context)
            let edit = riddleEdit(form, id: "")
            do {
                _ = try await services.running.add(edit.riddle, by: organiser)
                return Response.seeOther("/console/draft?done=\(Done.riddleAdded.rawValue)")
            } catch OrganiserRefusal.invalidEdit(let problems) {
                let editing = try await services.hunt.editing(for: organiser)
                return riddleForm(context, content: editing.content, edit: edit, token: ItemToken(of: Riddle?.none), problems: problems,
                                  status: .unprocessableContent)
            }
        }
        router.get("console/riddles/:riddle") { _, context in
            let hunt = services.hunt
            let editing = try await hunt.editing(for: try context.requireOrganiser(in: hunt))
            let (riddle, token) = try editing.item(Riddle.self, context.parameters.get("riddle") ?? "")
            return riddleForm(context, content: editing.content, edit: RiddleEdit(riddle), token: token)
        }
        router.post("console/riddles/:riddle") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let form = try await PageForm.read(request, context: context)
            let edit = riddleEdit(form, id: context.parameters.get("riddle") ?? "")
            let seen = ItemToken(form["token"] ?? "")
            do {
                _ = try await services.running.save(edit.riddle, seen: seen, by: organiser)
            } catch OrganiserRefusal.invalidEdit(let problems) {
                let editing = try await services.hunt.editing(for: organiser)
                return riddleForm(context, content: editing.content, edit: edit, token: seen, problems: problems, status: .unprocessableContent)
            } catch OrganiserRefusal.editConflict {
                // Their words are shown above the organiser's own, which stay in the form.
                let editing = try await services.hunt.editing(for: organiser)
                let (theirs, token) = try editing.item(Riddle.self, edit.id)
                return riddleForm(context, content: editing.content, edit: edit, token: token, status: .conflict,
                                  conflict: (conflictText(edit.id), theirs))
            }
            return Response.seeOther("/console/draft?done=\(Done.riddleSaved.rawValue)")
        }
    }

    private func page(_ context: AppRequestContext) -> PageRendering { PageRendering(library: library, context: context) }

    private func conflictText(_ id: String) -> String {
        library.text("problem.edit_conflict.detail", ["id": id]) + " " + library.text("problem.edit_conflict.hint")
    }

    /// A publish or a discard of the draft revision the organiser looked at; a refusal is
    /// said on the draft page.
    private func onDraft(_ request: Request, _ context: AppRequestContext,
                         _ action: (Organiser, Int64) async throws -> Response) async throws -> Response {
        let hunt = services.hunt
        let organiser = try context.requireOrganiser(in: hunt)
        let form = try await PageForm.read(request, context: context)
        do {
            return try await action(organiser, Int64(form["revision"] ?? "") ?? 0)
        } catch let refusal as OrganiserRefusal {
            return try await draftPage(context, hunt: services.hunt, organiser: organiser, problem: Problem(refusal))
        }
    }

    // MARK: The draft

    private func draftPage(_ context: AppRequestContext, hunt: Hunt, organiser: Organiser, notice: String? = nil,
                           problem: Problem? = nil) async throws -> Response {
        let review = try await hunt.draftReview(for: organiser)
        let view = review.map { review in
            let changes = review.changes
            func links(_ ids: [String], _ kind: String) -> [DraftView.Link] {
                ids.map { id in
                    let content = review.draft.content
                    // Each kind by its name as organisers know it, and the form it is edited in.
                    let named: (name: String?, form: String)? = switch kind {
                    case "checkpoints": (content.checkpoints.first { $0.id == id }?.name, "places")
                    case "offers": (content.offers.first { $0.id == id }?.title, "freebies")
                    case "partners": (content.partners.first { $0.id == id }?.name, "partners")
                    case "badges": (content.badges.first { $0.id == id }?.name, "badges")
                    case "quiz": (content.quiz.first { $0.id == id }?.text, "quiz")
                    default: nil
                    }
                    switch named {
                    case let (name, form)?:
                        return DraftView.Link(text: name.map { "\($0) (\(id))" } ?? id, href: name.map { _ in "/console/\(form)/\(id)" })
                    default:
                        // A riddle goes by its first words, as organisers know it.
                        guard let riddle = review.draft.content.riddles.first(where: { $0.id == id }) else { return DraftView.Link(text: id) }
                        let words = riddle.text.count > 60 ? riddle.text.prefix(59) + "…" : riddle.text[...]
                        return DraftView.Link(text: "\(words) (\(id))", href: "/console/riddles/\(id)", preview: "/console/draft/riddles/\(id)")
                    }
                }
            }
            let sections: [DraftView.Section] = [
                ("checkpoints", changes.checkpoints), ("riddles", changes.riddles), ("partners", changes.partners), ("offers", changes.offers),
                ("badges", changes.badges), ("quiz", changes.quiz),
            ]
                .flatMap { kind, items in
                [("added", items.added), ("changed", items.changed), ("removed", items.removed)].filter { !$0.1.isEmpty }.map { line, ids in
                    DraftView.Section(title: library.text("authoring.draft.\(kind).\(line)"), links: links(ids, kind))
                }
            }
            return DraftView(
                revision: review.draft.revision,
                saved: library.text("authoring.draft.saved", ["who": review.draft.savedBy,
                                                              "when": CampusDates.dayAndTime(review.draft.savedAt, in: hunt.timeZone),
                                                              "version": "\(review.draft.base)"]),
                sections: sections, unchanged: changes.isEmpty,
                problems: review.problems.map { "\($0.message). \($0.fix)" })
        }
        return page(context).response("draft", title: library.text("authoring.draft.title"), status: problem?.status ?? .ok,
                                      DraftPage(draft: view, notice: notice, problem: problem))
    }

    struct DraftPage {
        var draft: DraftView?
        var notice: String?
        var problem: Problem?
    }

    struct DraftView {
        struct Link {
            var text: String
            var href: String? = nil
            var preview: String? = nil
        }
        struct Section {
            var title: String
            var links: [Link]
        }
        var revision: Int64
        var saved: String
        var sections: [Section]
        var unchanged: Bool
        var problems: [String]
    }

    // MARK: A riddle's form and preview

    private func riddleEdit(_ form: PageForm, id: String) -> RiddleEdit {
        RiddleEdit(id: id, checkpointID: form["checkpoint"] ?? "", difficulty: Difficulty(rawValue: form["difficulty"] ?? "") ?? .medium,
                   text: form["text"] ?? "", hints: (1...Riddle.hintCount).map { form["hint\($0)"] ?? "" }, insider: form["insider"] ?? "")
    }

    /// The form of a riddle: as it stands, or as the organiser sent it with each problem beside
    /// its field (nothing they wrote is lost). A new riddle's form has no id.
    private func riddleForm(_ context: AppRequestContext, content: CampusContent, edit: RiddleEdit, token: ItemToken,
                            problems found: [EditProblem] = [], status: HTTPResponse.Status = .ok, conflict: (String, Riddle)? = nil,
                            notice: String? = nil) -> Response {
        func problems(of field: String) -> [String] {
            found.filter { $0.field == field }.map { "\($0.message). \($0.fix)" }
        }
        let places = content.checkpoints.map { place in
            FormField.Option(value: place.id, text: "\(place.name) (\(place.id))", selected: place.id == edit.checkpointID)
        }
        let levels = Difficulty.allCases.map { level in
            FormField.Option(value: level.rawValue, text: library.text("riddle.difficulty.\(level.rawValue)"), selected: level == edit.difficulty)
        }
        var fields = [
            FormField(name: "checkpoint", label: library.text("console.riddle.place"), problems: problems(of: "checkpoint"), choices: .init(options: places)),
            FormField(name: "difficulty", label: library.text("console.riddle.difficulty"), problems: problems(of: "difficulty"),
                      choices: .init(options: levels)),
            FormField(name: "text", label: library.text("console.riddle.text"), problems: problems(of: "text"), value: edit.text, rows: 5),
        ]
        // The hints' problems are said beside the first hint left empty (the one to write), else the first.
        let hints = (0..<Riddle.hintCount).map { $0 < edit.hints.count ? edit.hints[$0] : "" }
        let beside = hints.firstIndex { $0.allSatisfy(\.isWhitespace) } ?? 0
        for (index, hint) in hints.enumerated() {
            fields.append(FormField(name: "hint\(index + 1)", label: library.text("console.riddle.hint", ["number": "\(index + 1)"]),
                                    problems: index == beside ? problems(of: "hints") : [], value: hint, rows: 2))
        }
        fields.append(FormField(name: "insider", label: library.text("console.riddle.insider"), problems: problems(of: "insider"),
                                value: edit.insider, rows: 4))
        // Problems of a field the form does not show (the id, the files' translations), and of
        // the content as a whole, are said above the form.
        let shown = Set(RiddleEdit.fields).subtracting(["id", "translations"])
        let general = found.filter { !shown.contains($0.field ?? "") }.map { "\($0.message). \($0.fix)" }
        let isNew = edit.id.isEmpty
        let view = RiddleForm(
            action: isNew ? "/console/riddles" : "/console/riddles/\(edit.id)", token: token.description,
            intro: library.text(isNew ? "authoring.riddle.newIntro" : "console.riddle.intro"), fields: fields,
            general: general, conflict: conflict?.0, theirs: conflict?.1, notice: notice,
            preview: isNew ? nil : "/console/draft/riddles/\(edit.id)")
        let title = isNew ? library.text("authoring.riddle.newTitle", ["place": content.checkpoints.first { $0.id == edit.checkpointID }?.name ?? ""])
            : library.text("console.riddle.title", ["id": edit.id])
        return page(context).response("riddle-edit", title: title, status: status, view)
    }

    /// A riddle as a player reads it, with every hint and its place on the plan.
    private func preview(_ riddle: Riddle, in content: CampusContent) async throws -> Preview {
        let place = content.checkpoints.first { $0.id == riddle.checkpointID }
        let plan = PlanPicture(content.checkpoints, plan: try await services.hunt.campusPlan(), marked: place?.id)
        return Preview(
            category: place.map { library.text("play.category.\($0.category.rawValue)") } ?? "",
            difficulty: library.text("riddle.difficulty.\(riddle.difficulty.rawValue)"),
            worth: library.text("play.worth", ["xp": "\(content.rules.reward(for: riddle.difficulty, hintsUsed: 0))"]),
            text: riddle.text, hints: riddle.hints, insider: riddle.insider,
            place: place.map { library.text("authoring.preview.place", ["place": $0.name, "building": $0.building, "floor": "\($0.floor)"]) } ?? "",
            plan: plan, edit: "/console/riddles/\(riddle.id)")
    }

    struct Preview {
        var category: String
        var difficulty: String
        var worth: String
        var text: String
        var hints: [String]
        var insider: String
        var place: String
        var plan: PlanPicture
        var edit: String
    }

    struct RiddleForm {
        var action: String
        var token: String
        var intro: String
        var fields: [FormField]
        var general: [String]
        var conflict: String?
        var theirs: Riddle?
        var notice: String?
        var preview: String?
    }

    // MARK: A place's form

    private func placeWords(_ form: PageForm) -> PlaceWords {
        PlaceWords(
            name: form["name"] ?? "", category: form["category"] ?? "", building: form["building"] ?? "", floor: form["floor"] ?? "",
            latitude: form["latitude"] ?? "", longitude: form["longitude"] ?? "",
            hours: Dictionary(uniqueKeysWithValues: Weekday.allCases.map { ($0.rawValue, form["hours-\($0.rawValue)"] ?? "") }),
            exceptions: form["exceptions"] ?? "",
            tags: services.hunt.content.info.traits.filter { form["tag-\($0)"] != nil },
            facts: (form["facts"] ?? "").split(whereSeparator: \.isNewline).map(String.init))
    }

    /// The form of a place: as it stands, or as the organiser sent it with each problem beside
    /// its field. A new place's form has no id; its id is made from its name when saved.
    private func placeForm(_ context: AppRequestContext, content: CampusContent, id: String?, words: PlaceWords, token: ItemToken,
                           problems found: [EditProblem] = [], status: HTTPResponse.Status = .ok, conflict: String? = nil,
                           theirs: PlaceWords? = nil) async throws -> Response {
        func problems(of field: String) -> [String] {
            found.filter { $0.field == field }.map { "\($0.message). \($0.fix)" }
        }
        func line(_ name: String, _ value: String, mode: String? = nil) -> FormField {
            FormField(name: name, label: library.text("authoring.place.\(name)"), problems: problems(of: name), value: value, rows: 0, inputMode: mode)
        }
        let categories = Category.allCases.map { category in
            FormField.Option(value: category.rawValue, text: library.text("play.category.\(category.rawValue)"), selected: category.rawValue == words.category)
        }
        let marked = Double(words.latitude).flatMap { latitude in Double(words.longitude).map { Coordinate(latitude: latitude, longitude: $0) } }
        let shown: Set<String> = Set(["name", "category", "building", "floor", "coordinates", "exceptions", "tags", "facts", "hours"]
            + Weekday.allCases.map { "hours.\($0.rawValue)" })
        let view = PlaceForm(
            action: id.map { "/console/places/\($0)" } ?? "/console/places", id: id, token: token.description,
            intro: library.text(id == nil ? "authoring.place.newIntro" : "authoring.place.intro"),
            fields: [line("name", words.name), line("building", words.building),
                     FormField(name: "category", label: library.text("authoring.place.category"), problems: problems(of: "category"),
                               choices: .init(options: categories)),
                     line("floor", words.floor, mode: "numeric")],
            plan: PlanPicture(content.checkpoints.filter { $0.id != id }, plan: try await services.hunt.campusPlan(), pin: marked),
            coordinates: problems(of: "coordinates"),
            latitude: line("latitude", words.latitude, mode: "decimal"), longitude: line("longitude", words.longitude, mode: "decimal"),
            hoursProblems: problems(of: "hours"),
            days: Weekday.allCases.map { day in
                FormField(name: "hours-\(day.rawValue)", label: CampusDates.weekdayName(day), problems: problems(of: "hours.\(day.rawValue)"),
                          value: words.hours[day.rawValue] ?? "", rows: 0)
            },
            exceptions: FormField(name: "exceptions", label: library.text("authoring.place.exceptions"), problems: problems(of: "exceptions"),
                                  value: words.exceptions, rows: 3),
            traits: content.info.traits.map { Trait(name: $0, checked: words.tags.contains($0)) }, tagProblems: problems(of: "tags"),
            facts: FormField(name: "facts", label: library.text("authoring.place.facts"), problems: problems(of: "facts"),
                             value: words.facts.joined(separator: "\n"), rows: 4),
            general: found.filter { !shown.contains($0.field ?? "") }.map { "\($0.message). \($0.fix)" },
            conflict: conflict, theirs: theirs.map { theirs in
                [theirs.name, theirs.building, library.text("map.whereabouts", ["building": theirs.building, "floor": theirs.floor]),
                 "\(theirs.latitude), \(theirs.longitude)"] + theirs.facts
            } ?? [])
        let title = id == nil ? library.text("authoring.place.newTitle") : library.text("authoring.place.title", ["place": words.name])
        return page(context).response("place-edit", title: title, status: status, view)
    }

    struct Trait {
        var name: String
        var checked: Bool
    }

    struct PlaceForm {
        var action: String
        var id: String?
        var token: String
        var intro: String
        var fields: [FormField]
        var plan: PlanPicture
        var coordinates: [String]
        var latitude: FormField
        var longitude: FormField
        var hoursProblems: [String]
        var days: [FormField]
        var exceptions: FormField
        var traits: [Trait]
        var tagProblems: [String]
        var facts: FormField
        var general: [String]
        var conflict: String?
        var theirs: [String]
    }
}

/// One field of an organiser's form: its label, its problems (said beside it), and a select's
/// choices, a text area (`rows` > 0) or a one-line input.
struct FormField {
    struct Option {
        var value: String
        var text: String
        var selected: Bool
    }
    struct Choices {
        var options: [Option]
    }
    var name: String
    var label: String
    var problems: [String]
    var value: String
    var rows: Int
    var inputMode: String?
    /// A one-line input's type when it is not text (`date`).
    var inputType: String?
    var choices: Choices?
    // What the template draws, kept as values (templates see stored properties only).
    let isLine: Bool
    let isArea: Bool

    init(name: String, label: String, problems: [String], value: String = "", rows: Int = 2, inputMode: String? = nil, inputType: String? = nil,
         choices: Choices? = nil) {
        (self.name, self.label, self.problems, self.value, self.rows, self.inputMode, self.choices) = (name, label, problems, value, rows, inputMode, choices)
        self.inputType = inputType
        isLine = choices == nil && rows == 0
        isArea = choices == nil && rows > 0
    }
}

/// The campus plan of the console: the places drawn as the players' map draws them, one of
/// them marked or a pin where the place being placed goes; the projection lets a tap on the
/// plan give a position.
struct PlanPicture {
    struct Dot {
        var x: String
        var y: String
        var label: String
        var marked: Bool
    }
    var dots: [Dot]
    var projection: String
    var viewBox: String
    var height: String
    /// The organisers' own plan, drawn under the places.
    var picture: String?
    /// Where the pin of the place being placed is drawn, once it has a position.
    var pinX: String?
    var pinY: String?

    init(_ places: [Checkpoint], plan campusPlan: CampusPlan?, marked: String? = nil, pin: Coordinate? = nil) {
        let plan = MapPlan(places.map(\.coordinate), plan: campusPlan)
        (projection, viewBox, height, picture) = (plan.projectionText, plan.viewBox, plan.heightText, plan.picture)
        dots = zip(places, plan.points).map { place, point in
            Dot(x: String(format: "%.1f", point.x), y: String(format: "%.1f", point.y), label: place.name, marked: place.id == marked)
        }
        if let pin, let point = plan.point(pin), point.x.isFinite, point.y.isFinite {
            pinX = String(format: "%.1f", min(max(point.x, 0), MapPlan.width))
            pinY = String(format: "%.1f", min(max(point.y, 0), plan.height))
        }
    }
}
