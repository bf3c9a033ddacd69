import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// The console's routes for one kind of item edited in a plain form (a freebie, a partner
/// shop, a badge, a quiz question): the new item's form, adding it, an item's form, saving it
/// and, where the kind may leave the hunt, taking it out. Each save goes through the use case
/// the API calls; a refusal is said on the form, the organiser's words kept, each problem
/// beside its field, and another organiser's save shown beside theirs.
struct ItemFormRoutes<Item: EditableItem, Words: Sendable>: Sendable {
    /// A form as drawn: what it shows, and what went wrong with the last save.
    struct Shown {
        var content: CampusContent
        /// The item's id; `nil` for a new one.
        var id: String?
        var words: Words
        var token: ItemToken
        var problems: [EditProblem] = []
        var status: HTTPResponse.Status = .ok
        /// Another organiser's save since the form was opened, and the item as they left it.
        var conflict: String?
        var theirs: Item?
    }

    let services: HuntServices
    let library: PageLibrary
    /// Where the items' forms live (`console/badges`); the path's name for an item's id
    /// (`badge`); the new item's form (`console/new-badge`).
    let path: String
    let parameter: String
    let newPath: String
    /// Where a save lands, with what it did said (`/console/badges?done=badge`); a removal
    /// lands there too, said as one (`?done=badge-removed`).
    let done: String
    /// Whether the console may take an item of this kind out of the hunt (`POST {path}/{id}/remove`).
    let removable: Bool
    let blank: @Sendable (CampusContent, Hunt) -> Words
    let words: @Sendable (Item) -> Words
    let read: @Sendable (PageForm, CampusContent) -> Words
    let edit: @Sendable (Words, String) throws(OrganiserRefusal) -> Item
    let form: @Sendable (AppRequestContext, Shown) async throws -> Response

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get(RouterPath(newPath)) { _, context in
            let hunt = services.hunt
            let editing = try await hunt.editing(for: try context.requireOrganiser(in: hunt))
            return try await form(context, Shown(content: editing.content, words: blank(editing.content, hunt), token: ItemToken(of: Item?.none)))
        }
        router.post(RouterPath(path)) { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let form = try await PageForm.read(request, context: context)
            let editing = try await services.hunt.editing(for: organiser)
            let words = read(form, editing.content)
            do {
                _ = try await services.running.add(try edit(words, ""), by: organiser)
                return Response.seeOther(done)
            } catch OrganiserRefusal.invalidEdit(let problems) {
                return try await self.form(context, Shown(content: editing.content, words: words, token: ItemToken(of: Item?.none), problems: problems,
                                                          status: .unprocessableContent))
            }
        }
        router.get(RouterPath("\(path)/:\(parameter)")) { _, context in
            let hunt = services.hunt
            let editing = try await hunt.editing(for: try context.requireOrganiser(in: hunt))
            let (item, token) = try editing.item(Item.self, context.parameters.get(parameter) ?? "")
            return try await form(context, Shown(content: editing.content, id: item.id, words: words(item), token: token))
        }
        router.post(RouterPath("\(path)/:\(parameter)")) { request, context in
            try await onItem(request, context, removing: false) { organiser, id, seen, words in
                _ = try await services.running.save(try edit(words, id), seen: seen, by: organiser)
                return done
            }
        }
        guard removable else { return }
        router.post(RouterPath("\(path)/:\(parameter)/remove")) { request, context in
            try await onItem(request, context, removing: true) { organiser, id, seen, _ in
                _ = try await services.running.remove(Item.self, id, seen: seen, by: organiser)
                return done + "-removed"
            }
        }
    }

    /// A save or a removal of the item the form showed (its token): refused, the form again
    /// with the organiser's words (the item as it stands, for a removal), the problems or, when
    /// another organiser saved it since, theirs.
    private func onItem(_ request: Request, _ context: AppRequestContext, removing: Bool,
                        _ change: (Organiser, String, ItemToken, Words) async throws -> String) async throws -> Response {
        let organiser = try context.requireOrganiser(in: services.hunt)
        let form = try await PageForm.read(request, context: context)
        let id = context.parameters.get(parameter) ?? ""
        let seen = ItemToken(form["token"] ?? "")
        var editing = try await services.hunt.editing(for: organiser)
        let words = removing ? self.words(try editing.item(Item.self, id).0) : read(form, editing.content)
        do {
            return Response.seeOther(try await change(organiser, id, seen, words))
        } catch OrganiserRefusal.invalidEdit(let problems) {
            return try await self.form(context, Shown(content: editing.content, id: id, words: words, token: seen, problems: problems,
                                                      status: .unprocessableContent))
        } catch OrganiserRefusal.editConflict {
            editing = try await services.hunt.editing(for: organiser)
            let (theirs, token) = try editing.item(Item.self, id)
            let conflict = library.text("problem.edit_conflict.detail", ["id": id]) + " " + library.text("problem.edit_conflict.hint")
            return try await self.form(context, Shown(content: editing.content, id: id, words: words, token: token, status: .conflict,
                                                      conflict: conflict, theirs: theirs))
        }
    }
}

/// The page of a plain item form (`item-edit`): its fields, a group of boxes to tick where the
/// item names several of a list, problems said beside their fields or above when about the
/// whole, and, where the item may leave the hunt, the button that takes it out.
struct ItemForm {
    /// Boxes to tick, one for each of a list (the places a badge asks to visit).
    struct Checks {
        struct Box {
            var name: String
            var text: String
            var checked: Bool
        }
        var legend: String
        var advice: String
        var problems: [String]
        var boxes: [Box]
    }
    /// The button that takes the item out of the draft, with what it does.
    struct Removal {
        var action: String
        var advice: String
        var button: String
    }
    var action: String
    var token: String
    var intro: String
    var fields: [FormField]
    var checks: Checks?
    var general: [String]
    var conflict: String?
    var theirs: [String]
    var back: String
    var backText: String
    var removal: Removal?

    /// The form's page for `shown`: `fields` as drawn, any problem not about one of them said above.
    /// `alsoSaid` names the problems' fields said beside a field of another name (a badge's
    /// `rule` beside what earns it).
    init<Item, Words>(_ shown: ItemFormRoutes<Item, Words>.Shown, path: String, intro: String, fields: [FormField], checks: Checks? = nil,
                      alsoSaid: [String] = [], theirs: [String], back: String, backText: String, removal: Removal? = nil) {
        let drawn = Set(fields.map(\.name) + alsoSaid)
        action = "/" + (shown.id.map { "\(path)/\($0)" } ?? path)
        token = shown.token.description
        (self.intro, self.fields, self.checks, self.theirs, self.back, self.backText) = (intro, fields, checks, theirs, back, backText)
        general = shown.problems.filter { !drawn.contains($0.field ?? "") }.map { "\($0.message). \($0.fix)" }
        conflict = shown.conflict
        self.removal = shown.id == nil ? nil : removal
    }
}

extension [EditProblem] {
    /// The problems said beside `field`, in the organiser's words.
    func said(beside field: String) -> [String] {
        filter { $0.field == field }.map { "\($0.message). \($0.fix)" }
    }
}
