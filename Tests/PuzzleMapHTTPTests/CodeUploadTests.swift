import Crypto
import Foundation
@testable import PuzzleMapHTTP
import Testing

@Suite struct CodeUploadTests {
    @Test func aDigestIsKeptAsLowercaseHexTwoDigitsAByte() {
        // FIPS 180-2's example: SHA-256 of "abc".
        #expect(CodeUpload.hex(SHA256.hash(data: Data("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(CodeUpload.hex(SHA256.hash(data: Data())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}
