// swift-tools-version: 6.2
//
// Puzzle Map: a campus riddle hunt.
//
// The layers, from the inside out:
//   PuzzleMapCore     the game's domain: content model, rules, validation, signed tags. No I/O.
//   PuzzleMapContent  reads the organiser's Campus/ and Riddles/ files into the domain model.
//   PuzzleMapStorage  the storage interface: repository protocols and their value types. No database.
//   PuzzleMapSQLite   that interface on SQLite (GRDB): SQL, row mapping, locking. The embedded default.
//   PuzzleMapPostgres that interface on PostgreSQL (PostgresNIO), for several instances.
//   PuzzleMapGame     the use cases (sign-up, scan, hint, gift, redeem, import, ...), written once
//                     over the storage interface; the JSON API and the pages call these.
//   PuzzleMapImaging  image decoders and QR codes, over the C libraries (C* system targets).
//   PuzzleMapPrinting printable code sheets (PDF, PNG, SVG) drawn with cairo.
//   PuzzleMapHTTP     the Hummingbird application; `buildApplication` wires the routes.
//   puzzlemap         the one executable: serve, check, codes, decode, ...
// Dependencies point inwards: HTTP -> game -> storage interface -> core; the two databases
// implement the interface and only the executable (and tests) pick one. Nothing imports
// PuzzleMapHTTP but the executable's `serve`.

import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "puzzle-map",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "puzzlemap", targets: ["puzzlemap"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
    ],
    targets: [
        // MARK: Domain

        .target(
            name: "PuzzleMapCore",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PuzzleMapContent",
            dependencies: [
                "PuzzleMapCore",
                .product(name: "Yams", package: "Yams"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: swiftSettings
        ),

        // Every word a player, a barista or an organiser reads, one catalogue per language
        // (`texts.yaml`, `texts.<tag>.yaml`): the pages' and the mails'.
        .target(
            name: "PuzzleMapTexts",
            dependencies: [
                "PuzzleMapCore",
                .product(name: "Yams", package: "Yams"),
            ],
            resources: [.copy("Texts")],
            swiftSettings: swiftSettings
        ),

        // MARK: Storage

        .target(
            name: "PuzzleMapStorage",
            dependencies: ["PuzzleMapCore"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PuzzleMapSQLite",
            dependencies: [
                "PuzzleMapStorage", "PuzzleMapCore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),

        .target(
            name: "PuzzleMapPostgres",
            dependencies: [
                "PuzzleMapStorage", "PuzzleMapCore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Use cases

        .target(
            name: "PuzzleMapGame",
            dependencies: [
                "PuzzleMapCore", "PuzzleMapStorage", "PuzzleMapTexts", "CArgon2",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // The whole hunt played from a seed through the use cases on a real store, every
        // invariant checked after every step (`puzzlemap simulate`, `make simulate`).
        .target(
            name: "PuzzleMapSimulation",
            dependencies: [
                "PuzzleMapGame", "PuzzleMapCore", "PuzzleMapStorage",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        // Chooses the parts: reads the content, opens the database the settings name.
        .target(
            name: "PuzzleMapStartup",
            dependencies: [
                "PuzzleMapGame", "PuzzleMapContent", "PuzzleMapCore", "PuzzleMapStorage", "PuzzleMapSQLite", "PuzzleMapPostgres",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: C libraries and the imaging layer above them

        .systemLibrary(name: "CZBar", pkgConfig: "zbar", providers: [.apt(["libzbar-dev"])]),
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        // Headers only: libheif is opened when the first HEIF picture arrives (LibHeif.swift).
        .systemLibrary(name: "CHeif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        // Headers only: cairo is opened when the first code sheet is drawn (LibCairo.swift).
        .systemLibrary(name: "CCairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CArgon2", pkgConfig: "libargon2", providers: [.apt(["libargon2-dev"])]),
        // libjpeg reports errors by longjmp, which Swift cannot catch: a few lines of C do.
        .target(name: "CJPEGShim", dependencies: ["CJPEG"]),
        .target(
            name: "PuzzleMapImaging",
            dependencies: ["CZBar", "CQRencode", "CJPEG", "CJPEGShim", "CPNG", "CWebP", "CHeif", "CExif"],
            swiftSettings: swiftSettings
        ),

        .target(
            name: "PuzzleMapPrinting",
            dependencies: ["PuzzleMapImaging", "CCairo"],
            swiftSettings: swiftSettings
        ),

        // MARK: HTTP and the executable

        .target(
            name: "PuzzleMapHTTP",
            dependencies: [
                "PuzzleMapCore",
                "PuzzleMapTexts",
                "PuzzleMapContent",
                "PuzzleMapStorage",
                "PuzzleMapGame",
                "PuzzleMapImaging",
                "PuzzleMapPrinting",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            resources: [.copy("Resources/openapi.yaml"), .copy("Resources/Pages")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "puzzlemap",
            dependencies: [
                "PuzzleMapCore",
                "PuzzleMapContent",
                "PuzzleMapStorage",
                "PuzzleMapSQLite",
                "PuzzleMapGame",
                "PuzzleMapStartup",
                "PuzzleMapSimulation",
                "PuzzleMapPostgres",
                "PuzzleMapImaging",
                "PuzzleMapPrinting",
                "PuzzleMapHTTP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings,
            // `--static-swift-stdlib` links with `-export-dynamic`, which put 55 000 symbols in
            // the dynamic symbol table; nothing looks them up there (no plugin loads into this
            // process), but the Swift runtime's start-up `dladdr` walked them all, and so did
            // the page faults: 1.5 ms of every `puzzlemap decode` (12.2 ms -> 10.7 on one core).
            linkerSettings: [.unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux]))]
        ),

        // MARK: Benchmarks (not tests: run by `make bench-decode`)

        .executableTarget(
            name: "bench-decode",
            dependencies: ["PuzzleMapImaging"],
            path: "Scripts/bench-decode",
            swiftSettings: swiftSettings
        ),

        // MARK: Tests (mirroring the source tree)

        // Small pictures and ways to damage them, and child processes started for a test: shared by the
        // imaging, route, printing, CLI and deploy tests.
        .target(
            name: "PuzzleMapTestFixtures",
            dependencies: ["PuzzleMapCore", "PuzzleMapImaging", .product(name: "GRDB", package: "GRDB.swift"),
                           .product(name: "Subprocess", package: "swift-subprocess"),
                           .product(name: "SystemPackage", package: "swift-system")],
            path: "Tests/PuzzleMapTestFixtures",
            swiftSettings: swiftSettings
        ),

        .testTarget(
            name: "PuzzleMapCoreTests",
            dependencies: ["PuzzleMapCore"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PuzzleMapGameTests",
            dependencies: ["PuzzleMapGame", "PuzzleMapSQLite", "PuzzleMapPostgres", "PuzzleMapStorage", "PuzzleMapContent", "PuzzleMapCore",
                           .product(name: "Logging", package: "swift-log"), .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PuzzleMapSimulationTests",
            dependencies: ["PuzzleMapSimulation", "PuzzleMapGame", "PuzzleMapSQLite", "PuzzleMapPostgres", "PuzzleMapContent", "PuzzleMapCore", "PuzzleMapStorage",
                           .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PuzzleMapContentTests",
            dependencies: ["PuzzleMapContent", "PuzzleMapCore"],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PuzzleMapStorageTests",
            dependencies: [
                "PuzzleMapStorage", "PuzzleMapSQLite", "PuzzleMapPostgres", "PuzzleMapContent", "PuzzleMapCore", "PuzzleMapTestFixtures",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PuzzleMapImagingTests",
            dependencies: ["PuzzleMapImaging", "PuzzleMapCore", "PuzzleMapTestFixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PuzzleMapPrintingTests",
            dependencies: ["PuzzleMapPrinting", "PuzzleMapImaging", "PuzzleMapGame", "PuzzleMapStartup", "PuzzleMapCore", "PuzzleMapTestFixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DeployTests",
            dependencies: ["PuzzleMapTestFixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PuzzleMapCLITests",
            dependencies: ["puzzlemap", "PuzzleMapCore", "PuzzleMapStorage", "PuzzleMapSQLite", "PuzzleMapPostgres", "PuzzleMapTestFixtures",
                           .product(name: "GRDB", package: "GRDB.swift"), .product(name: "PostgresNIO", package: "postgres-nio")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PuzzleMapHTTPTests",
            dependencies: [
                "PuzzleMapHTTP", "PuzzleMapGame", "PuzzleMapStartup", "PuzzleMapStorage", "PuzzleMapSQLite", "PuzzleMapContent", "PuzzleMapCore", "PuzzleMapImaging", "PuzzleMapTestFixtures", "CWebP",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
