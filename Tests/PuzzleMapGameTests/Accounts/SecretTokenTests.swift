import Crypto
import Foundation
import PuzzleMapCore
import PuzzleMapGame
import Testing

/// Tokens are stored as their HMAC-SHA256 under the deployment's token key; the hasher kept
/// for hot paths gives what the one-off hash gives, on many threads at once.
@Suite struct SecretTokenTests {
    @Test func hashIsHMACSHA256OfTheToken() {
        // RFC 4231, test case 2.
        #expect(SecretToken.hash("what do ya want for nothing?", key: Data("Jefe".utf8))
            == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func keptHasherAgreesWithAFreshHMACForEveryToken() async {
        let key = Data((0..<32).map { UInt8($0 * 7 & 0xFF) })
        let hasher = SecretToken.Hasher(key: key)
        let tokens = (0..<2_000).map { index in index % 3 == 0 ? SecretToken.generate() : "token-\(index)-é漢" }
        let expected = tokens.map { HMAC<SHA256>.authenticationCode(for: Data($0.utf8), using: SymmetricKey(data: key)).hexadecimal }
        // The same kept hasher on every task at once, each token hashed twice in a row.
        let hashed = await withTaskGroup(of: (Int, String, String).self) { group in
            for (index, token) in tokens.enumerated() {
                group.addTask { (index, hasher.hash(token), hasher.hash(token)) }
            }
            var hashed = [String](repeating: "", count: tokens.count)
            for await (index, first, second) in group {
                #expect(first == second)
                hashed[index] = first
            }
            return hashed
        }
        #expect(hashed == expected)
        #expect(hasher.hash("") == HMAC<SHA256>.authenticationCode(for: Data(), using: SymmetricKey(data: key)).hexadecimal)
    }
}
