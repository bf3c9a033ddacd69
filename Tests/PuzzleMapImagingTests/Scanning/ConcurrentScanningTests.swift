import PuzzleMapTestFixtures
import Testing
import PuzzleMapImaging

/// The server decodes and scans several uploads at once; each call owns its C state.
@Suite struct ConcurrentScanningTests {
    @Test func parallelScansEachFindTheirOwnCode() async throws {
        let texts = (0..<16).map { "PARALLEL-\($0)" }
        let images = try texts.map { try QREncoder().encode($0).rendered(scale: 3) }
        let scanner = QRScanner(workBudget: .max)
        let found = try await withThrowingTaskGroup(of: [String].self) { group in
            for image in images {
                group.addTask { try scanner.scan(image) }
            }
            var all: [String] = []
            for try await codes in group { all += codes }
            return all
        }
        #expect(found.sorted() == texts.sorted())
    }

    @Test func parallelDecodesOfEveryFormatAgree() async throws {
        let decoder = ImageDecoder()
        let sizes = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                for name in FixtureImages.names {
                    let bytes = FixtureImages.named(name)
                    group.addTask { try decoder.decode(bytes).pixels.count }
                }
            }
            var sizes: [Int] = []
            for try await size in group { sizes.append(size) }
            return sizes
        }
        #expect(sizes == [Int](repeating: 87 * 87, count: 4 * FixtureImages.names.count))
    }
}
