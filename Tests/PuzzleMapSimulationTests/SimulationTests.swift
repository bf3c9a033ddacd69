import Foundation
import Logging
import PuzzleMapContent
import PuzzleMapCore
import PuzzleMapPostgres
import PuzzleMapSQLite
import PuzzleMapSimulation
import Testing

/// The whole hunt played from seeds on both stores, within the suite's budget; `make simulate`
/// runs longer ones. A seed that breaks an invariant fails with the step and the invariant.
@Suite struct SimulationTests {
    static let content: CampusContent = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try! ContentReader(campusDirectory: root.appendingPathComponent("Campus").path,
                                  riddlesDirectory: root.appendingPathComponent("Riddles").path).load().get()
    }()

    enum Store: String, CaseIterable, Sendable {
        case sqlite, postgres

        var simulation: Simulation {
            get throws {
                let weeks = SimulationTests.content.weeks
                switch self {
                case .sqlite:
                    return Simulation(content: SimulationTests.content) { try SQLiteHuntRepository.inMemory(weeks: weeks) }
                case .postgres:
                    let url = try #require(ProcessInfo.processInfo.environment["PUZZLEMAP_TEST_POSTGRES_URL"], "run `make test`, which starts PostgreSQL")
                    var logger = Logger(label: "simulation-tests")
                    logger.logLevel = .error
                    return Simulation(content: SimulationTests.content) { [logger] in
                        let schema = "simulation_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
                        return try await PostgresHuntRepository.connect(url: url, schema: schema, maximumConnections: 4, weeks: weeks, logger: logger)
                    }
                }
            }
        }
    }

    /// Steps per seed in the suite: enough for every command to meet most others.
    static let steps = 500

    @Test(arguments: Store.allCases)
    func everyInvariantHoldsOverWholeHuntsFromSeveralSeeds(_ store: Store) async throws {
        let simulation = try store.simulation
        for seed: UInt64 in 1...2 {
            do {
                let outcome = try await simulation.run(Simulation.Settings(seed: seed, steps: Self.steps))
                #expect(outcome.stepsRun == Self.steps)
                #expect(outcome.refusals.values.reduce(0, +) < Self.steps / 2, "most steps play rather than being refused: \(outcome.refusals)")
            } catch let violation as Simulation.Violation {
                Issue.record("seed \(seed) on \(store): \(violation); replay with make simulate SEED=\(seed) STEPS=\(Self.steps) STORE=\(store)")
            }
        }
    }

    @Test func theSameSeedPlaysTheSameHuntOnEitherStore() async throws {
        let settings = Simulation.Settings(seed: 42, steps: 300)
        let first = try await Store.sqlite.simulation.run(settings)
        let again = try await Store.sqlite.simulation.run(settings)
        #expect(first.digest == again.digest)
        let other = Simulation.Settings(seed: 43, steps: 300)
        #expect(try await Store.sqlite.simulation.run(other).digest != first.digest)
        let onPostgres = try await Store.postgres.simulation.run(settings)
        #expect(onPostgres.digest == first.digest, "the digest leaves out row ids: the stores agree on the game")
    }

    @Test func aSubsetOfASeedsStepsReplaysOnlyThose() throws {
        let simulation = try Store.sqlite.simulation
        let all = simulation.commands(Simulation.Settings(seed: 9, steps: 50))
        let some = simulation.commands(Simulation.Settings(seed: 9, steps: 50, only: [3, 17, 42]))
        #expect(some.map(\.index) == [3, 17, 42])
        #expect(some.map(\.command) == [all[3].command, all[17].command, all[42].command])
    }
}
