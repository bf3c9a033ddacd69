import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// Organisers writing the hunt: places and riddles edited into the draft, the draft reviewed,
/// published or discarded. Each route calls the use case the console's forms call.
struct AuthoringController {
    let services: HuntServices

    /// A riddle as it now stands (in the draft, or as played), with the token an edit sends
    /// back; sent edited with that token (`id` is the path's). A new riddle has no token.
    struct RiddleBody: ResponseCodable {
        var id: String?
        var checkpoint: String
        var difficulty: Difficulty
        var text: String
        var hints: [String]
        var insider: String
        var token: String?

        init(_ riddle: Riddle, token: ItemToken) {
            (id, checkpoint, difficulty, text, hints, insider) = (riddle.id, riddle.checkpointID, riddle.difficulty, riddle.text, riddle.hints, riddle.insider)
            self.token = token.description
        }

        func edit(id: String) -> RiddleEdit {
            RiddleEdit(id: id, checkpointID: checkpoint, difficulty: difficulty, text: text, hints: hints, insider: insider)
        }
    }

    /// A place as it now stands, in the form's words, with the token an edit sends back.
    /// Numbers may be sent as JSON numbers or as typed.
    struct PlaceBody: ResponseCodable {
        var id: String?
        var name, category, building, floor, latitude, longitude: String
        var hours: [String: String]
        var exceptions: String
        var tags, facts: [String]
        var token: String?

        init(_ place: Checkpoint, token: ItemToken) {
            let words = PlaceWords(place)
            id = place.id
            (name, category, building, floor, latitude, longitude) = (words.name, words.category, words.building, words.floor, words.latitude, words.longitude)
            (hours, exceptions, tags, facts) = (words.hours, words.exceptions, words.tags, words.facts)
            self.token = token.description
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            func typed(_ key: CodingKeys) throws -> String {
                if let number = try? container.decode(Double.self, forKey: key) { return number == number.rounded() && abs(number) < 1e6 ? "\(Int(number))" : "\(number)" }
                return try container.decode(String.self, forKey: key)
            }
            id = try container.decodeIfPresent(String.self, forKey: .id)
            name = try container.decode(String.self, forKey: .name)
            category = try container.decode(String.self, forKey: .category)
            building = try container.decode(String.self, forKey: .building)
            (floor, latitude, longitude) = (try typed(.floor), try typed(.latitude), try typed(.longitude))
            hours = try container.decodeIfPresent([String: String].self, forKey: .hours) ?? [:]
            exceptions = try container.decodeIfPresent(String.self, forKey: .exceptions) ?? ""
            tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
            facts = try container.decodeIfPresent([String].self, forKey: .facts) ?? []
            token = try container.decodeIfPresent(String.self, forKey: .token)
        }

        var words: PlaceWords {
            PlaceWords(name: name, category: category, building: building, floor: floor, latitude: latitude, longitude: longitude,
                       hours: hours, exceptions: exceptions, tags: tags, facts: facts)
        }
    }

    /// A freebie as it now stands, in the form's words, with the token an edit sends back.
    /// Numbers may be sent as JSON numbers or as typed.
    struct OfferBody: ResponseCodable {
        var id: String?
        var partner, title, description, unlock, stock, perPlayer, validFrom, validUntil, voucherDays: String
        var token: String?

        init(_ offer: Offer, token: ItemToken) {
            let words = OfferWords(offer)
            id = offer.id
            (partner, title, description, unlock) = (words.partner, words.title, words.description, words.unlock)
            (stock, perPlayer, validFrom, validUntil, voucherDays) = (words.stock, words.perPlayer, words.validFrom, words.validUntil, words.voucherDays)
            self.token = token.description
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            func typed(_ key: CodingKeys) throws -> String {
                if let number = try? container.decode(Int.self, forKey: key) { return "\(number)" }
                return try container.decode(String.self, forKey: key)
            }
            id = try container.decodeIfPresent(String.self, forKey: .id)
            (partner, title, unlock) = (try container.decode(String.self, forKey: .partner), try container.decode(String.self, forKey: .title),
                                        try container.decode(String.self, forKey: .unlock))
            description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
            (stock, perPlayer, voucherDays) = (try typed(.stock), try typed(.perPlayer), try typed(.voucherDays))
            (validFrom, validUntil) = (try container.decode(String.self, forKey: .validFrom), try container.decode(String.self, forKey: .validUntil))
            token = try container.decodeIfPresent(String.self, forKey: .token)
        }

        var words: OfferWords {
            OfferWords(partner: partner, title: title, description: description, unlock: unlock, stock: stock, perPlayer: perPlayer,
                       validFrom: validFrom, validUntil: validUntil, voucherDays: voucherDays)
        }
    }

    /// A partner shop as it now stands, with the token an edit sends back.
    struct PartnerBody: ResponseCodable {
        var id: String?
        var name: String
        var address: String
        var token: String?

        init(_ partner: Partner, token: ItemToken) {
            (id, name, address, self.token) = (partner.id, partner.name, partner.address, token.description)
        }
    }

    /// A badge as it now stands, in the form's words, with the token an edit sends back.
    /// The count may be sent as a JSON number or as typed.
    struct BadgeBody: ResponseCodable {
        var id: String?
        var name, description, kind, count, category, tag: String
        var places: [String]
        var token: String?

        init(_ badge: Badge, token: ItemToken) {
            let words = BadgeWords(badge)
            id = badge.id
            (name, description, kind, count, category, tag, places) = (words.name, words.description, words.kind, words.count, words.category,
                                                                       words.tag, words.places)
            self.token = token.description
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decodeIfPresent(String.self, forKey: .id)
            (name, kind) = (try container.decode(String.self, forKey: .name), try container.decode(String.self, forKey: .kind))
            description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
            if let number = try? container.decode(Int.self, forKey: .count) {
                count = "\(number)"
            } else {
                count = try container.decodeIfPresent(String.self, forKey: .count) ?? ""
            }
            category = try container.decodeIfPresent(String.self, forKey: .category) ?? ""
            tag = try container.decodeIfPresent(String.self, forKey: .tag) ?? ""
            places = try container.decodeIfPresent([String].self, forKey: .places) ?? []
            token = try container.decodeIfPresent(String.self, forKey: .token)
        }

        var words: BadgeWords {
            BadgeWords(name: name, description: description, kind: kind, count: count, category: category, tag: tag, places: places)
        }
    }

    /// A quiz question as it now stands, each answer's weights as the form writes them
    /// (`coffee 2, food 1`), with the token an edit sends back.
    struct QuestionBody: ResponseCodable {
        var id: String?
        var text: String
        var answers: [String: String]
        var token: String?

        init(_ question: QuizQuestion, token: ItemToken) {
            let words = QuestionWords(question)
            (id, text, answers, self.token) = (question.id, words.text, words.answers, token.description)
        }

        var words: QuestionWords { QuestionWords(text: text, answers: answers) }
    }

    /// What a save into the draft made: the draft's revision and the id of the item saved.
    struct DraftSaved: ResponseCodable {
        var revision: Int64
        var id: String
    }

    /// The draft: who saved it last, what publishing it changes, and what must be fixed first.
    struct DraftView: ResponseCodable {
        struct ProblemView: Codable {
            var field: String?
            var message: String
            var fix: String
        }
        var revision: Int64
        /// The version it was started from.
        var base: Int64
        var savedBy: String
        var savedAt: Date
        /// What publishing it changes from the version played now.
        var changes: Changes
        var problems: [ProblemView]

        init(_ review: DraftReview) {
            (revision, base, savedBy, savedAt) = (review.draft.revision, review.draft.base, review.draft.savedBy, review.draft.savedAt)
            changes = Changes(review.changes)
            problems = review.problems.map { ProblemView(field: $0.field, message: $0.message, fix: $0.fix) }
        }
    }

    /// The ids added, changed and retired, kind by kind.
    struct Changes: Codable {
        typealias Items = OperationsController.ChangesView.Items
        var checkpoints, riddles, quiz, badges, partners, offers: Items
        var rulesChanged, campusChanged: Bool

        init(_ changes: ContentChanges) {
            (checkpoints, riddles, quiz) = (Items(changes.checkpoints), Items(changes.riddles), Items(changes.quiz))
            (badges, partners, offers) = (Items(changes.badges), Items(changes.partners), Items(changes.offers))
            (rulesChanged, campusChanged) = (changes.rulesChanged, changes.campusChanged)
        }
    }

    /// The revision of the draft the organiser looked at, which a publish or a discard names.
    struct RevisionRequest: Decodable {
        var revision: Int64
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("admin/draft") { _, context in
            let hunt = services.hunt
            guard let review = try await hunt.draftReview(for: try context.requireOrganiser(in: hunt)) else { throw OrganiserRefusal.noDraft }
            return DraftView(review)
        }
        router.post("admin/draft/publish") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let body = try await request.decode(as: RevisionRequest.self, context: context)
            return OperationsController.ReloadView(try await services.running.publishDraft(revision: body.revision, by: organiser))
        }
        router.post("admin/draft/discard") { request, context -> Response in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let body = try await request.decode(as: RevisionRequest.self, context: context)
            try await services.running.discardDraft(revision: body.revision, by: organiser)
            return Response(status: .noContent)
        }
        router.get("admin/riddles/:riddle") { _, context in
            let hunt = services.hunt
            let (riddle, token) = try await hunt.editing(for: try context.requireOrganiser(in: hunt)).item(Riddle.self, context.parameters.get("riddle") ?? "")
            return RiddleBody(riddle, token: token)
        }
        router.put("admin/riddles/:riddle") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let body = try await request.decode(as: RiddleBody.self, context: context)
            let id = context.parameters.get("riddle") ?? ""
            let draft = try await services.running.save(body.edit(id: id).riddle, seen: ItemToken(body.token ?? ""), by: organiser)
            return DraftSaved(revision: draft.revision, id: id)
        }
        router.post("admin/riddles") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let body = try await request.decode(as: RiddleBody.self, context: context)
            let (draft, id) = try await services.running.add(body.edit(id: "").riddle, by: organiser)
            return EditedResponse(status: .created, response: DraftSaved(revision: draft.revision, id: id))
        }
        router.get("admin/offers/:offer") { _, context in
            let hunt = services.hunt
            let (offer, token) = try await hunt.editing(for: try context.requireOrganiser(in: hunt)).item(Offer.self, context.parameters.get("offer") ?? "")
            return OfferBody(offer, token: token)
        }
        router.put("admin/offers/:offer") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let body = try await request.decode(as: OfferBody.self, context: context)
            let id = context.parameters.get("offer") ?? ""
            let draft = try await services.running.save(try body.words.edit(id: id).offer, seen: ItemToken(body.token ?? ""), by: organiser)
            return DraftSaved(revision: draft.revision, id: id)
        }
        router.post("admin/offers") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let body = try await request.decode(as: OfferBody.self, context: context)
            let (draft, id) = try await services.running.add(try body.words.edit(id: "").offer, by: organiser)
            return EditedResponse(status: .created, response: DraftSaved(revision: draft.revision, id: id))
        }
        router.get("admin/partners/:partner") { _, context in
            let hunt = services.hunt
            let (partner, token) = try await hunt.editing(for: try context.requireOrganiser(in: hunt)).item(Partner.self, context.parameters.get("partner") ?? "")
            return PartnerBody(partner, token: token)
        }
        router.put("admin/partners/:partner") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let body = try await request.decode(as: PartnerBody.self, context: context)
            let id = context.parameters.get("partner") ?? ""
            let draft = try await services.running.save(PartnerEdit(id: id, name: body.name, address: body.address).partner,
                                                               seen: ItemToken(body.token ?? ""), by: organiser)
            return DraftSaved(revision: draft.revision, id: id)
        }
        router.post("admin/partners") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let body = try await request.decode(as: PartnerBody.self, context: context)
            let (draft, id) = try await services.running.add(PartnerEdit(id: "", name: body.name, address: body.address).partner, by: organiser)
            return EditedResponse(status: .created, response: DraftSaved(revision: draft.revision, id: id))
        }
        router.delete("admin/offers/:offer") { request, context in
            try await remove(Offer.self, request, context, "offer")
        }
        router.get("admin/badges/:badge") { _, context in
            let hunt = services.hunt
            let (badge, token) = try await hunt.editing(for: try context.requireOrganiser(in: hunt)).item(Badge.self, context.parameters.get("badge") ?? "")
            return BadgeBody(badge, token: token)
        }
        router.put("admin/badges/:badge") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let body = try await request.decode(as: BadgeBody.self, context: context)
            let id = context.parameters.get("badge") ?? ""
            let draft = try await services.running.save(try body.words.edit(id: id), seen: ItemToken(body.token ?? ""), by: organiser)
            return DraftSaved(revision: draft.revision, id: id)
        }
        router.post("admin/badges") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let body = try await request.decode(as: BadgeBody.self, context: context)
            let (draft, id) = try await services.running.add(try body.words.edit(id: ""), by: organiser)
            return EditedResponse(status: .created, response: DraftSaved(revision: draft.revision, id: id))
        }
        router.delete("admin/badges/:badge") { request, context in
            try await remove(Badge.self, request, context, "badge")
        }
        router.get("admin/quiz/:question") { _, context in
            let hunt = services.hunt
            let (question, token) = try await hunt.editing(for: try context.requireOrganiser(in: hunt))
                .item(QuizQuestion.self, context.parameters.get("question") ?? "")
            return QuestionBody(question, token: token)
        }
        router.put("admin/quiz/:question") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let body = try await request.decode(as: QuestionBody.self, context: context)
            let id = context.parameters.get("question") ?? ""
            let draft = try await services.running.save(try body.words.edit(id: id), seen: ItemToken(body.token ?? ""), by: organiser)
            return DraftSaved(revision: draft.revision, id: id)
        }
        router.post("admin/quiz") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let body = try await request.decode(as: QuestionBody.self, context: context)
            let (draft, id) = try await services.running.add(try body.words.edit(id: ""), by: organiser)
            return EditedResponse(status: .created, response: DraftSaved(revision: draft.revision, id: id))
        }
        router.delete("admin/quiz/:question") { request, context in
            try await remove(QuizQuestion.self, request, context, "question")
        }
        router.post("admin/places/:place/restore") { _, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let id = context.parameters.get("place") ?? ""
            let draft = try await services.running.restorePlace(id, by: organiser)
            return DraftSaved(revision: draft.revision, id: id)
        }
        router.get("admin/places/:place") { _, context in
            let hunt = services.hunt
            let (place, token) = try await hunt.editing(for: try context.requireOrganiser(in: hunt)).item(Checkpoint.self, context.parameters.get("place") ?? "")
            return PlaceBody(place, token: token)
        }
        router.put("admin/places/:place") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let body = try await request.decode(as: PlaceBody.self, context: context)
            let id = context.parameters.get("place") ?? ""
            let draft = try await services.running.save(try body.words.edit(id: id).checkpoint, seen: ItemToken(body.token ?? ""), by: organiser)
            return DraftSaved(revision: draft.revision, id: id)
        }
        router.post("admin/places") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let body = try await request.decode(as: PlaceBody.self, context: context)
            let (draft, id) = try await services.running.add(try body.words.edit(id: "").checkpoint, by: organiser)
            return EditedResponse(status: .created, response: DraftSaved(revision: draft.revision, id: id))
        }
        router.delete("admin/places/:place") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let id = context.parameters.get("place") ?? ""
            let token = ItemToken(request.uri.queryParameters.get("token") ?? "")
            let draft = try await services.running.retirePlace(id, seen: token, by: organiser)
            return DraftSaved(revision: draft.revision, id: id)
        }
    }

    /// Takes the item named by the path's `parameter` out of the draft, as the form that
    /// showed it (the `token` query) saw it.
    private func remove<Item: EditableItem>(_ kind: Item.Type, _ request: Request, _ context: AppRequestContext,
                                            _ parameter: String) async throws -> DraftSaved {
        let organiser = try context.requireOrganiser(in: services.hunt)
        let id = context.parameters.get(parameter) ?? ""
        let token = ItemToken(request.uri.queryParameters.get("token") ?? "")
        let draft = try await services.running.remove(kind, id, seen: token, by: organiser)
        return DraftSaved(revision: draft.revision, id: id)
    }
}
