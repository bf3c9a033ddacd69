import Foundation
import Logging
import PuzzleMapCore
import PuzzleMapHTTP
import PuzzleMapStorage
import Testing

@Suite struct MailDeliveryTests {
    /// A sign-up queues its verification mail. Made through the use case, not the router: a
    /// router test runs the application's services, whose own delivery pass could take the
    /// mail first on a busy machine (these tests deliver it themselves).
    func queueOne(_ service: TestService) async throws {
        _ = try await service.services.hunt.signUp(email: "ada@student.gla.ac.uk", username: "ada", password: "correct horse battery",
                                                   displayName: "Ada")
    }

    @Test func aConfiguredCommandReceivesTheMailOnStandardInput() async throws {
        let service = try await TestService()
        try await queueOne(service)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mail-\(UUID().uuidString).txt").path
        let delivery = MailDelivery(services: service.services, sendmailCommand: "cat > '\(file)'", logger: testLogger)
        try await delivery.deliverPending()
        let message = try String(contentsOfFile: file, encoding: .utf8)
        #expect(message.contains("To: ada@student.gla.ac.uk"))
        #expect(message.contains("verification code"))
        #expect(try await service.repository.pendingMail(limit: 10, at: service.clock.now).isEmpty)
        #expect(try await service.repository.allMail(limit: 10).first?.sentAt == service.clock.now)
    }

    @Test func aFailedDeliveryIsKeptAndRetriedLater() async throws {
        let service = try await TestService()
        try await queueOne(service)
        try await MailDelivery(services: service.services, sendmailCommand: "exit 75", logger: testLogger).deliverPending()
        let failed = try #require(try await service.repository.allMail(limit: 10).first)
        #expect(failed.sentAt == nil)
        #expect(failed.attempts == 1)
        #expect(failed.lastError?.contains("75") == true)
        #expect(try await service.repository.pendingMail(limit: 10, at: service.clock.now).isEmpty, "not retried at once")
        service.clock.advance(by: 31)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mail-\(UUID().uuidString).txt").path
        try await MailDelivery(services: service.services, sendmailCommand: "cat > '\(file)'", logger: testLogger).deliverPending()
        #expect(try await service.repository.allMail(limit: 10).first?.sentAt == service.clock.now)
        #expect(FileManager.default.fileExists(atPath: file))
    }

    @Test func withoutACommandMailIsLoggedAndKeptForTheOutbox() async throws {
        let service = try await TestService()
        try await queueOne(service)
        try await MailDelivery(services: service.services, sendmailCommand: nil, logger: testLogger).deliverPending()
        let mail = try #require(try await service.repository.allMail(limit: 10).first)
        #expect(mail.sentAt == service.clock.now)
        #expect(mail.body.contains("verification code"))
    }
}
