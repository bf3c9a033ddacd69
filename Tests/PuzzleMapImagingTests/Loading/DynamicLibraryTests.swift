import PuzzleMapImaging
import Testing

@Suite struct DynamicLibraryTests {
    /// zlib is on every machine that runs the service (libpng needs it).
    @Test func aFunctionIsCalledThroughTheTypeItIsTakenAs() throws {
        let zlib = try DynamicLibrary("libz.so.1")
        let version: @convention(c) () -> UnsafePointer<CChar>? = try zlib.function("zlibVersion")
        let text = try #require(version()).withMemoryRebound(to: UInt8.self, capacity: 16) { String(cString: $0) }
        #expect(text.hasPrefix("1."), "zlibVersion() gave \(text)")
    }

    @Test func aMissingLibraryOrFunctionIsNamedInTheError() throws {
        let absent = #expect(throws: DynamicLibrary.Unavailable.self) { try DynamicLibrary("libpuzzlemap-absent.so.9") }
        #expect(absent?.description == "libpuzzlemap-absent.so.9 cannot be loaded")
        let zlib = try DynamicLibrary("libz.so.1")
        let missing = #expect(throws: DynamicLibrary.Unavailable.self) {
            let _: @convention(c) () -> Void = try zlib.function("puzzlemapNoSuchFunction")
        }
        #expect(missing?.name == "puzzlemapNoSuchFunction")
    }
}
