import Foundation
import PuzzleMapCore
import Yams

extension ContentReader {
    /// `Campus/campus.yaml`: the hunt's title, university, time zone and trait vocabulary.
    func readCampusInfo(_ root: Node, _ reader: inout YAMLFieldReader) -> Located<CampusInfo>? {
        guard let root = reader.mapping(root, what: "the campus file") else { return nil }
        let owner = "the campus file"
        let title = reader.string("title", in: root, of: owner)
        let university = reader.string("university", in: root, of: owner)
        let timeZone = reader.string("timeZone", in: root, of: owner)
        let traits = reader.strings("traits", in: root, of: owner)
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            reader.report(.invalidValue, at: root["timeZone"], "time zone '\(timeZone)' is not known",
                          fix: "Use an IANA time zone name such as Europe/London.")
        }
        guard let title, let university, let timeZone, let traits else { return nil }
        return Located(
            CampusInfo(title: title, university: university, timeZoneIdentifier: timeZone, traits: traits),
            at: reader.location(of: root), fieldLines: reader.fieldLines(of: root)
        )
    }

    /// `Campus/game.yaml`: rewards, level curve, selection strength, anti-cheat speed.
    func readGameRules(_ root: Node, _ reader: inout YAMLFieldReader) -> Located<GameRules>? {
        guard let root = reader.mapping(root, what: "the game file") else { return nil }
        var lines = reader.fieldLines(of: root)
        let xp = reader.mapping(root["xp"], what: "`xp`")
        let selection = reader.mapping(root["selection"], what: "`selection`")
        let antiCheat = reader.mapping(root["antiCheat"], what: "`antiCheat`")
        for (key, node) in [("xp", xp), ("selection", selection), ("antiCheat", antiCheat)] where node == nil && root[key] == nil {
            reader.report(.missingField, at: root, "the game file has no `\(key)` section", fix: "Add the `\(key)` section; see the README.")
        }
        var solveXP: [Difficulty: Int] = [:]
        if let xp {
            lines.merge(reader.fieldLines(of: xp)) { first, _ in first }
            if let solve = reader.mapping(xp["solve"], what: "`xp.solve`") {
                for difficulty in Difficulty.allCases {
                    solveXP[difficulty] = reader.int(difficulty.rawValue, in: solve, of: "`xp.solve`")
                }
            } else if xp["solve"] == nil {
                reader.report(.missingField, at: xp, "`xp` has no `solve` rewards", fix: "Add `solve: { easy: 100, medium: 150, hard: 220 }`.")
            }
        }
        let hintCost = xp.flatMap { reader.sequence("hintCost", in: $0, of: "`xp`") }?
            .compactMap { reader.int($0, what: "an item of `xp.hintCost`") }
        let minimumReward = xp.flatMap { reader.int("minimumReward", in: $0, of: "`xp`") }
        let explore = xp.flatMap { reader.int("explore", in: $0, of: "`xp`") }
        let checkIn = xp.flatMap { reader.int("checkIn", in: $0, of: "`xp`") }
        let challengeWin = xp.flatMap { $0["challengeWin"] == nil ? nil : reader.int("challengeWin", in: $0, of: "`xp`") }
        let levels = reader.sequence("levels", in: root, of: "the game file")?
            .compactMap { reader.int($0, what: "an item of `levels`") }
        let strength = selection.flatMap { reader.double("traitStrength", in: $0, of: "`selection`") }
        let speed = antiCheat.flatMap { reader.double("maxSpeedMetresPerSecond", in: $0, of: "`antiCheat`") }
        var limits = GameLimits()
        if let section = root["limits"], let mapping = reader.mapping(section, what: "`limits`") {
            lines.merge(reader.fieldLines(of: mapping)) { first, _ in first }
            for (name, path) in GameLimits.fields where mapping[name] != nil {
                guard let value = reader.int(name, in: mapping, of: "`limits`") else { continue }
                if value < 1 {
                    reader.report(.invalidValue, at: mapping[name]!, "`limits.\(name)` is \(value)", fix: "Use a whole number of at least 1.")
                } else {
                    limits[keyPath: path] = value
                }
            }
            for key in mapping.mapping?.keys.compactMap(\.string) ?? [] where !GameLimits.fields.contains(where: { $0.name == key }) {
                reader.report(.invalidValue, at: mapping[key]!, "`limits` has no field `\(key)`",
                              fix: "Use one of: \(GameLimits.fields.map(\.name).joined(separator: ", ")).")
            }
        }
        var crew = CrewRules()
        if let section = root["crew"], let mapping = reader.mapping(section, what: "`crew`") {
            lines.merge(reader.fieldLines(of: mapping)) { first, _ in first }
            let fields: [(String, WritableKeyPath<CrewRules, Int>, Int)] = [("maxMembers", \.maxMembers, 2), ("windowMinutes", \.windowMinutes, 1),
                                                                             ("bonusXP", \.bonusXP, 0)]
            for (name, path, least) in fields where mapping[name] != nil {
                guard let value = reader.int(name, in: mapping, of: "`crew`") else { continue }
                if value < least {
                    reader.report(.invalidValue, at: mapping[name]!, "`crew.\(name)` is \(value)", fix: "Use a whole number of at least \(least).")
                } else {
                    crew[keyPath: path] = value
                }
            }
            for key in mapping.mapping?.keys.compactMap(\.string) ?? [] where !fields.contains(where: { $0.0 == key }) {
                reader.report(.invalidValue, at: mapping[key]!, "`crew` has no field `\(key)`", fix: "Use one of: maxMembers, windowMinutes, bonusXP.")
            }
        }
        guard solveXP.count == Difficulty.allCases.count, let hintCost, let minimumReward, let explore,
              let checkIn, let levels, let strength, let speed
        else { return nil }
        var rules = GameRules(
                solveXP: solveXP, hintCost: hintCost, minimumReward: minimumReward, exploreXP: explore,
                checkInXP: checkIn, challengeWinXP: challengeWin ?? GameRules.defaultChallengeWinXP, levelThresholds: levels, traitStrength: strength, maxSpeedMetresPerSecond: speed,
                limits: limits
            )
        rules.crew = crew
        return Located(rules, at: reader.location(of: root), fieldLines: lines)
    }

    /// `Campus/quiz.yaml`: the questions, each answer's trait weights on the four-point scale.
    func readQuiz(_ root: Node, _ reader: inout YAMLFieldReader) -> [Located<QuizQuestion>] {
        guard let root = reader.mapping(root, what: "the quiz file"),
              let items = reader.sequence("questions", in: root, of: "the quiz file")
        else { return [] }
        return items.compactMap { item -> Located<QuizQuestion>? in
            guard let item = reader.mapping(item, what: "a quiz question"),
                  let id = reader.string("id", in: item, of: "a quiz question")
            else { return nil }
            let owner = "quiz question '\(id)'"
            let text = reader.string("text", in: item, of: owner) ?? ""
            var effects: [QuizAnswer: [String: Double]] = [:]
            if let answers = reader.mapping(item["answers"], what: "`answers` of \(owner)") {
                for (key, value) in answers.mapping! {
                    let label = key.string ?? ""
                    guard let answer = QuizAnswer(rawValue: label) else {
                        reader.report(.quizAnswerOutsideScale, at: key, "\(owner) has answer '\(label)', which is not on the scale",
                                      fix: "Use only strongly_agree, agree, disagree and strongly_disagree.")
                        continue
                    }
                    effects[answer] = traitWeights(value, of: "\(owner), answer \(label)", &reader)
                }
            } else if item["answers"] == nil {
                reader.report(.missingField, at: item, "\(owner) has no `answers`", fix: "Give the trait weights of each of the four answers.")
            }
            return Located(QuizQuestion(id: id, text: text, effects: effects),
                           at: reader.location(of: item), fieldLines: reader.fieldLines(of: item))
        }
    }

    private func traitWeights(_ node: Node, of owner: String, _ reader: inout YAMLFieldReader) -> [String: Double] {
        guard let mapping = reader.mapping(node, what: owner) else { return [:] }
        var weights: [String: Double] = [:]
        for (key, value) in mapping.mapping! {
            if let trait = key.string, let weight = reader.double(value, what: "\(owner): `\(trait)`") {
                weights[trait] = weight
            }
        }
        return weights
    }
}
