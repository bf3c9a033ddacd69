import Testing
import PuzzleMapImaging

@Suite struct QRPayloadTextTests {
    @Test func validUTF8IsReadAsUTF8() {
        #expect(QRPayloadText.decode(Array("謎解き Café".utf8)) == "謎解き Café")
    }

    @Test func utf8ByteOrderMarkIsDropped() {
        #expect(QRPayloadText.decode([0xEF, 0xBB, 0xBF] + Array("Ä".utf8)) == "Ä")
    }

    @Test func halfWidthKatakanaInShiftJISIsNotMistakenForKanji() {
        // ﾃﾞｻﾞｲﾝQR in Shift_JIS: each half-width katakana is one byte in A1...DF.
        let bytes: [UInt8] = [0xC3, 0xDE, 0xBB, 0xDE, 0xB2, 0xDD, 0x51, 0x52]
        #expect(QRPayloadText.decode(bytes) == "ﾃﾞｻﾞｲﾝQR")
    }

    @Test func shiftJISKanjiAndKanaAreRead() {
        // 今度の in Shift_JIS.
        #expect(QRPayloadText.decode([0x8D, 0xA1, 0x93, 0x78, 0x82, 0xCC]) == "今度の")
    }

    @Test func shiftJISKeepsBackslashAsBackslash() {
        #expect(QRPayloadText.decode([0x5C, 0x8D, 0xA1, 0x93, 0x78, 0x82, 0xCC]) == "\\今度の")
    }

    @Test func latin1AccentsAreReadAsLatin1() {
        // "café à Zürich" in ISO-8859-1.
        let bytes: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x20, 0xE0, 0x20, 0x5A, 0xFC, 0x72, 0x69, 0x63, 0x68]
        #expect(QRPayloadText.decode(bytes) == "café à Zürich")
    }
}
