import Foundation

/// Just enough of a Dockerfile's reading to check what each stage installs and runs: its
/// instructions with continuation lines joined and comments dropped, as Docker reads them.
struct Dockerfile {
    struct Instruction {
        var keyword: String
        var arguments: String
    }

    struct Stage {
        var baseImage: String
        var name: String?
        var instructions: [Instruction]

        /// The shell commands of its `RUN` instructions, split at `&&`, `||` and `;`, each
        /// as its words.
        var commands: [[String]] {
            instructions.filter { $0.keyword == "RUN" }.flatMap { instruction in
                instruction.arguments.replacingOccurrences(of: "||", with: "&&").replacingOccurrences(of: ";", with: "&&")
                    .components(separatedBy: "&&")
                    .map { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
                    .filter { !$0.isEmpty }
            }
        }

        /// Every package an `apt-get install` of this stage names.
        var aptPackages: Set<String> {
            Set(commands.flatMap { words -> [String] in
                guard let apt = words.firstIndex(of: "apt-get"), let install = words[apt...].firstIndex(of: "install") else { return [] }
                return words[(install + 1)...].filter { !$0.hasPrefix("-") }
            })
        }

        /// The words of the first command that runs `swift build`, if any.
        var swiftBuild: [String]? {
            commands.first { words in zip(words, words.dropFirst()).contains { $0 == "swift" && $1 == "build" } }
        }

        func arguments(of keyword: String) -> [String] {
            instructions.filter { $0.keyword == keyword }.map(\.arguments)
        }
    }

    var stages: [Stage] = []

    init(_ text: String) {
        var logical: [String] = []
        var pending = ""
        for line in text.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            // Comment lines go, even in the middle of a continued instruction.
            if trimmed.hasPrefix("#") || (trimmed.isEmpty && !pending.isEmpty) { continue }
            if trimmed.hasSuffix("\\") {
                pending += String(trimmed.dropLast()) + " "
            } else {
                logical.append(pending + trimmed)
                pending = ""
            }
        }
        for line in logical where !line.isEmpty {
            let parts = line.split(separator: " ", maxSplits: 1)
            let instruction = Instruction(keyword: parts[0].uppercased(), arguments: parts.count > 1 ? String(parts[1]) : "")
            if instruction.keyword == "FROM" {
                let words = instruction.arguments.split(separator: " ").map(String.init).filter { !$0.hasPrefix("--") }
                let name = words.count >= 3 && words[1].uppercased() == "AS" ? words[2] : nil
                stages.append(Stage(baseImage: words.first ?? "", name: name, instructions: []))
            } else if !stages.isEmpty {
                stages[stages.count - 1].instructions.append(instruction)
            }
        }
    }

    func stage(named name: String) -> Stage? { stages.first { $0.name == name } }
}
