import CZBar

/// One pass of zbar's QR reader over a picture, returning each symbol's raw bytes.
///
/// zbar runs with every symbology but QR disabled and with `ZBAR_CFG_BINARY` on, so byte-mode
/// segments come back unconverted (zbar still applies an ECI designator itself when the code
/// carries one, producing UTF-8); ``QRPayloadText`` turns the bytes into text.
/// A reader owns one zbar scanner; it is not Sendable and lives inside one scan call.
final class ZBarQRReader {
    private let scanner: OpaquePointer

    /// Fails only if zbar cannot allocate or configure its scanner.
    init() throws(QRScanningError) {
        guard let scanner = zbar_image_scanner_create() else { throw .zbarFailed("zbar_image_scanner_create") }
        self.scanner = scanner
        let settings: [(zbar_symbol_type_t, zbar_config_t, Int32)] = [
            (ZBAR_NONE, ZBAR_CFG_ENABLE, 0),
            (ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1),
            (ZBAR_QRCODE, ZBAR_CFG_BINARY, 1),
        ]
        for (symbology, setting, value) in settings where zbar_image_scanner_set_config(scanner, symbology, setting, value) != 0 {
            zbar_image_scanner_destroy(scanner)
            throw .zbarFailed("zbar_image_scanner_set_config")
        }
    }

    deinit { zbar_image_scanner_destroy(scanner) }

    /// The raw payloads of every QR code zbar finds in `image`, in zbar's order, scanning every
    /// `lineSpacing`-th row and column.
    func read(_ image: GrayImage, lineSpacing: Int32 = 1) throws(QRScanningError) -> [[UInt8]] {
        for setting in [ZBAR_CFG_X_DENSITY, ZBAR_CFG_Y_DENSITY] where zbar_image_scanner_set_config(scanner, ZBAR_NONE, setting, lineSpacing) != 0 {
            throw .zbarFailed("zbar_image_scanner_set_config")
        }
        guard let zImage = zbar_image_create() else { throw .zbarFailed("zbar_image_create") }
        defer { zbar_image_destroy(zImage) }
        zbar_image_set_format(zImage, Self.y800)
        zbar_image_set_size(zImage, UInt32(image.width), UInt32(image.height))

        return try image.pixels.withUnsafeBufferPointer { (pixels) throws(QRScanningError) -> [[UInt8]] in
            // No cleanup handler: zbar borrows the pixels only for the duration of this closure.
            zbar_image_set_data(zImage, pixels.baseAddress, UInt(pixels.count), nil)
            defer { zbar_image_set_data(zImage, nil, 0, nil) }
            let found = zbar_scan_image(scanner, zImage)
            guard found >= 0 else { throw .zbarFailed("zbar_scan_image") }
            guard found > 0 else { return [] }
            var payloads: [[UInt8]] = []
            var symbol = zbar_image_first_symbol(zImage)
            while let current = symbol {
                if zbar_symbol_get_type(current) == ZBAR_QRCODE, let data = zbar_symbol_get_data(current) {
                    let length = Int(zbar_symbol_get_data_length(current))
                    payloads.append(data.withMemoryRebound(to: UInt8.self, capacity: length) {
                        Array(UnsafeBufferPointer(start: $0, count: length))
                    })
                }
                symbol = zbar_symbol_next(current)
            }
            return payloads
        }
    }

    /// The fourcc of 8-bit gray, "Y800".
    private static let y800: UInt = 0x3030_3859
}
