import PuzzleMapCore
import Yams

extension ContentReader {
    /// `Campus/badges.yaml`: achievements and the rule that earns each.
    func readBadges(_ root: Node, _ reader: inout YAMLFieldReader) -> [Located<Badge>] {
        guard let root = reader.mapping(root, what: "the badges file"),
              let items = reader.sequence("badges", in: root, of: "the badges file")
        else { return [] }
        return items.compactMap { item -> Located<Badge>? in
            guard let item = reader.mapping(item, what: "a badge"),
                  let id = reader.string("id", in: item, of: "a badge")
            else { return nil }
            let owner = "badge '\(id)'"
            let name = reader.string("name", in: item, of: owner) ?? ""
            let description = reader.string("description", in: item, of: owner) ?? ""
            guard let ruleNode = reader.mapping(item["rule"], what: "the rule of \(owner)") else {
                if item["rule"] == nil {
                    reader.report(.missingField, at: item, "\(owner) has no `rule`", fix: "Say how the badge is earned, e.g. `rule: { kind: solve, count: 3 }`.")
                }
                return nil
            }
            guard let rule = readBadgeRule(ruleNode, of: owner, &reader) else { return nil }
            return Located(Badge(id: id, name: name, description: description, rule: rule),
                           at: reader.location(of: item), fieldLines: reader.fieldLines(of: item))
        }
    }

    private func readBadgeRule(_ node: Node, of owner: String, _ reader: inout YAMLFieldReader) -> BadgeRule? {
        let ruleOwner = "the rule of \(owner)"
        guard let kind = reader.string("kind", in: node, of: ruleOwner) else { return nil }
        switch kind {
        case "solve":
            let count = reader.int("count", in: node, of: ruleOwner)
            let category = node["category"] == nil ? nil : reader.category("category", in: node, of: ruleOwner)
            if node["category"] != nil && category == nil { return nil }
            let tag = reader.string("tag", in: node, of: ruleOwner, required: false)
            return count.map { .solve(count: $0, category: category, tag: tag) }
        case "visit":
            return reader.strings("checkpoints", in: node, of: ruleOwner).map { .visit(checkpointIDs: $0) }
        case "hintless":
            return reader.int("count", in: node, of: ruleOwner).map { .hintless(count: $0) }
        case "every-category":
            return reader.int("count", in: node, of: ruleOwner).map { .everyCategory(count: $0) }
        case "level":
            return reader.int("level", in: node, of: ruleOwner).map { .level($0) }
        case "crew":
            return reader.int("count", in: node, of: ruleOwner).map { .crew(count: $0) }
        default:
            reader.report(.invalidValue, at: node["kind"], "\(ruleOwner) has unknown kind '\(kind)'",
                          fix: "Use solve, visit, hintless, every-category, level or crew.")
            return nil
        }
    }

    /// `Campus/offers.yaml`: partners and the freebies they give.
    func readOffers(_ root: Node, _ reader: inout YAMLFieldReader) -> ([Located<Partner>], [Located<Offer>]) {
        guard let root = reader.mapping(root, what: "the offers file") else { return ([], []) }
        let partners = (reader.sequence("partners", in: root, of: "the offers file") ?? []).compactMap { item -> Located<Partner>? in
            guard let item = reader.mapping(item, what: "a partner"),
                  let id = reader.string("id", in: item, of: "a partner")
            else { return nil }
            let owner = "partner '\(id)'"
            return Located(
                Partner(id: id, name: reader.string("name", in: item, of: owner) ?? "",
                        address: reader.string("address", in: item, of: owner, required: false) ?? ""),
                at: reader.location(of: item), fieldLines: reader.fieldLines(of: item)
            )
        }
        let offers = (reader.sequence("offers", in: root, of: "the offers file") ?? []).compactMap { item -> Located<Offer>? in
            guard let item = reader.mapping(item, what: "an offer"),
                  let id = reader.string("id", in: item, of: "an offer")
            else { return nil }
            let owner = "offer '\(id)'"
            let partner = reader.string("partner", in: item, of: owner, required: false) ?? ""
            let title = reader.string("title", in: item, of: owner) ?? ""
            let description = reader.string("description", in: item, of: owner) ?? ""
            let unlock = readUnlock(item["unlock"], of: owner, &reader)
            if item["unlock"] == nil {
                reader.report(.missingField, at: item, "\(owner) has no `unlock`", fix: "Say what unlocks it: `unlock: { level: 3 }` or `unlock: { badge: ID }`.")
            }
            guard let unlock,
                  let stock = reader.int("stock", in: item, of: owner),
                  let perPlayer = reader.int("perPlayer", in: item, of: owner),
                  let validFrom = reader.date("validFrom", in: item, of: owner),
                  let validUntil = reader.date("validUntil", in: item, of: owner),
                  let voucherDays = reader.int("voucherDays", in: item, of: owner)
            else { return nil }
            return Located(
                Offer(id: id, partnerID: partner, title: title, description: description, unlock: unlock, stock: stock,
                      perPlayer: perPlayer, validFrom: validFrom, validUntil: validUntil, voucherDays: voucherDays),
                at: reader.location(of: item), fieldLines: reader.fieldLines(of: item)
            )
        }
        return (partners, offers)
    }

    private func readUnlock(_ node: Node?, of owner: String, _ reader: inout YAMLFieldReader) -> OfferUnlock? {
        guard let node = reader.mapping(node, what: "the unlock of \(owner)") else { return nil }
        let level = reader.int("level", in: node, of: "the unlock of \(owner)", required: false)
        let badge = reader.string("badge", in: node, of: "the unlock of \(owner)", required: false)
        switch (level, badge) {
        case (let level?, nil): return .level(level)
        case (nil, let badge?): return .badge(badge)
        default:
            reader.report(.invalidValue, at: node, "the unlock of \(owner) must give exactly one of `level` or `badge`",
                          fix: "Write `unlock: { level: 3 }` or `unlock: { badge: ID }`.")
            return nil
        }
    }
}
