/// A QR code as a square of modules, row-major, `true` for dark.
public struct QRMatrix: Sendable, Hashable {
    /// Modules per side (21 for version 1, 4 more per version).
    public let size: Int
    /// `size * size` modules, row after row.
    public let modules: [Bool]

    public init(size: Int, modules: [Bool]) {
        precondition(size > 0 && modules.count == size * size, "QRMatrix needs size * size modules")
        self.size = size
        self.modules = modules
    }

    /// Whether the module at column `x`, row `y` is dark.
    public subscript(x x: Int, y y: Int) -> Bool { modules[y * size + x] }

    /// The QR version (1...40) this size belongs to.
    public var version: Int { (size - 17) / 4 }
}
