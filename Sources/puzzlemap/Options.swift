import ArgumentParser
import Configuration
import Foundation
import Logging
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapStartup
import PuzzleMapStorage

/// Where the organiser's content lives; `check`, `serve` and `codes` share these flags.
struct ContentOptions: ParsableArguments {
    @Option(name: .customLong("campus"), help: "The campus folder (checkpoints, quiz, game rules, badges, offers). Default: Campus")
    var campusDirectory: String?

    @Option(name: .customLong("riddles"), help: "The riddles folder. Default: Riddles")
    var riddlesDirectory: String?
}

/// Flags for the commands that open the service's data.
struct ServiceOptions: ParsableArguments {
    @Option(help: "Address to listen on. Default: 127.0.0.1")
    var host: String?

    @Option(help: "Port to listen on. Default: 8080")
    var port: Int?

    @Option(name: .customLong("data-dir"), help: "Folder for the SQLite database and generated secrets. Default: ./data")
    var dataDirectory: String?

    @Option(name: .customLong("public-url"), help: "The address players reach the service at; QR codes link under it. Default: http://HOST:PORT")
    var publicURL: String?
}

/// The service's configuration: flags first, then `PUZZLEMAP_*` environment variables, then
/// the defaults of `ServiceSettings`. This is the only place the environment is read.
struct ResolvedConfiguration {
    let reader: ConfigReader

    /// `content` is `nil` for commands that only open the data directory.
    init(content: ContentOptions?, service: ServiceOptions? = nil) {
        var flags: [AbsoluteConfigKey: ConfigValue] = [:]
        func set(_ key: String, _ value: ConfigContent?) {
            if let value { flags[AbsoluteConfigKey(key.split(separator: ".").map(String.init))] = ConfigValue(value, isSecret: false) }
        }
        set("puzzlemap.campus.dir", content?.campusDirectory.map { .string($0) })
        set("puzzlemap.riddles.dir", content?.riddlesDirectory.map { .string($0) })
        set("puzzlemap.host", service?.host.map { .string($0) })
        set("puzzlemap.port", service?.port.map { .int($0) })
        set("puzzlemap.data.dir", service?.dataDirectory.map { .string($0) })
        set("puzzlemap.public.url", service?.publicURL.map { .string($0) })
        reader = ConfigReader(providers: [
            InMemoryProvider(name: "flags", values: flags),
            EnvironmentVariablesProvider(),
        ]).scoped(to: "puzzlemap")
    }

    var settings: ServiceSettings {
        get throws {
            var settings = ServiceSettings()
            settings.host = reader.string(forKey: "host", default: settings.host)
            settings.port = reader.int(forKey: "port", default: settings.port)
            settings.dataDirectory = reader.string(forKey: "data.dir", default: settings.dataDirectory)
            settings.databaseURL = reader.string(forKey: "database.url", isSecret: true).flatMap { $0.isEmpty ? nil : $0 }
            settings.campusDirectory = reader.string(forKey: "campus.dir", default: settings.campusDirectory)
            settings.riddlesDirectory = reader.string(forKey: "riddles.dir", default: settings.riddlesDirectory)
            if let domains = reader.string(forKey: "email.domains") {
                settings.emailDomains = domains.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            }
            if let services = reader.string(forKey: "push.services") {
                settings.pushServices = PushServices(origins: services.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty })
            }
            settings.sendmailCommand = reader.string(forKey: "sendmail")
            settings.giftsPerDay = reader.int(forKey: "gifts.per.day")
            if let proxies = reader.string(forKey: "trusted.proxies") {
                settings.trustedProxies = Set(proxies.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
            }
            if let idle = try milliseconds("idle.timeout") { settings.idleTimeout = .milliseconds(idle) }
            if let deadline = try milliseconds("shutdown.deadline") { settings.shutdownDeadline = .milliseconds(deadline) }
            if let heartbeat = try milliseconds("live.heartbeat") { settings.liveHeartbeat = .milliseconds(heartbeat) }
            if let lifetime = try milliseconds("live.stream.seconds") { settings.liveStreamLifetime = .milliseconds(lifetime) }
            if let decoders = reader.int(forKey: "photo.decoders") {
                guard decoders > 0 else { throw ValidationError("PUZZLEMAP_PHOTO_DECODERS must be at least 1.") }
                settings.photoDecoders = decoders
            }
            if let megabytes = reader.int(forKey: "photo.upload.mb") {
                guard megabytes >= 16 else { throw ValidationError("PUZZLEMAP_PHOTO_UPLOAD_MB must be at least 16 (one photo of 15 MiB).") }
                settings.photoUploadMegabytes = megabytes
            }
            if let megabytes = reader.int(forKey: "kept.answers.mb") {
                guard megabytes >= 0 else { throw ValidationError("PUZZLEMAP_KEPT_ANSWERS_MB must be 0 or more.") }
                settings.keptAnswerMegabytes = megabytes
            }
            if let queue = reader.int(forKey: "photo.queue") {
                guard queue >= 0 else { throw ValidationError("PUZZLEMAP_PHOTO_QUEUE must be 0 or more.") }
                settings.photoQueue = queue
            }
            if let deadline = try milliseconds("database.deadline") { settings.databaseDeadline = .milliseconds(deadline) }
            if let queue = reader.int(forKey: "database.queue") {
                guard queue >= 0 else { throw ValidationError("PUZZLEMAP_DATABASE_QUEUE must be 0 or more.") }
                settings.databaseQueue = queue
            }
            settings.publicURL = reader.string(forKey: "public.url", default: "http://\(settings.host):\(settings.port)")
            let tagKey = reader.string(forKey: "tag.key", isSecret: true)
            let tokenKey = reader.string(forKey: "token.key", isSecret: true)
            switch (tagKey, tokenKey) {
            case (nil, nil):
                settings.configuredSecrets = nil
            case (let tag?, let token?):
                guard let tagData = Data(base64Encoded: tag), let tokenData = Data(base64Encoded: token),
                      let secrets = ServiceSecrets(tagKeyData: tagData, tokenKeyData: tokenData)
                else {
                    throw ValidationError("PUZZLEMAP_TAG_KEY and PUZZLEMAP_TOKEN_KEY must each be base64 of at least 32 random bytes (openssl rand -base64 32).")
                }
                settings.configuredSecrets = secrets
            default:
                throw ValidationError("Set both PUZZLEMAP_TAG_KEY and PUZZLEMAP_TOKEN_KEY, or neither.")
            }
            return settings
        }
    }

    /// A setting given in seconds (fractions allowed), in milliseconds; refused unless positive.
    private func milliseconds(_ key: ConfigKey) throws -> Int64? {
        guard let seconds = reader.double(forKey: key) else { return nil }
        guard seconds > 0 else {
            throw ValidationError("PUZZLEMAP_\(key.components.joined(separator: "_").uppercased()) must be a positive number of seconds.")
        }
        return Int64(seconds * 1000)
    }

    /// A logger at the configured level (`PUZZLEMAP_LOG_LEVEL`, default info), writing text to
    /// standard error or, with `PUZZLEMAP_LOG_FORMAT=json`, JSON lines to standard output, in
    /// batches either way (``BatchedLogOutput``).
    func logger(label: String) -> Logger {
        var logger = reader.string(forKey: "log.format") == "json"
            ? Logger(label: label) { JSONLogHandler(label: $0) }
            : Logger(label: label) { BatchedTextLogHandler(label: $0) }
        logger.logLevel = reader.string(forKey: "log.level").flatMap(Logger.Level.init(rawValue:)) ?? .info
        return logger
    }
}

extension ResolvedConfiguration {
    /// Opens the hunt's database (PostgreSQL or SQLite, as `serve` would), runs `body` with it
    /// and closes it again, whether `body` succeeds or not.
    func withRepository<Value>(_ body: (any HuntRepository) async throws -> Value) async throws -> Value {
        var logger = logger(label: "puzzlemap")
        logger.logLevel = max(logger.logLevel, .warning)
        // These commands (staff, roles, stats, outbox, backup) write no ledger events, so the
        // weeks scores are kept by do not matter to them and the content need not be read.
        let repository = try await HuntStartup.openRepository(settings: try settings, weeks: .utc, logger: logger)
        do {
            let value = try await body(repository)
            try await repository.close()
            return value
        } catch {
            try? await repository.close()
            throw error
        }
    }
}
