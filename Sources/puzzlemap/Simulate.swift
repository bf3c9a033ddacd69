import ArgumentParser
import Foundation
import Logging
import PuzzleMapContent
import PuzzleMapCore
import PuzzleMapPostgres
import PuzzleMapSQLite
import PuzzleMapSimulation
import PuzzleMapStorage

/// `puzzlemap simulate`: the whole hunt played from seeds through the real use cases and a real
/// store, every invariant checked after every step (`make simulate`).
struct Simulate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Play the whole hunt from a seed on a real store, checking every invariant after every step.",
        discussion: """
            Prints, for each seed, the steps run, their speed and `digest: <hex>` of the final state: the same seed gives \
            the same digest. A broken invariant prints the seed, the step and the shortest run of steps it shrank to, \
            with the command that replays it, and exits 1.
            """
    )

    @OptionGroup var content: ContentOptions

    @Option(help: "The first seed.")
    var seed: UInt64 = 1

    @Option(help: "How many seeds to run, from --seed up.")
    var seeds: Int = 1

    @Option(help: "Steps per seed.")
    var steps: Int = 2_000

    @Option(help: "Seeds run at once, each on a store of its own (the machine's cores, for a long run).")
    var jobs: Int = 1

    @Option(help: "Players in the hunt.")
    var players: Int = 8

    @Option(help: "sqlite (in memory) or postgres (a fresh schema per run, on PUZZLEMAP_DATABASE_URL or --database-url).")
    var store: String = "sqlite"

    @Option(name: .customLong("database-url"), help: "The PostgreSQL server for --store postgres.")
    var databaseURL: String?

    @Option(help: "Only these steps of the seed (comma-separated), as a shrunk failure names them.")
    var only: String?

    @Flag(help: "Do not shrink a failure (print it at once).")
    var noShrink = false

    @Flag(inversion: .prefixedNo, help: "Make the store faults the commands name happen (PostgreSQL only: SQLite in memory has none to make).")
    var faults = true

    @Flag(help: "Some steps are several commands in flight at once (the store decides their order, so a seed's digest may vary between runs).")
    var atOnce = false

    func run() async throws {
        let settings = try ResolvedConfiguration(content: content).settings
        let campus = try ContentReader(campusDirectory: settings.campusDirectory, riddlesDirectory: settings.riddlesDirectory).load().get()
        let simulation = Simulation(content: campus, makeStore: try storeMaker(weeks: campus.weeks, databaseURL: databaseURL ?? settings.databaseURL))
        let only = try only.map { text in
            try text.split(separator: ",").map { part in
                guard let index = Int(part.trimmingCharacters(in: .whitespaces)) else { throw ValidationError("--only takes step numbers: \(part)") }
                return index
            }
        }
        var total = 0
        let started = ContinuousClock.now
        let store = store
        // Seeds run `jobs` at a time, each on a store of its own; each prints as it ends.
        try await withThrowingTaskGroup(of: (seed: UInt64, outcome: Result<Simulation.Outcome, Simulation.Violation>, seconds: Double).self) { group in
            var seeds = (seed..<(seed + UInt64(max(self.seeds, 1)))).makeIterator()
            func start(_ seed: UInt64) {
                let run = Simulation.Settings(seed: seed, steps: steps, players: players, only: only, faults: faults, atOnce: atOnce)
                group.addTask {
                    let begun = ContinuousClock.now
                    do {
                        let outcome = try await simulation.run(run)
                        return (seed, .success(outcome), (ContinuousClock.now - begun).seconds)
                    } catch let violation as Simulation.Violation {
                        return (seed, .failure(violation), (ContinuousClock.now - begun).seconds)
                    }
                }
            }
            for _ in 0..<max(jobs, 1) { if let seed = seeds.next() { start(seed) } }
            while let (seed, result, seconds) = try await group.next() {
                switch result {
                case .success(let outcome):
                    total += outcome.stepsRun
                    print("seed \(seed) (\(store)): \(outcome.stepsRun) steps in \(String(format: "%.2f", seconds)) s "
                          + "(\(Int(Double(outcome.stepsRun) / max(seconds, 0.001))) steps/s), \(outcome.refusals.values.reduce(0, +)) refused"
                          + "\(outcome.refusals["store.unavailable"].map { " (\($0) for a store fault)" } ?? "")")
                    print("digest: \(outcome.digest)")
                    if let next = seeds.next() { start(next) }
                case .failure(let violation):
                    group.cancelAll()
                    try await report(violation, seed: seed, simulation: simulation, only: only)
                }
            }
        }
        let seconds = (ContinuousClock.now - started).seconds
        print("\(total) steps on \(store) in \(String(format: "%.1f", seconds)) s: \(Int(Double(total) / max(seconds, 0.001))) steps/s")
    }

    /// Prints a broken invariant, shrunk unless asked not to, with the line that replays it; exits 1.
    private func report(_ violation: Simulation.Violation, seed: UInt64, simulation: Simulation, only: [Int]?) async throws -> Never {
        printError("seed \(seed) (\(store)): invariant broken \(violation)")
        if !noShrink {
            let run = Simulation.Settings(seed: seed, steps: steps, players: players, only: only, faults: faults, atOnce: atOnce)
            let shrunk = await simulation.shrink(run, failure: violation)
            var replay = run
            replay.only = shrunk
            printError("shrunk to \(shrunk.count) steps; replay with: make simulate SEED=\(seed) STEPS=\(steps) STORE=\(store)\(atOnce ? " AT_ONCE=1" : "") "
                       + "ONLY=\(shrunk.map(String.init).joined(separator: ","))\(atOnce ? " (commands in flight at once may meet in another order)" : "")")
            for (index, command) in simulation.commands(replay) { printError("  step \(index): \(command)") }
            do {
                _ = try await simulation.run(replay)
            } catch {
                printError("which breaks it so: \(error)")
            }
        }
        throw ExitCode.failure
    }

    private func storeMaker(weeks: CampusWeek, databaseURL: String?) throws -> Simulation.StoreMaker {
        switch store {
        case "sqlite":
            return { SimulatedStore(try SQLiteHuntRepository.inMemory(weeks: weeks)) }
        case "postgres":
            guard let databaseURL else { throw ValidationError("--store postgres needs --database-url or PUZZLEMAP_DATABASE_URL") }
            var logger = Logger(label: "simulate")
            logger.logLevel = .error
            return { [logger] in
                let schema = "simulation_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
                // A short deadline: a write a fault holds waits this long before its 503 (long
                // enough that a busy machine's new connection, after a cut, is not refused).
                let store = try await PostgresHuntRepository.connect(url: databaseURL, schema: schema, maximumConnections: 4, weeks: weeks,
                                                                     limits: StorageLimits(deadline: .seconds(2)), logger: logger)
                return SimulatedStore(store, faults: try PostgresFaults(url: databaseURL, schema: schema, logger: logger))
            }
        default:
            throw ValidationError("--store is sqlite or postgres")
        }
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

