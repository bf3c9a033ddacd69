import Foundation
import PuzzleMapCore
import Testing

@Suite struct TagSignerTests {
    let signer = TagSigner(secrets: ServiceSecrets(tagKeyData: Data(repeating: 7, count: 32), tokenKeyData: Data(repeating: 9, count: 32))!)
    let checkpoint = TagPayload(purpose: .checkpoint, subject: 17, version: 2)
    let base = "https://hunt.example.ac.uk"

    @Test func qrTextIsAnUpperCaseLinkInTheAlphanumericSet() {
        let text = signer.qrText(for: checkpoint, baseURL: base)
        #expect(text.hasPrefix("HTTPS://HUNT.EXAMPLE.AC.UK/C/H.2."))
        let alphanumeric = Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
        #expect(text.allSatisfy(alphanumeric.contains))
        // Version 4 at error correction Q holds 67 alphanumeric characters.
        #expect(text.count <= 67)
    }

    @Test func qrTextVerifiesInAnyCaseAndUnderAnyHost() throws {
        let text = signer.qrText(for: checkpoint, baseURL: base)
        #expect(try signer.verify(text) == checkpoint)
        #expect(try signer.verify(text.lowercased()) == checkpoint)
        #expect(try signer.verify(text.replacingOccurrences(of: "HUNT.EXAMPLE.AC.UK", with: "OLD.HOST")) == checkpoint)
    }

    @Test func tamperedMACIsInvalid() {
        var text = signer.qrText(for: checkpoint, baseURL: base)
        let last = text.removeLast()
        text.append(last == "0" ? "1" : "0")
        #expect(throws: TagError.invalidSignature) { try signer.verify(text) }
    }

    @Test func anotherSubjectUnderTheSameMACIsInvalid() {
        let text = signer.qrText(for: checkpoint, baseURL: base).replacingOccurrences(of: "/C/H.", with: "/C/J.")
        #expect(throws: TagError.invalidSignature) { try signer.verify(text) }
    }

    @Test func aCodeSignedWithAnotherKeyIsInvalid() {
        let other = TagSigner(secrets: .generate())
        #expect(throws: TagError.invalidSignature) { try signer.verify(other.qrText(for: checkpoint, baseURL: base)) }
    }

    @Test func aVoucherCannotPassForACheckpoint() throws {
        let voucher = TagPayload(purpose: .voucher, subject: 17, version: 2)
        let text = signer.qrText(for: voucher, baseURL: base)
        #expect(throws: TagError.wrongPurpose(expected: .checkpoint, found: .voucher)) {
            try signer.verify(text, expecting: .checkpoint)
        }
        // Moving a voucher's MAC under the checkpoint path does not help either.
        #expect(throws: TagError.invalidSignature) { try signer.verify(text.replacingOccurrences(of: "/V/", with: "/C/")) }
    }

    @Test func foreignTextIsNotAPuzzleMapCode() {
        for text in ["https://example.com/menu", "hello", "", "WIFI:S:eduroam;;", "12345"] {
            #expect(throws: TagError.notAPuzzleMapCode) { try signer.verify(text) }
        }
        // Ten symbols of the alphabet read as a mistyped manual code.
        #expect(throws: TagError.invalidSignature) { try signer.verify("1234567890") }
    }

    @Test func manualCodesAreTenSymbolsForCheckpointsAndVerify() throws {
        let code = signer.manualCode(for: checkpoint)
        #expect(code.filter { $0 != "-" }.count == 10)
        #expect(try signer.verify(code) == checkpoint)
        #expect(try signer.verify(code.lowercased().replacingOccurrences(of: "-", with: " ")) == checkpoint)
        #expect(try signer.verify(signer.manualCode(for: TagPayload(purpose: .voucher, subject: 123_456, version: 1))).purpose == .voucher)
    }

    @Test func theCheckCharacterCatchesEverySingleTypo() {
        let symbols = Array(signer.manualCode(for: checkpoint).filter { $0 != "-" })
        for position in symbols.indices {
            for replacement in CrockfordBase32.alphabet + CrockfordBase32.checkSymbols where replacement != symbols[position] {
                var typo = symbols
                typo[position] = replacement
                #expect(throws: TagError.self) { try signer.verify(String(typo)) }
            }
        }
    }

    @Test func theCheckCharacterCatchesEveryAdjacentTransposition() {
        for subject in UInt64(0)..<40 {
            let symbols = Array(signer.manualCode(for: TagPayload(purpose: .checkpoint, subject: subject, version: 1)).filter { $0 != "-" })
            for position in 0..<(symbols.count - 1) where symbols[position] != symbols[position + 1] {
                var swapped = symbols
                swapped.swapAt(position, position + 1)
                #expect(throws: TagError.self) { try signer.verify(String(swapped)) }
            }
        }
    }

    @Test func crockfordReadsTheUsualConfusionsAsDigits() {
        #expect(CrockfordBase32.decode("O1") == CrockfordBase32.decode("0I"))
        #expect(CrockfordBase32.decode("l") == 1)
        #expect(CrockfordBase32.decode("U") == nil)
        #expect(CrockfordBase32.encode(1_024) == "100")
    }

    @Test func versionsAreComparedAsPrinted() {
        #expect(checkpoint.isCurrent(2))
        #expect(!checkpoint.isCurrent(3))
    }
}
