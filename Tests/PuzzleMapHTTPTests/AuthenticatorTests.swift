@testable import PuzzleMapHTTP
import Testing

@Suite struct AuthenticatorTests {
    /// The token is what follows the scheme (in any case), spaces and tabs around it left out;
    /// another scheme, or none, gives no token.
    @Test func theBearerTokenIsWhatFollowsTheScheme() {
        #expect(Authenticator.bearerToken("Bearer abc.DEF-123") == "abc.DEF-123")
        #expect(Authenticator.bearerToken("bearer  abc \t") == "abc")
        #expect(Authenticator.bearerToken("BEARER \tabc") == "abc")
        #expect(Authenticator.bearerToken("Bearer  ") == "")
        #expect(Authenticator.bearerToken("Bearer") == nil)
        #expect(Authenticator.bearerToken("Basic YWRhOnB3") == nil)
        #expect(Authenticator.bearerToken("") == nil)
    }
}
