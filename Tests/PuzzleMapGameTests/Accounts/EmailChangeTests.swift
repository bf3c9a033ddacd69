import Foundation
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapStorage
import Testing

/// A student who leaves keeps their account: the address changes once a code mailed to the
/// new one is typed, on each store.
@Suite struct EmailChangeTests {
    static let password = "correct horse battery"

    /// A player signed up through the use case, so their password is a real hash.
    static func signedUp(_ world: GameWorld, _ username: String) async throws -> Account {
        try await world.hunt.signUp(email: "\(username)@student.gla.ac.uk", username: username, password: password, displayName: username.capitalized)
    }

    /// The code in the newest mail to `recipient`.
    static func code(mailedTo recipient: String, _ world: GameWorld) async throws -> String {
        let mail = try #require(try await world.hunt.repository.allMail(limit: 50).first { $0.recipient == recipient })
        return String(try #require(mail.body.firstMatch(of: /\n\s+(\d{6})\n/)?.1))
    }

    @Test(arguments: GameWorld.Store.allCases)
    func theAddressChangesOnlyOnceTheCodeMailedToItIsTypedAndTheOldAddressHearsOfIt(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let ada = try await Self.signedUp(world, "ada")
        let sent = try await world.hunt.requestEmailChange(ada, to: "  Ada.Lovelace@Example.COM ", password: Self.password)
        #expect(sent == "ada.lovelace@example.com")
        #expect(try await world.hunt.pendingEmailChange(playerID: ada.player.id) == "ada.lovelace@example.com")
        // Until the code is typed, nothing changes: she still signs in with the old address.
        #expect(try await world.hunt.repository.account(id: ada.player.id)?.player.email == "ada@student.gla.ac.uk")
        let notice = try #require(try await world.hunt.repository.allMail(limit: 50).first { $0.subject.contains("a new email address was asked for") })
        #expect(notice.recipient == "ada@student.gla.ac.uk" && notice.body.contains("ada.lovelace@example.com"))

        let code = try await Self.code(mailedTo: "ada.lovelace@example.com", world)
        let wrong = code == "000000" ? "111111" : "000000"
        await #expect(throws: AccountRefusal.invalidVerificationCode(lifetimeMinutes: world.hunt.limits.verificationCodeHours * 60)) {
            try await world.hunt.confirmEmailChange(ada, code: wrong)
        }
        let changed = try await world.hunt.confirmEmailChange(ada, code: code)
        #expect(changed.player.email == "ada.lovelace@example.com" && changed.isEmailVerified)
        #expect(try await world.hunt.pendingEmailChange(playerID: ada.player.id) == nil)
        #expect(try await world.hunt.repository.account(login: "ada.lovelace@example.com")?.player.id == ada.player.id)
        #expect(try await world.hunt.repository.account(login: "ada@student.gla.ac.uk") == nil)
        // The code is spent.
        await #expect(throws: AccountRefusal.self) { try await world.hunt.confirmEmailChange(changed, code: code) }
    }

    @Test(arguments: GameWorld.Store.allCases)
    func aChangeIsRefusedWithoutThePasswordToAnotherAccountsAddressOrToTheSameOne(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let ada = try await Self.signedUp(world, "ada")
        _ = try await Self.signedUp(world, "bob")
        await #expect(throws: AccountRefusal.passwordRequiredForEmailChange) {
            try await world.hunt.requestEmailChange(ada, to: "ada@example.com", password: "guess")
        }
        await #expect(throws: AccountRefusal.invalidEmail) { try await world.hunt.requestEmailChange(ada, to: "ada at home", password: Self.password) }
        await #expect(throws: AccountRefusal.emailUnchanged) {
            try await world.hunt.requestEmailChange(ada, to: "ADA@student.gla.ac.uk", password: Self.password)
        }
        await #expect(throws: AccountRefusal.emailTakenByAnother) {
            try await world.hunt.requestEmailChange(ada, to: "bob@student.gla.ac.uk", password: Self.password)
        }
        #expect(try await world.hunt.pendingEmailChange(playerID: ada.player.id) == nil)
    }

    /// Two players ask for the same new address; the first to type the code gets it, and the
    /// second is told, with nothing changed.
    @Test(arguments: GameWorld.Store.allCases)
    func anAddressTakenWhileTheCodeWaitedIsRefusedWithNothingChanged(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let (ada, bob) = (try await Self.signedUp(world, "ada"), try await Self.signedUp(world, "bob"))
        try await world.hunt.requestEmailChange(ada, to: "shared@example.com", password: Self.password)
        let adasCode = try await Self.code(mailedTo: "shared@example.com", world)
        try await world.hunt.requestEmailChange(bob, to: "shared@example.com", password: Self.password)
        let bobsCode = try await Self.code(mailedTo: "shared@example.com", world)
        _ = try await world.hunt.confirmEmailChange(bob, code: bobsCode)
        await #expect(throws: AccountRefusal.emailTakenByAnother) { try await world.hunt.confirmEmailChange(ada, code: adasCode) }
        #expect(try await world.hunt.repository.account(id: ada.player.id)?.player.email == "ada@student.gla.ac.uk")
        #expect(try await world.hunt.pendingEmailChange(playerID: ada.player.id) == "shared@example.com", "she may still ask for another")
    }
}
