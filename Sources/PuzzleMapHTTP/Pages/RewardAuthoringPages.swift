import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// Organisers writing what the hunt rewards and asks in the console: freebies and the partner
/// shops that give them, badges, and the quiz's questions. Each kind has a list and a plain
/// form (``ItemFormRoutes``); every save goes into the draft through the use case the API calls.
struct RewardAuthoringPages {
    let services: HuntServices
    let library: PageLibrary

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("console/freebies") { request, context in
            let hunt = services.hunt
            let content = try await hunt.editing(for: try context.requireOrganiser(in: hunt)).content
            let partners = Dictionary(content.partners.map { ($0.id, $0.name) }) { first, _ in first }
            return page(context).response("freebies-console", title: library.text("authoring.offers.title"), ItemList(
                items: content.offers.map { offer in
                    ItemList.Line(href: "/console/freebies/\(offer.id)", title: offer.title, detail: library.text("authoring.offers.line", [
                        "partner": partners[offer.partnerID] ?? offer.partnerID, "unlock": unlockText(offer.unlock, content),
                        "stock": "\(offer.stock)", "until": CampusDates.day(offer.validUntil),
                    ]))
                },
                more: content.partners.map { ItemList.Line(href: "/console/partners/\($0.id)", title: $0.name, detail: $0.address) },
                notice: notice(request)))
        }
        router.get("console/badges") { request, context in
            let hunt = services.hunt
            let content = try await hunt.editing(for: try context.requireOrganiser(in: hunt)).content
            return page(context).response("badges-console", title: library.text("authoring.badges.title"), ItemList(
                items: content.badges.map { badge in
                    ItemList.Line(href: "/console/badges/\(badge.id)", title: badge.name, detail: ruleText(badge.rule, content))
                },
                more: content.quiz.map { question in
                    ItemList.Line(href: "/console/quiz/\(question.id)", title: question.text, detail: question.id)
                },
                notice: notice(request)))
        }
        partnerForms.addRoutes(to: router)
        offerForms.addRoutes(to: router)
        badgeForms.addRoutes(to: router)
        questionForms.addRoutes(to: router)
    }

    private func page(_ context: AppRequestContext) -> PageRendering { PageRendering(library: library, context: context) }

    /// What the save a list is shown after did (`?done=badge`, `?done=badge-removed`), in words.
    private func notice(_ request: Request) -> String? {
        let done = request.uri.queryParameters.get("done").map { String($0) }
        return done.flatMap { Self.notices.contains($0) ? library.text("authoring.done.\($0)") : nil }
    }

    private static let notices: Set = ["partner", "offer", "offer-removed", "badge", "badge-removed", "question", "question-removed"]

    /// A list of items, each opening its form, and a second list below (the partner shops
    /// beside the freebies, the quiz beside the badges).
    struct ItemList {
        struct Line {
            var href: String
            var title: String
            var detail: String
        }
        var items: [Line]
        var more: [Line]
        var notice: String?
    }

    // MARK: Partner shops

    private var partnerForms: ItemFormRoutes<Partner, PartnerEdit> {
        ItemFormRoutes(
            services: services, library: library, path: "console/partners", parameter: "partner", newPath: "console/new-partner", done: "/console/freebies?done=partner",
            removable: false,
            blank: { _, _ in PartnerEdit(id: "", name: "", address: "") },
            words: { PartnerEdit(id: $0.id, name: $0.name, address: $0.address) },
            read: { form, _ in PartnerEdit(id: "", name: form["name"] ?? "", address: form["address"] ?? "") },
            edit: { edit, id in Partner(id: id, name: edit.partner.name, address: edit.partner.address) },
            form: { context, shown in
                func line(_ name: String, _ value: String) -> FormField {
                    FormField(name: name, label: library.text("authoring.partner.\(name)"), problems: shown.problems.said(beside: name), value: value, rows: 0)
                }
                let view = ItemForm(shown, path: "console/partners", intro: library.text("authoring.partner.intro"),
                                    fields: [line("name", shown.words.partner.name), line("address", shown.words.partner.address)],
                                    theirs: shown.theirs.map { [$0.name, $0.address] } ?? [],
                                    back: "/console/freebies", backText: library.text("authoring.offers.back"))
                let title = shown.id == nil ? library.text("authoring.partner.newTitle")
                    : library.text("authoring.partner.editTitle", ["name": shown.words.partner.name])
                return page(context).response("item-edit", title: title, status: shown.status, view)
            })
    }

    // MARK: Freebies

    private var offerForms: ItemFormRoutes<Offer, OfferWords> {
        ItemFormRoutes(
            services: services, library: library, path: "console/freebies", parameter: "offer", newPath: "console/new-freebie", done: "/console/freebies?done=offer",
            removable: true,
            blank: { content, hunt in .blank(partner: content.partners.first?.id ?? "", today: LocalDate(hunt.now(), in: hunt.timeZone)) },
            words: { OfferWords($0) },
            read: { form, _ in
                OfferWords(partner: form["partner"] ?? "", title: form["title"] ?? "", description: form["description"] ?? "", unlock: form["unlock"] ?? "",
                           stock: form["stock"] ?? "", perPlayer: form["perPlayer"] ?? "", validFrom: form["validFrom"] ?? "",
                           validUntil: form["validUntil"] ?? "", voucherDays: form["voucherDays"] ?? "")
            },
            edit: { words, id throws(OrganiserRefusal) in try words.edit(id: id).offer },
            form: { context, shown in
                let (words, content, problems) = (shown.words, shown.content, shown.problems)
                func line(_ name: String, _ value: String, mode: String? = nil, type: String? = nil) -> FormField {
                    FormField(name: name, label: library.text("authoring.offer.\(name)"), problems: problems.said(beside: name), value: value, rows: 0,
                              inputMode: mode, inputType: type)
                }
                let partners = content.partners.map { FormField.Option(value: $0.id, text: $0.name, selected: $0.id == words.partner) }
                // Every level above the first, and every badge; what the freebie names now even when the rules have no such level.
                let chosen = words.unlock.trimmingCharacters(in: .whitespaces)
                var unlocks = (2...max(2, content.rules.levelThresholds.count)).map { OfferUnlock.level($0) } + content.badges.map { OfferUnlock.badge($0.id) }
                if let current = try? words.edit(id: "").offer.unlock, !unlocks.contains(current) { unlocks.insert(current, at: 0) }
                let unlockOptions = unlocks.map { unlock in
                    FormField.Option(value: OfferWords.words(unlock), text: unlockText(unlock, content), selected: OfferWords.words(unlock) == chosen)
                }
                let view = ItemForm(
                    shown, path: "console/freebies", intro: library.text("authoring.offer.intro"),
                    fields: [
                        FormField(name: "partner", label: library.text("authoring.offer.partner"), problems: problems.said(beside: "partner"),
                                  choices: .init(options: partners)),
                        line("title", words.title),
                        FormField(name: "description", label: library.text("authoring.offer.description"), problems: problems.said(beside: "description"),
                                  value: words.description, rows: 3),
                        FormField(name: "unlock", label: library.text("authoring.offer.unlock"), problems: problems.said(beside: "unlock"),
                                  choices: .init(options: unlockOptions)),
                        line("stock", words.stock, mode: "numeric"), line("perPlayer", words.perPlayer, mode: "numeric"),
                        line("validFrom", words.validFrom, type: "date"), line("validUntil", words.validUntil, type: "date"),
                        line("voucherDays", words.voucherDays, mode: "numeric"),
                    ],
                    theirs: shown.theirs.map { [$0.title, $0.description, unlockText($0.unlock, content), "\($0.stock)"] } ?? [],
                    back: "/console/freebies", backText: library.text("authoring.offers.back"),
                    removal: .init(action: "/console/freebies/\(shown.id ?? "")/remove", advice: library.text("authoring.offer.retireAdvice"),
                                   button: library.text("authoring.offer.retireButton")))
                let title = shown.id == nil ? library.text("authoring.offer.newTitle") : library.text("authoring.offer.editTitle", ["title": words.title])
                return page(context).response("item-edit", title: title, status: shown.status, view)
            })
    }

    private func unlockText(_ unlock: OfferUnlock, _ content: CampusContent) -> String {
        switch unlock {
        case .level(let level): library.text("authoring.offer.unlockLevel", ["level": "\(level)"])
        case .badge(let id): library.text("authoring.offer.unlockBadge", ["badge": content.badges.first { $0.id == id }?.name ?? id])
        }
    }

    // MARK: Badges

    private var badgeForms: ItemFormRoutes<Badge, BadgeWords> {
        ItemFormRoutes(
            services: services, library: library, path: "console/badges", parameter: "badge", newPath: "console/new-badge", done: "/console/badges?done=badge",
            removable: true,
            blank: { _, _ in .blank },
            words: { BadgeWords($0) },
            read: { form, content in
                BadgeWords(name: form["name"] ?? "", description: form["description"] ?? "", kind: form["kind"] ?? "", count: form["count"] ?? "",
                           category: form["category"] ?? "", tag: form["tag"] ?? "",
                           places: content.checkpoints.map(\.id).filter { form["place-\($0)"] != nil })
            },
            edit: { words, id throws(OrganiserRefusal) in try words.edit(id: id) },
            form: { context, shown in
                let (words, content, problems) = (shown.words, shown.content, shown.problems)
                func choice(_ name: String, _ options: [(String, String)], _ chosen: String, problems said: [String] = []) -> FormField {
                    FormField(name: name, label: library.text("authoring.badge.\(name)"), problems: said,
                              choices: .init(options: options.map { FormField.Option(value: $0.0, text: $0.1, selected: $0.0 == chosen) }))
                }
                let any = ("", library.text("authoring.badge.any"))
                let view = ItemForm(
                    shown, path: "console/badges", intro: library.text("authoring.badge.intro"),
                    fields: [
                        FormField(name: "name", label: library.text("authoring.badge.name"), problems: problems.said(beside: "name"), value: words.name, rows: 0),
                        FormField(name: "description", label: library.text("authoring.badge.description"), problems: problems.said(beside: "description"),
                                  value: words.description, rows: 2),
                        choice("kind", BadgeRule.Kind.allCases.map { ($0.rawValue, library.text("authoring.badge.kind.\($0.rawValue)")) }, words.kind,
                               problems: problems.said(beside: "rule")),
                        FormField(name: "count", label: library.text("authoring.badge.count"), problems: [], value: words.count, rows: 0, inputMode: "numeric"),
                        choice("category", [any] + Category.allCases.map { ($0.rawValue, library.text("play.category.\($0.rawValue)")) }, words.category),
                        choice("tag", [any] + content.info.traits.map { ($0, $0) }, words.tag),
                    ],
                    checks: .init(legend: library.text("authoring.badge.places"), advice: library.text("authoring.badge.placesAdvice"), problems: [],
                                  boxes: content.checkpoints.map { .init(name: "place-\($0.id)", text: $0.name, checked: words.places.contains($0.id)) }),
                    alsoSaid: ["rule"],
                    theirs: shown.theirs.map { [$0.name, $0.description, ruleText($0.rule, content)] } ?? [],
                    back: "/console/badges", backText: library.text("authoring.badges.back"),
                    removal: .init(action: "/console/badges/\(shown.id ?? "")/remove", advice: library.text("authoring.badge.removeAdvice"),
                                   button: library.text("authoring.badge.removeButton")))
                let title = shown.id == nil ? library.text("authoring.badge.newTitle") : library.text("authoring.badge.editTitle", ["name": words.name])
                return page(context).response("item-edit", title: title, status: shown.status, view)
            })
    }

    /// What earns a badge, as an organiser reads it in the list.
    private func ruleText(_ rule: BadgeRule, _ content: CampusContent) -> String {
        switch rule {
        case .solve(let count, let category, let tag):
            var text = library.text("authoring.badge.rule.solve", ["count": "\(count)"])
            if let category { text += " · " + library.text("play.category.\(category.rawValue)") }
            if let tag { text += " · \(tag)" }
            return text
        case .visit(let ids):
            let names = ids.map { id in content.checkpoint(id: id)?.name ?? id }
            return library.text("authoring.badge.rule.visit", ["places": names.joined(separator: ", ")])
        case .hintless(let count): return library.text("authoring.badge.rule.hintless", ["count": "\(count)"])
        case .everyCategory(let count): return library.text("authoring.badge.rule.every-category", ["count": "\(count)"])
        case .level(let level): return library.text("authoring.badge.rule.level", ["count": "\(level)"])
        case .crew(let count): return library.text("authoring.badge.rule.crew", ["count": "\(count)"])
        }
    }

    // MARK: The quiz

    private var questionForms: ItemFormRoutes<QuizQuestion, QuestionWords> {
        ItemFormRoutes(
            services: services, library: library, path: "console/quiz", parameter: "question", newPath: "console/new-question", done: "/console/badges?done=question",
            removable: true,
            blank: { _, _ in .blank },
            words: { QuestionWords($0) },
            read: { form, _ in
                QuestionWords(text: form["text"] ?? "", answers: Dictionary(uniqueKeysWithValues: QuizAnswer.allCases.map { ($0.rawValue, form[$0.rawValue] ?? "") }))
            },
            edit: { words, id throws(OrganiserRefusal) in try words.edit(id: id) },
            form: { context, shown in
                let (words, problems) = (shown.words, shown.problems)
                let view = ItemForm(
                    shown, path: "console/quiz",
                    intro: library.text("authoring.question.intro", ["traits": shown.content.info.traits.joined(separator: ", ")]),
                    fields: [FormField(name: "text", label: library.text("authoring.question.text"), problems: problems.said(beside: "text"),
                                       value: words.text, rows: 2)]
                        + QuizAnswer.allCases.map { answer in
                            FormField(name: answer.rawValue, label: library.text("quiz.answer.\(answer.rawValue)"),
                                      problems: problems.said(beside: "answers.\(answer.rawValue)"), value: words.answers[answer.rawValue] ?? "", rows: 0)
                        },
                    alsoSaid: QuizAnswer.allCases.map { "answers.\($0.rawValue)" },
                    theirs: shown.theirs.map { theirs in
                        let answers = QuestionWords(theirs).answers
                        return [theirs.text] + QuizAnswer.allCases.map { "\(library.text("quiz.answer.\($0.rawValue)")): \(answers[$0.rawValue] ?? "")" }
                    } ?? [],
                    back: "/console/badges", backText: library.text("authoring.badges.back"),
                    removal: .init(action: "/console/quiz/\(shown.id ?? "")/remove", advice: library.text("authoring.question.removeAdvice"),
                                   button: library.text("authoring.question.removeButton")))
                let title = shown.id == nil ? library.text("authoring.question.newTitle") : library.text("authoring.question.editTitle")
                return page(context).response("item-edit", title: title, status: shown.status, view)
            })
    }
}
