import Foundation
import PuzzleMapCore
import Testing

@Suite struct HexadecimalTests {
    @Test func bytesAreTwoLowercaseDigitsEach() {
        #expect([UInt8]([0x00, 0x0F, 0xA5, 0xFF, 0x10]).hexadecimal == "000fa5ff10")
        #expect([UInt8]().hexadecimal == "")
        let every = [UInt8](0...255)
        #expect(every.hexadecimal == every.map { String(format: "%02x", $0) }.joined())
    }
}

@Suite struct ZeroPaddedTests {
    @Test func numbersAreWrittenAsStringFormatWritesThem() {
        for number in [0, 1, 9, 10, 59, 99, 100, 2026, 12345, -7] {
            #expect(number.zeroPadded(to: 2) == String(format: "%02d", number), "\(number)")
            #expect(number.zeroPadded(to: 4) == String(format: "%04d", number), "\(number)")
        }
        #expect(TimeOfDay(minutes: 9 * 60 + 5)?.description == "09:05")
        #expect(TimeOfDay(minutes: 24 * 60)?.description == "24:00")
    }
}

