import Foundation

/// Runs `body` until it does not throw, for a test's set-up that a busy machine can make slow
/// (a first connection to a database on a loaded CI runner), giving up after `attempts` tries
/// half a second apart with the last error. Not for what a test asserts: only for getting there.
public func eventually<T>(attempts: Int = 20, _ body: () async throws -> T) async throws -> T {
    for _ in 1..<attempts {
        if let value = try? await body() { return value }
        try await Task.sleep(for: .milliseconds(500))
    }
    return try await body()
}
