import Foundation
import PostgresNIO

/// A connection URL as libpq writes them, read into PostgresNIO's configuration:
/// `postgres://user:password@host:port/database?sslmode=require`, or for a Unix socket
/// `postgres://user@/database?host=/run/postgresql` (the socket directory, as for libpq).
public struct PostgresConnectionURL: Sendable {
    public enum Invalid: Error, CustomStringConvertible, Equatable {
        case url(String)
        case sslMode(String)
        case schemaName(String)

        public var description: String {
            switch self {
            case .url(let reason): "The PostgreSQL URL is not usable: \(reason)."
            case .sslMode(let mode): "sslmode=\(mode) is not one of disable, prefer, require."
            case .schemaName(let name): "The schema name \(name) must be letters, digits and underscores, starting with a letter or underscore."
            }
        }
    }

    public enum TLSMode: String, Sendable {
        case disable, prefer, require
    }

    public var username: String
    public var password: String?
    public var database: String?
    public var endpoint: Endpoint
    public var tls: TLSMode
    /// `?schema=name`: the hunt's tables live in that schema (created if missing), so one
    /// database can hold several hunts, or a test its own.
    public var schema: String?

    public enum Endpoint: Equatable, Sendable {
        case tcp(host: String, port: Int)
        /// The socket file itself, `<directory>/.s.PGSQL.<port>`.
        case socket(path: String)
    }

    public init(_ text: String) throws {
        guard let components = URLComponents(string: text) else { throw Invalid.url("it cannot be parsed") }
        guard components.scheme == "postgres" || components.scheme == "postgresql" else {
            throw Invalid.url("the scheme must be postgres:// or postgresql://")
        }
        let query = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
        guard let username = components.percentEncodedUser.flatMap({ $0.removingPercentEncoding }).flatMap({ $0.isEmpty ? nil : $0 })
            ?? query["user"]
        else { throw Invalid.url("it names no user") }
        self.username = username
        password = components.percentEncodedPassword?.removingPercentEncoding ?? query["password"]
        let path = components.percentEncodedPath.removingPercentEncoding ?? ""
        let name = path.hasPrefix("/") ? String(path.dropFirst()) : path
        database = name.isEmpty ? query["dbname"] : name
        let port = components.port ?? query["port"].flatMap(Int.init) ?? 5432
        if let directory = query["host"], directory.hasPrefix("/") {
            endpoint = .socket(path: "\(directory)/.s.PGSQL.\(port)")
        } else if let host = components.host.flatMap({ $0.isEmpty ? nil : $0 }) ?? query["host"] {
            endpoint = .tcp(host: host, port: port)
        } else {
            throw Invalid.url("it names no host and no socket directory (?host=/path)")
        }
        let mode = query["sslmode"] ?? "prefer"
        guard let tls = TLSMode(rawValue: mode) else { throw Invalid.sslMode(mode) }
        self.tls = tls
        schema = query["schema"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// One connection's configuration for this URL.
    public func connectionConfiguration() throws -> PostgresConnection.Configuration {
        switch endpoint {
        case .socket(let path):
            return PostgresConnection.Configuration(unixSocketPath: path, username: username, password: password, database: database)
        case .tcp(let host, let port):
            let tls: PostgresConnection.Configuration.TLS = switch self.tls {
            case .disable: .disable
            case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
            return PostgresConnection.Configuration(host: host, port: port, username: username, password: password, database: database, tls: tls)
        }
    }

    /// Where the URL points, without its password: for messages.
    public var displayName: String {
        let place = switch endpoint {
        case .tcp(let host, let port): "\(host):\(port)"
        case .socket(let path): path
        }
        return "\(username)@\(place)/\(database ?? username)"
    }

    /// The pooled client's configuration for this URL.
    public func configuration() -> PostgresClient.Configuration {
        switch endpoint {
        case .socket(let path):
            return PostgresClient.Configuration(unixSocketPath: path, username: username, password: password, database: database)
        case .tcp(let host, let port):
            let tls: PostgresClient.Configuration.TLS = switch self.tls {
            case .disable: .disable
            case .prefer: .prefer(.makeClientConfiguration())
            case .require: .require(.makeClientConfiguration())
            }
            return PostgresClient.Configuration(host: host, port: port, username: username, password: password, database: database, tls: tls)
        }
    }
}
