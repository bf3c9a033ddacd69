import PuzzleMapCore
import Testing

@Suite struct HexadecimalTests {
    @Test func bytesAreTwoLowercaseDigitsEach() {
        #expect([UInt8]([0x00, 0x0F, 0xA5, 0xFF, 0x10]).hexadecimal == "000fa5ff10")
        #expect([UInt8]().hexadecimal == "")
    }
}
