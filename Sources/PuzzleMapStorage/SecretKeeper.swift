import Foundation
import PuzzleMapCore
#if canImport(Glibc)
import Glibc
#endif

/// Finds the service's signing keys and makes sure they never change behind anyone's back.
///
/// Keys come from configuration when given. Otherwise an embedded (SQLite) service keeps them
/// in `secrets.json` in its data directory, and a service on a shared database (PostgreSQL)
/// keeps them in the database itself, so every instance signs and accepts the same codes; in
/// both cases they are generated on the very first start, once. The database remembers the
/// tag key's fingerprint, so a service that comes up with another key (a lost file, a
/// mistyped variable) refuses to start rather than silently rejecting every code printed.
public struct SecretKeeper: Sendable {
    public static let fingerprintSetting = "tag_key_fingerprint"
    /// The generated keys, when the database keeps them.
    public static let sharedKeysSetting = "signing_keys"

    /// Where the keys were found.
    public enum Source: String, Sendable {
        case configuration
        case dataDirectory = "data directory"
        case database
        case generated
    }

    /// Where generated keys are kept.
    public enum Keeping: Sendable {
        case dataDirectory
        case database
    }

    public enum Failure: Error, CustomStringConvertible, Sendable {
        case missingKey(file: String)
        case keyMismatch(expected: String, found: String, source: Source)
        case unreadableFile(String, reason: String)

        public var description: String {
            switch self {
            case .missingKey(let file):
                "The database was set up with a signing key, but no key was configured and \(file) is missing. "
                    + "Restore \(file) from a backup, or set PUZZLEMAP_TAG_KEY and PUZZLEMAP_TOKEN_KEY; "
                    + "a new key would invalidate every printed code."
            case .keyMismatch(let expected, let found, let source):
                "The signing key from the \(source.rawValue) (fingerprint \(found)) is not the one this database was "
                    + "set up with (fingerprint \(expected)). Restore the original key; see Deploy/README.md to rotate it."
            case .unreadableFile(let file, let reason):
                "\(file) cannot be read: \(reason)."
            }
        }
    }

    public let secretsFile: String
    public let keeping: Keeping

    public init(dataDirectory: String, keeping: Keeping = .dataDirectory) {
        secretsFile = (dataDirectory as NSString).appendingPathComponent("secrets.json")
        self.keeping = keeping
    }

    /// The keys to run with, and where they came from.
    public func resolve(configured: ServiceSecrets?, repository: some HuntRepository) async throws -> (ServiceSecrets, Source) {
        let recorded = try await repository.setting(Self.fingerprintSetting)
        let (secrets, source): (ServiceSecrets, Source)
        if let configured {
            (secrets, source) = (configured, .configuration)
        } else if keeping == .database {
            (secrets, source) = try await sharedKeys(in: repository)
        } else if let stored = try readFile() {
            (secrets, source) = (stored, .dataDirectory)
        } else if recorded != nil {
            throw Failure.missingKey(file: secretsFile)
        } else {
            (secrets, source) = (try createFile(ServiceSecrets.generate()), .generated)
        }
        let fingerprint = try await repository.setSettingIfAbsent(Self.fingerprintSetting, to: secrets.tagKeyFingerprint)
        guard fingerprint == secrets.tagKeyFingerprint else {
            throw Failure.keyMismatch(expected: fingerprint, found: secrets.tagKeyFingerprint, source: source)
        }
        return (secrets, source)
    }

    private struct FileContents: Codable {
        var tagKey: String
        var tokenKey: String
    }

    /// The keys the database keeps, generated and stored by whichever instance gets there
    /// first: the others find the stored value and use it.
    private func sharedKeys(in repository: some HuntRepository) async throws -> (ServiceSecrets, Source) {
        let candidate = try Self.encode(ServiceSecrets.generate())
        let stored = try await repository.setSettingIfAbsent(Self.sharedKeysSetting, to: candidate)
        guard let secrets = Self.decode(Data(stored.utf8)) else {
            throw Failure.unreadableFile("the database's \(Self.sharedKeysSetting) setting", reason: "it does not hold two base64 keys of 32 bytes")
        }
        return (secrets, stored == candidate ? .generated : .database)
    }

    private static func encode(_ secrets: ServiceSecrets) throws -> String {
        let contents = FileContents(tagKey: secrets.tagKeyData.base64EncodedString(), tokenKey: secrets.tokenKeyData.base64EncodedString())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(contents), as: UTF8.self)
    }

    private static func decode(_ data: Data) -> ServiceSecrets? {
        guard let contents = try? JSONDecoder().decode(FileContents.self, from: data),
              let tag = Data(base64Encoded: contents.tagKey), let token = Data(base64Encoded: contents.tokenKey)
        else { return nil }
        return ServiceSecrets(tagKeyData: tag, tokenKeyData: token)
    }

    private func readFile() throws -> ServiceSecrets? {
        guard let data = FileManager.default.contents(atPath: secretsFile) else { return nil }
        guard let secrets = Self.decode(data) else {
            throw Failure.unreadableFile(secretsFile, reason: "it does not hold two base64 keys of 32 bytes")
        }
        return secrets
    }

    /// Writes fresh keys readable by the owner only. Two processes starting together both
    /// try; the file is linked into place atomically, so exactly one set of keys wins and the
    /// loser uses it.
    private func createFile(_ secrets: ServiceSecrets) throws -> ServiceSecrets {
        let temporary = secretsFile + ".\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(try Self.encode(secrets).utf8), attributes: [.posixPermissions: 0o600]) else {
            throw Failure.unreadableFile(secretsFile, reason: "the data directory is not writable")
        }
        defer { unlink(temporary) }
        if link(temporary, secretsFile) != 0 {
            guard errno == EEXIST, let winner = try readFile() else {
                throw Failure.unreadableFile(secretsFile, reason: String(cString: strerror(errno)))
            }
            return winner
        }
        return secrets
    }
}
