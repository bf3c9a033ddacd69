import Foundation
import PuzzleMapCore

/// Where random draws come from: the system's generator in production, a seeded one in tests
/// so riddle choices are exact.
public struct RandomSource: Sendable {
    private let nextValue: @Sendable () -> UInt64

    public init(_ next: @escaping @Sendable () -> UInt64) { nextValue = next }

    public static let system = RandomSource {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }

    /// SplitMix64 from a seed, safe to share between tasks.
    public static func seeded(_ seed: UInt64) -> RandomSource {
        let state = SeededState(seed)
        return RandomSource { state.next() }
    }

    /// A generator to pass to code that draws (`inout some RandomNumberGenerator`).
    public var generator: Generator { Generator(source: self) }

    public struct Generator: RandomNumberGenerator {
        let source: RandomSource
        public mutating func next() -> UInt64 { source.nextValue() }
    }

    private final class SeededState: @unchecked Sendable {
        // Every access holds the lock.
        private let lock = NSLock()
        private var generator: SplitMix64

        init(_ seed: UInt64) { generator = SplitMix64(seed: seed) }

        func next() -> UInt64 { lock.withLock { generator.next() } }
    }
}
