import PostgresNIO

/// No connection could be made to the server a URL names: refused, unknown host, wrong
/// password, no such database. The text says which, as the server or the network put it.
public struct PostgresUnreachable: Error, CustomStringConvertible {
    /// The server, user and database, without the password.
    public var address: String
    public var reason: String

    init(address: PostgresConnectionURL, underlying: any Error) {
        self.address = address.displayName
        if let error = underlying as? PSQLError {
            reason = error.serverInfo?[.message] ?? error.underlying.map { String(describing: $0) } ?? "\(error.code)"
        } else {
            reason = String(describing: underlying)
        }
    }

    public var description: String { "PostgreSQL at \(address) cannot be reached: \(reason)." }
}
