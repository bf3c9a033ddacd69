import PuzzleMapHTTP
import Testing

/// Behind nginx every request comes from the proxy: the per-address sign-in limit must count
/// the clients it forwards, and a client must not choose its own address.
@Suite struct ClientAddressTests {
    @Test func aTrustedProxysLastForwardedAddressIsTheClient() {
        #expect(AppRequestContext.clientAddress(peer: "127.0.0.1", forwardedFor: "198.51.100.7", trusting: ["127.0.0.1"]) == "198.51.100.7")
    }

    @Test func addressesAClientWroteItselfAreIgnored() {
        // The client sent "X-Forwarded-For: 10.9.9.9"; nginx appended the address it saw.
        #expect(AppRequestContext.clientAddress(peer: "127.0.0.1", forwardedFor: "10.9.9.9, 198.51.100.7", trusting: ["127.0.0.1"])
            == "198.51.100.7")
    }

    @Test func anUntrustedPeerIsTheClientWhateverItForwards() {
        #expect(AppRequestContext.clientAddress(peer: "203.0.113.5", forwardedFor: "198.51.100.7", trusting: ["127.0.0.1"]) == "203.0.113.5")
        #expect(AppRequestContext.clientAddress(peer: "127.0.0.1", forwardedFor: "198.51.100.7", trusting: []) == "127.0.0.1")
        #expect(AppRequestContext.clientAddress(peer: "127.0.0.1", forwardedFor: " , ", trusting: ["127.0.0.1"]) == "127.0.0.1")
    }
}
