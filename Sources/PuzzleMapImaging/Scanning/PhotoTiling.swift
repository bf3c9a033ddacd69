/// Overlapping windows over a full-resolution photo, for the last pass of ``PhotoReader``: a
/// code too small to survive the reduced decode (2-3 px per module in a 12-megapixel photo) is
/// read at full size, but zbar over a whole 12-megapixel picture takes about half a second, so
/// the picture is cut into tiles scanned centre first and the pass stops at the first code.
///
/// Neighbouring tiles overlap by at least ``minimumOverlap`` so a code up to that size never
/// falls on a boundary in every tile that holds part of it.
struct PhotoTiling: Sendable, Hashable {
    /// Tile side along the picture's longer side, in pixels.
    var tileLongSide = 1000
    /// Tile side along the picture's shorter side, in pixels.
    var tileShortSide = 750
    /// The least overlap between neighbouring tiles, in pixels.
    var minimumOverlap = 192

    /// The tiles covering a `width` x `height` picture, nearest the centre first (people aim
    /// the camera at the code). A picture no larger than one tile gives one tile, itself.
    func tiles(width: Int, height: Int) -> [PixelRect] {
        let landscape = width >= height
        let tileWidth = min(width, landscape ? tileLongSide : tileShortSide)
        let tileHeight = min(height, landscape ? tileShortSide : tileLongSide)
        let columns = Self.starts(length: width, tile: tileWidth, overlap: minimumOverlap)
        let rows = Self.starts(length: height, tile: tileHeight, overlap: minimumOverlap)
        let tiles = rows.flatMap { y in columns.map { x in PixelRect(x: x, y: y, width: tileWidth, height: tileHeight) } }
        func distanceFromCentre(_ tile: PixelRect) -> Int {
            let dx = 2 * tile.x + tile.width - width
            let dy = 2 * tile.y + tile.height - height
            return dx * dx + dy * dy
        }
        return tiles.enumerated()
            .sorted { (distanceFromCentre($0.element), $0.offset) < (distanceFromCentre($1.element), $1.offset) }
            .map(\.element)
    }

    /// Evenly spread starts of `tile`-long windows covering `length`, overlapping by at least
    /// `overlap` (when there is more than one window).
    static func starts(length: Int, tile: Int, overlap: Int) -> [Int] {
        guard length > tile else { return [0] }
        let step = max(1, tile - overlap)
        let count = 1 + (length - tile + step - 1) / step
        return (0..<count).map { $0 * (length - tile) / (count - 1) }
    }
}
