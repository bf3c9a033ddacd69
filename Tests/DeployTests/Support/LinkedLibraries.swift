import Foundation

/// The shared libraries a binary loads, as this machine's dynamic linker resolves them.
struct LinkedLibraries {
    struct Library: Hashable {
        var soname: String
        var path: String
    }

    /// Every library `ldd` resolves, the ones its libraries need included.
    var all: [Library] = []
    /// The sonames the binary itself names (`NEEDED`), as opposed to its libraries' needs.
    var direct: Set<String> = []
    /// Sonames the linker cannot find on this machine.
    var unresolved: [String] = []

    init(of binary: URL) async throws {
        let ldd = try await run("ldd", [binary.path])
        guard ldd.status == 0 else { throw ToolFailure(tool: "ldd", output: ldd.output) }
        for line in ldd.output.split(separator: "\n") {
            let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
            // `libz.so.1 => /lib/x86_64-linux-gnu/libz.so.1 (0x...)`; the vDSO and the
            // loader itself come without `=>` or without a file.
            guard words.count >= 3, words[1] == "=>" else { continue }
            if words[2] == "not" { unresolved.append(words[0]) } else if words[2].hasPrefix("/") {
                all.append(Library(soname: words[0], path: words[2]))
            }
        }
        let readelf = try await run("readelf", ["--dynamic", "--wide", binary.path])
        guard readelf.status == 0 else { throw ToolFailure(tool: "readelf", output: readelf.output) }
        direct = Set(readelf.output.captures(of: #"\(NEEDED\)\s+Shared library: \[([^\]]+)\]"#).map { $0[0] })
    }

    /// Whether a library is part of the Swift toolchain (its runtime and Foundation), which a
    /// build with `--static-swift-stdlib` links into the binary instead.
    static func isSwiftRuntime(_ library: Library) -> Bool { library.path.contains("/lib/swift/") }
}

/// What Debian knows about the installed packages.
enum DebianPackages {
    /// The package that installed each file, for the files any package installed. Debian 12
    /// merged /lib into /usr/lib, but packages list the files where they put them: the linker's
    /// path and its /usr twin are both asked.
    static func owners(of paths: [String]) async throws -> [String: String] {
        var candidates: [String: [String]] = [:]
        for path in paths {
            var forms = [path, URL(fileURLWithPath: path).resolvingSymlinksInPath().path]
            forms += forms.map { $0.hasPrefix("/usr/") ? String($0.dropFirst(4)) : "/usr" + $0 }
            candidates[path] = forms
        }
        let query = try await run("dpkg-query", ["--search"] + Set(candidates.values.joined()).sorted())
        // `zlib1g:amd64: /usr/lib/x86_64-linux-gnu/libz.so.1`; unknown paths are reported and skipped.
        var found: [String: String] = [:]
        for match in query.output.captures(of: #"^([a-z0-9][a-z0-9+.-]*)(?::[a-z0-9]+)?: (/.+)$"#, options: .anchorsMatchLines) {
            found[match[1]] = match[0]
        }
        return candidates.compactMapValues { forms in forms.lazy.compactMap { found[$0] }.first }
    }

    /// `seeds` and everything they depend on, directly or not, among the installed packages:
    /// what `apt-get install` of the seeds brings along. Every alternative of an `a | b`
    /// dependency counts, and a virtual package stands for all that provide it.
    static func dependencyClosure(of seeds: Set<String>) async throws -> Set<String> {
        let query = try await run("dpkg-query", ["--show", "--showformat", "${Package}\t${Provides}\t${Pre-Depends}, ${Depends}\n"])
        func names(_ field: Substring) -> [String] {
            field.split(whereSeparator: { $0 == "," || $0 == "|" }).compactMap { item in
                item.split(whereSeparator: { $0 == " " || $0 == "(" }).first
                    .map { String($0.split(separator: ":").first ?? $0) }
            }
        }
        var dependencies: [String: [String]] = [:]
        var providers: [String: [String]] = [:]
        for line in query.output.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let package = String(fields[0])
            dependencies[package, default: []] += names(fields[2])
            for provided in names(fields[1]) { providers[provided, default: []].append(package) }
        }
        var closure: Set<String> = []
        var queue = Array(seeds)
        while let package = queue.popLast() {
            for name in [package] + (providers[package] ?? []) where closure.insert(name).inserted {
                queue += dependencies[name] ?? []
            }
        }
        return closure
    }
}

struct ToolFailure: Error, CustomStringConvertible {
    var tool: String
    var output: String
    var description: String { "\(tool) failed: \(output)" }
}
