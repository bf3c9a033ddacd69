import Foundation
import PuzzleMapCore
import PuzzleMapSQLite
import PuzzleMapStorage
import Testing

/// Signing keys are generated once, kept, and never silently replaced.
@Suite struct SecretKeeperTests {
    let dataDirectory: String

    init() throws {
        dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("puzzlemap-secrets-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
    }

    @Test func firstStartGeneratesKeysAndLaterStartsReuseThem() async throws {
        let repository = try SQLiteHuntRepository.inMemory()
        let keeper = SecretKeeper(dataDirectory: dataDirectory)
        let (first, firstSource) = try await keeper.resolve(configured: nil, repository: repository)
        let (second, secondSource) = try await keeper.resolve(configured: nil, repository: repository)
        #expect(firstSource == .generated)
        #expect(secondSource == .dataDirectory)
        #expect(first == second)
        let permissions = try FileManager.default.attributesOfItem(atPath: keeper.secretsFile)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test func lostSecretsFileStopsTheServiceInsteadOfMakingNewKeys() async throws {
        let repository = try SQLiteHuntRepository.inMemory()
        let keeper = SecretKeeper(dataDirectory: dataDirectory)
        _ = try await keeper.resolve(configured: nil, repository: repository)
        try FileManager.default.removeItem(atPath: keeper.secretsFile)
        await #expect(throws: SecretKeeper.Failure.self) {
            _ = try await keeper.resolve(configured: nil, repository: repository)
        }
        #expect(!FileManager.default.fileExists(atPath: keeper.secretsFile))
    }

    @Test func aDifferentConfiguredKeyIsRefused() async throws {
        let repository = try SQLiteHuntRepository.inMemory()
        let keeper = SecretKeeper(dataDirectory: dataDirectory)
        let (original, _) = try await keeper.resolve(configured: nil, repository: repository)
        await #expect(throws: SecretKeeper.Failure.self) {
            _ = try await keeper.resolve(configured: .generate(), repository: repository)
        }
        let (same, source) = try await keeper.resolve(configured: original, repository: repository)
        #expect(same == original)
        #expect(source == .configuration)
    }

    @Test func aSharedDatabaseKeepsTheKeysOneOfManyStartingInstancesGenerated() async throws {
        let repository = try SQLiteHuntRepository.inMemory()
        let keeper = SecretKeeper(dataDirectory: dataDirectory, keeping: .database)
        let resolved = try await withThrowingTaskGroup(of: (ServiceSecrets, SecretKeeper.Source).self) { group in
            for _ in 0..<8 { group.addTask { try await keeper.resolve(configured: nil, repository: repository) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(resolved.map { $0.0.tagKeyFingerprint }).count == 1, "every instance signs with the same key")
        #expect(resolved.filter { $0.1 == .generated }.count == 1)
        #expect(resolved.filter { $0.1 == .database }.count == 7)
        #expect(!FileManager.default.fileExists(atPath: keeper.secretsFile), "no instance keeps a private copy")
    }
}
