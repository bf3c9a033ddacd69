/// A 64-bit difference hash (dHash): the picture shrunk to 9 x 8 cells, one bit per pair of
/// neighbouring cells saying which is brighter. Re-encoding, resizing or a little noise barely
/// changes it, so two uploads of the same photo are recognised even when the bytes differ.
public enum PerceptualHash {
    public static func dHash(_ image: GrayImage) -> UInt64 {
        let columns = 9, rows = 8
        var cells = [Double](repeating: 0, count: columns * rows)
        guard image.width > 0, image.height > 0 else { return 0 }
        for row in 0..<rows {
            let y0 = row * image.height / rows, y1 = max(y0 + 1, (row + 1) * image.height / rows)
            for column in 0..<columns {
                let x0 = column * image.width / columns, x1 = max(x0 + 1, (column + 1) * image.width / columns)
                var sum = 0, count = 0
                // Sample at most 16 x 16 points per cell: plenty for an average, cheap on 12 MP.
                let stepY = max(1, (y1 - y0) / 16), stepX = max(1, (x1 - x0) / 16)
                for y in stride(from: y0, to: min(y1, image.height), by: stepY) {
                    for x in stride(from: x0, to: min(x1, image.width), by: stepX) {
                        sum += Int(image.pixels[y * image.width + x])
                        count += 1
                    }
                }
                cells[row * columns + column] = count == 0 ? 0 : Double(sum) / Double(count)
            }
        }
        var hash: UInt64 = 0
        for row in 0..<rows {
            for column in 0..<(columns - 1) {
                hash <<= 1
                if cells[row * columns + column] > cells[row * columns + column + 1] { hash |= 1 }
            }
        }
        return hash
    }
}
