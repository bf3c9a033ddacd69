import Foundation
import HummingbirdTesting
import PuzzleMapCore
import PuzzleMapImaging
import Testing

/// A player who has not found a checkpoint types codes until one is accepted.
///
/// A manual checkpoint code is ten Crockford base-32 symbols (`XXXX-XXXX-XX`): two for the
/// checkpoint's number, one for its tag version, six of signature and a check character. The
/// number and version are easy to know (numbers run 1, 2, 3...; versions start at 1) and the
/// check character is computed from the rest, so a guesser must find the six signature symbols:
/// 32^6 = 2^30 = 1 073 741 824 candidates per checkpoint. Aiming at every checkpoint at once
/// (each guess names one), a guess hits with probability checkpoints / 2^30.
@Suite struct CodeGuessingTests {
    @Test func guessingManualCheckpointCodesIsCutOffAfterFiveMissesFarBelowAUsefulNumberOfGuesses() async throws {
        let service = try await TestService()
        let content = service.services.content
        let genuine = try await service.manualCode(for: content.checkpoints[0].id)
        #expect(genuine.filter { $0 != "-" }.count == 10)
        let guessSpace = 1 << (5 * TagSigner.manualMACSymbols)
        #expect(guessSpace == 1_073_741_824)

        try await service.test { client in
            let token = try await client.signedInPlayer()
            var misses = 0
            var refusal: Reply?
            for guess in UInt64(1)...50 {
                let reply = try await client.scan(code: ManualCodeForgery.guess(guess, at: genuine), token: token)
                guard reply.code == "invalid_code" else { refusal = reply; break }
                misses += 1
            }
            let limited = try #require(refusal)
            #expect(misses == 5)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.code == "too_many_scans")
            let window = try #require(limited.headers[.retryAfter].flatMap(Int.init))
            #expect(window == 600)

            // The guesser learns nothing while locked out: even the genuine code is refused.
            #expect(try await client.scan(code: genuine, token: token).code == "too_many_scans")

            // At this pace a year of guessing (one account, every checkpoint at once) has
            // under a 1 % chance of a single hit, where the whole space needs 2^30 guesses.
            let guessesPerYear = misses * (365 * 24 * 3600 / window)
            #expect(guessesPerYear == 262_800)
            #expect(Double(guessesPerYear * content.checkpoints.count) / Double(guessSpace) < 0.01)

            // Once the window has passed, the player (who may have been honest) plays again.
            service.clock.advance(by: TimeInterval(window))
            #expect(try await client.scan(code: genuine, token: token).status == .ok)
        }
    }

    /// Guesses sent all at once: the limit is checked before a guess and counted after it
    /// fails, and no interleaving may let more than five misses through.
    @Test func simultaneousGuessesGetNoMoreMissesThroughThanOneAfterAnother() async throws {
        let service = try await TestService()
        let genuine = try await service.manualCode(for: service.services.content.checkpoints[0].id)
        try await service.test { client in
            let token = try await client.signedInPlayer()
            let replies = try await client.simultaneously(10) { index in
                try await client.scan(code: ManualCodeForgery.guess(UInt64(index + 1), at: genuine), token: token)
            }
            #expect(replies.map(\.summary).sorted() == Array(repeating: "422 invalid_code", count: 5) + Array(repeating: "429 too_many_scans", count: 5))
        }
    }

    /// The same guesses printed as QR codes and photographed are still guesses. A sticker's
    /// QR holds the link form; a QR holding a typed-style code is someone's guess.
    @Test func manualCodeGuessesPhotographedAsQRCodesCountTowardsTheSameLimit() async throws {
        let service = try await TestService()
        let genuine = try await service.manualCode(for: service.services.content.checkpoints[0].id)
        try await service.test { client in
            let token = try await client.signedInPlayer()
            var answers: [String] = []
            for guess in UInt64(1)...6 {
                let photo = try QREncoder(errorCorrection: .quartile).encode(ManualCodeForgery.guess(guess, at: genuine)).renderPNG(scale: 8, quietZone: 4)
                answers.append(try await client.scan(photo: photo, type: "image/png", token: token).summary)
            }
            #expect(answers == Array(repeating: "422 invalid_code", count: 5) + ["429 too_many_scans"])
            #expect(try await client.scan(code: ManualCodeForgery.guess(7, at: genuine), token: token).summary == "429 too_many_scans")
        }
    }

    /// One photo can hold many codes: a sheet of guesses counts as a guess per code tried, not
    /// as one scan, and no more than four codes of one upload are tried.
    @Test func aPhotoHoldingManyGuessesCountsEveryOneOfThem() async throws {
        let service = try await TestService()
        let genuine = try await service.manualCode(for: service.services.content.checkpoints[0].id)
        let sheet = try QRSheet.png(of: (1...8).map { ManualCodeForgery.guess(UInt64($0), at: genuine) })
        try await service.test { client in
            let token = try await client.signedInPlayer()
            #expect(try await client.scan(photo: sheet, type: "image/png", token: token).summary == "422 invalid_code")
            // Four guesses counted from the sheet: the fifth is the last one answered.
            #expect(try await client.scan(code: ManualCodeForgery.guess(9, at: genuine), token: token).summary == "422 invalid_code")
            #expect(try await client.scan(code: ManualCodeForgery.guess(10, at: genuine), token: token).summary == "429 too_many_scans")
        }
    }
}
