import PuzzleMapCore
import Yams

extension ContentReader {
    /// A file of `Riddles/`: a list of riddles, each leading to one checkpoint.
    func readRiddles(_ root: Node, _ reader: inout YAMLFieldReader) -> [Located<Riddle>] {
        guard let root = reader.mapping(root, what: "a riddles file"),
              let items = reader.sequence("riddles", in: root, of: "the riddles file")
        else { return [] }
        return items.compactMap { item -> Located<Riddle>? in
            guard let item = reader.mapping(item, what: "a riddle"),
                  let id = reader.string("id", in: item, of: "a riddle")
            else { return nil }
            let owner = "riddle '\(id)'"
            let checkpoint = reader.string("checkpoint", in: item, of: owner) ?? ""
            let text = reader.string("text", in: item, of: owner) ?? ""
            let hints = reader.strings("hints", in: item, of: owner) ?? []
            let insider = reader.string("insider", in: item, of: owner) ?? ""
            var difficulty = Difficulty.medium
            if let word = reader.string("difficulty", in: item, of: owner) {
                if let parsed = Difficulty(rawValue: word) {
                    difficulty = parsed
                } else {
                    reader.report(.invalidValue, at: item["difficulty"], "\(owner) has difficulty '\(word)'",
                                  fix: "Use easy, medium or hard.")
                }
            }
            var translations: [String: Riddle.Words]?
            if let node = item["translations"], let languages = reader.mapping(node, what: "the translations of \(owner)"),
               let pairs = languages.mapping {
                translations = [:]
                for (key, value) in pairs {
                    guard let tag = key.string, let words = reader.mapping(value, what: "the '\(key.string ?? "")' translation of \(owner)") else { continue }
                    let translated = "the '\(tag)' translation of \(owner)"
                    translations?[tag] = Riddle.Words(text: reader.string("text", in: words, of: translated) ?? "",
                                                      hints: reader.strings("hints", in: words, of: translated) ?? [],
                                                      insider: reader.string("insider", in: words, of: translated) ?? "")
                }
            }
            return Located(
                Riddle(id: id, checkpointID: checkpoint, difficulty: difficulty, text: text, hints: hints, insider: insider,
                       translations: translations),
                at: reader.location(of: item), fieldLines: reader.fieldLines(of: item)
            )
        }
    }
}
