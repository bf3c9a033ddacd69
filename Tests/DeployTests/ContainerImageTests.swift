import Foundation
import Testing

/// Deploy/Dockerfile, checked without a Docker engine: its package lists against what the
/// package names and what a built binary really links on this machine (the image's Debian
/// release), and its health check against a stand-in instance.
@Suite struct ContainerImageTests {
    /// In every Debian image: the essential packages need it, and it must match the release.
    static let baseImagePackages: Set<String> = ["libc6"]
    /// What the runtime stage may install besides the binary's libraries, and why.
    static let runtimeDataPackages: Set<String> = [
        "fonts-dejavu-core",  // the fonts code sheets are drawn with
        "tzdata",             // opening hours are read in the campus's time zone
        "ca-certificates",    // TLS to a remote database or mail relay
        "librsvg2-bin",       // rsvg-convert, run to draw an uploaded SVG campus plan
    ]

    let dockerfile: Dockerfile

    init() throws {
        dockerfile = Dockerfile(try Repository.text("Deploy/Dockerfile"))
    }

    var runtime: Dockerfile.Stage {
        get throws { try #require(dockerfile.stages.last, "Deploy/Dockerfile has no stage") }
    }

    func builtBinary() throws -> URL {
        try #require(Repository.builtBinary(), """
            No puzzlemap binary is built to read the links of: run `swift build --product puzzlemap` \
            in \(Repository.root.path) (looked beside the test bundle, in .build/release and .build/debug).
            """)
    }

    /// Library packages have release-specific names (libx265-199): the runtime image must be
    /// the release the binary was linked on, here.
    @Test func theRuntimeImageIsThisMachinesDebianRelease() throws {
        let release = try String(contentsOfFile: "/etc/os-release", encoding: .utf8)
        let codename = try #require(release.captures(of: #"^VERSION_CODENAME=(\w+)$"#, options: .anchorsMatchLines).first?.first,
                                    "this machine is not Debian: the image's packages cannot be checked here")
        #expect(try runtime.baseImage == "debian:\(codename)-slim")
        let build = try #require(dockerfile.stage(named: "build"))
        #expect(build.baseImage.hasPrefix("swift:") && build.baseImage.hasSuffix("-\(codename)"), "\(build.baseImage)")
    }

    @Test func theRuntimeStageInstallsThePackageOfEveryLibraryTheBinaryLinks() async throws {
        let libraries = try await LinkedLibraries(of: builtBinary())
        #expect(libraries.unresolved.isEmpty, "the binary does not even load here: \(libraries.unresolved) not found")

        // The Swift runtime and Foundation come from the toolchain, not from packages: a
        // build with --static-swift-stdlib links them in, and only then is the image complete.
        if libraries.all.contains(where: LinkedLibraries.isSwiftRuntime) {
            let build = try #require(dockerfile.stage(named: "build"))
            #expect(build.swiftBuild?.contains("--static-swift-stdlib") == true,
                    "the binary links the Swift runtime, which the runtime image lacks: build with --static-swift-stdlib")
        }

        let system = libraries.all.filter { !LinkedLibraries.isSwiftRuntime($0) }
        let owners = try await DebianPackages.owners(of: system.map(\.path))
        let installed = try runtime.aptPackages.union(Self.baseImagePackages)
        let brought = try await DebianPackages.dependencyClosure(of: installed)
        for library in system {
            guard let owner = owners[library.path] else {
                Issue.record("\(library.soname) (\(library.path)) belongs to no Debian package: the image cannot install it")
                continue
            }
            if libraries.direct.contains(library.soname) {
                // Named outright, not left to another package's dependencies.
                #expect(installed.contains(owner), "the binary links \(library.soname) from \(owner), which the runtime stage does not install")
            } else {
                #expect(brought.contains(owner), "\(library.soname) comes from \(owner), which nothing the runtime stage installs depends on")
            }
        }
    }

    /// The libraries the binary opens itself when it first needs them rather than linking them
    /// (`LibHeif.soname`, `LibCairo.soname`), as this machine's dynamic linker finds them, and
    /// their packages. Every source that opens one (`DynamicLibrary(Self.soname)`) is read, so a
    /// new one is checked without being listed here.
    func packagesOfLibrariesOpenedWhenNeeded() async throws -> [String: String] {
        let sources = try #require(FileManager.default.enumerator(at: Repository.url("Sources"), includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        var sonames: [String] = []
        for source in sources {
            let text = try String(contentsOf: source, encoding: .utf8)
            guard text.contains("DynamicLibrary(Self.soname)") else { continue }
            let named = text.captures(of: #"static let soname = "([^"]+)""#).map { $0[0] }
            #expect(named.count == 1, "\(source.lastPathComponent) opens a library but names no soname the way this test reads it")
            sonames += named
        }
        #expect(sonames.count >= 2, "no source opens libheif and cairo the way this test reads it: found \(sonames)")
        let cache = try await run("ldconfig", ["--print-cache"]).output
        var packages: [String: String] = [:]
        for soname in sonames {
            // `\tlibheif.so.1 (libc6,x86-64) => /lib/x86_64-linux-gnu/libheif.so.1`
            let path = try #require(cache.captures(of: "^\\s*" + NSRegularExpression.escapedPattern(for: soname) + #" \([^)]*\) => (\S+)$"#,
                                                   options: .anchorsMatchLines).first?.first, "\(soname) is not installed here")
            let owners = try await DebianPackages.owners(of: [path])
            packages[soname] = try #require(owners[path], "\(path) belongs to no Debian package")
        }
        return packages
    }

    @Test func theRuntimeStageInstallsTheLibrariesTheBinaryOpensWhenNeeded() async throws {
        let installed = try runtime.aptPackages
        let linked = try await LinkedLibraries(of: builtBinary()).direct
        for (soname, package) in try await packagesOfLibrariesOpenedWhenNeeded() {
            #expect(installed.contains(package), "the binary opens \(soname) from \(package), which the runtime stage does not install")
            // Opened, not linked: every process would load it, and its dependencies, at start.
            #expect(!linked.contains(soname), "the binary links \(soname), which it should only open when it needs it")
        }
    }

    @Test func theRuntimeStageInstallsNothingTheBinaryDoesNotNeed() async throws {
        let libraries = try await LinkedLibraries(of: builtBinary())
        let direct = libraries.all.filter { libraries.direct.contains($0.soname) && !LinkedLibraries.isSwiftRuntime($0) }
        let linked = try await DebianPackages.owners(of: direct.map(\.path)).values
        let needed = Set(linked).union(try await packagesOfLibrariesOpenedWhenNeeded().values)
        let extra = try runtime.aptPackages.subtracting(needed).subtracting(Self.runtimeDataPackages)
        #expect(extra.isEmpty, "the runtime stage installs \(extra.sorted()), which the binary does not link")
    }

    @Test func theBuildStageInstallsEveryDevelopmentPackageTheBuildNeeds() throws {
        let manifest = try Repository.text("Package.swift")
        let providers = manifest.captures(of: #"\.apt\(\[([^\]]*)\]\)"#).flatMap { $0[0].captures(of: #""([^"]+)""#).map { $0[0] } }
        #expect(!providers.isEmpty, "Package.swift names no apt providers: has the manifest changed shape?")
        // The build part of install-deps.sh: pkg-config and the -dev packages (libsqlite3-dev is
        // GRDB's, so the manifest does not name it).
        let script = try Repository.text("Scripts/install-deps.sh")
        let scripted = script.captures(of: #"^\s*(pkg-config|[a-z0-9][a-z0-9+.-]*-dev)\s"#, options: .anchorsMatchLines).map { $0[0] }
        #expect(scripted.contains("libsqlite3-dev"))

        let build = try #require(dockerfile.stage(named: "build"), "Deploy/Dockerfile has no stage named build")
        let missing = Set(providers + scripted).subtracting(build.aptPackages)
        #expect(missing.isEmpty, "the build stage does not install \(missing.sorted())")

        let command = try #require(build.swiftBuild, "the build stage runs no swift build")
        for argument in ["--static-swift-stdlib", "puzzlemap", "release"] {
            #expect(command.contains(argument), "\(command.joined(separator: " ")) lacks \(argument)")
        }
    }

    @Test func theRuntimeStageHasTheFontsCodeSheetsAreDrawnWith() async throws {
        let renderer = try Repository.text("Sources/PuzzleMapPrinting/CodeSheetRenderer.swift")
        let faces = Set(renderer.captures(of: #"cairo\.selectFontFace\([^,]+,\s*"([^"]+)",\s*CAIRO_FONT_SLANT_(\w+),\s*CAIRO_FONT_WEIGHT_(\w+)\)"#)
            .map { "\($0[0]):slant=\($0[1] == "NORMAL" ? "roman" : $0[1].lowercased()):weight=\($0[2] == "NORMAL" ? "regular" : $0[2].lowercased())" })
        #expect(!faces.isEmpty, "CodeSheetRenderer selects no font faces the way this test reads them")
        let installed = try runtime.aptPackages
        for face in faces.sorted() {
            // The file fontconfig picks for the face, as cairo will, and the package it is in.
            let match = try await run("fc-match", ["--format", "%{family}\t%{file}", face])
            let fields = match.output.split(separator: "\t").map(String.init)
            let family = String(face.prefix { $0 != ":" })
            #expect(fields.first?.split(separator: ",").contains { $0 == family } == true,
                    "no font of the family \(family) on this machine to find its package by: \(match.output)")
            let file = try #require(fields.last)
            let owner = try await DebianPackages.owners(of: [file])[file]
            #expect(owner.map(installed.contains) == true, "\(face) (\(file)) comes from \(owner ?? "no package"), which the runtime stage does not install")
        }
    }

    @Test func theImageRunsUnprivilegedFromAVolume() throws {
        let runtime = try runtime
        let user = try #require(runtime.arguments(of: "USER").last)
        #expect(!["root", "0"].contains(user.split(separator: ":").first.map(String.init)), "USER \(user)")
        let volumes = runtime.arguments(of: "VOLUME").joined()
        let dataDirectory = try #require(runtime.arguments(of: "ENV").joined(separator: " ")
            .captures(of: #"PUZZLEMAP_DATA_DIR=(\S+)"#).first?.first)
        #expect(volumes.contains("\"\(dataDirectory)\""), "the data directory \(dataDirectory) is not a volume")
        #expect(runtime.arguments(of: "ENTRYPOINT").last?.contains("\"serve\"") == true)
        let port = try #require(runtime.arguments(of: "ENV").joined(separator: " ").captures(of: #"PUZZLEMAP_PORT=(\d+)"#).first?.first)
        #expect(runtime.arguments(of: "EXPOSE").contains(port))
    }

    /// The image's check is liveness: it passes while /healthz answers 200, whatever the
    /// database does, and fails when nothing answers well.
    @Test func theImageHealthCheckPassesOnlyWhileTheInstanceIsAlive() async throws {
        let healthcheck = try #require(runtime.arguments(of: "HEALTHCHECK").last)
        let json = try #require(healthcheck.range(of: "CMD ").map { String(healthcheck[$0.upperBound...]) }, "HEALTHCHECK without CMD")
        let command = try JSONDecoder().decode([String].self, from: Data(json.utf8))
        let stubs = try await StubInstances(["alive=200@/healthz", "sick=503", "readyOnly=200@/readyz"], freePorts: 1)
        defer { stubs.stop() }
        func check(_ port: Int) async throws -> Int32 {
            try await run(command[0], Array(command.dropFirst()), environment: ["PUZZLEMAP_PORT": String(port)]).status
        }
        #expect(try await check(stubs.ports["alive"]!) == 0)
        #expect(try await check(stubs.ports["sick"]!) != 0)
        #expect(try await check(stubs.ports["readyOnly"]!) != 0, "the image's check must ask /healthz")
        #expect(try await check(stubs.freePorts[0]) != 0)
    }
}
