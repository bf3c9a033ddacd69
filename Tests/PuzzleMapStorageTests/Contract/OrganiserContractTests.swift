import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import Testing

/// What organisers read and set, alike on every store: reports' statuses, the dashboard's
/// figures and the exports' rows.
@Suite struct OrganiserContractTests {
    let start = ContractFixture.start

    static func audit(_ organiser: Player, _ report: Int64, _ status: ReportStatus) -> AuditRecord {
        AuditRecord(actorID: organiser.id, actorName: organiser.username, action: .reportStatusSet, subject: "report:\(report)", detail: status.rawValue)
    }

    @Test(arguments: StorageBackend.allCases)
    func anOrganiserSetsAReportsStatusAndTheListIsFilteredByIt(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            _ = try await repository.imported()
            let ada = try await repository.signUp("ada")
            let bob = try await repository.signUp("bob")
            let olive = try await repository.signUp("olive")
            _ = try await repository.setRole(email: "olive@student.gla.ac.uk", role: .admin, partnerID: nil)
            let place = ContractFixture.content.checkpoints[0].id
            let sticker = ProblemReport(kind: .stickerDamaged, checkpointID: place, text: "Torn in half", context: nil)
            let bug = ProblemReport(kind: .bug, checkpointID: nil, text: "The map is blank", context: "internal_error on /map")
            let first = try await repository.saveReport(sticker, playerID: ada.id, at: start)
            let second = try await repository.saveReport(bug, playerID: bob.id, at: start + 60)
            #expect(first == StoredReport(id: first.id, playerID: ada.id, report: sticker, createdAt: start, status: .open, reporter: "ada"))

            let inHand = try #require(try await repository.setReportStatus(id: first.id, to: .inHand, by: olive.id, audit: Self.audit(olive, first.id, .inHand), at: start + 120))
            #expect(inHand == StoredReport(id: first.id, playerID: ada.id, report: sticker, createdAt: start, status: .inHand, reporter: "ada",
                                           statusSetBy: "olive", statusSetAt: start + 120))
            #expect(try await repository.reports(limit: 10) == [
                StoredReport(id: second.id, playerID: bob.id, report: bug, createdAt: start + 60, status: .open, reporter: "bob"), inHand,
            ])
            #expect(try await repository.reports(limit: 10, status: .inHand) == [inHand])
            #expect(try await repository.reports(limit: 10, status: .open).map(\.id) == [second.id])
            #expect(try await repository.reports(limit: 10, status: .fixed).isEmpty)
            #expect(try await repository.setReportStatus(id: second.id + 1000, to: .fixed, by: olive.id, audit: Self.audit(olive, second.id + 1000, .fixed), at: start + 180) == nil)

            // Fixed later by another decision: the newest status and who set it are kept.
            let fixed = try #require(try await repository.setReportStatus(id: first.id, to: .fixed, by: olive.id, audit: Self.audit(olive, first.id, .fixed), at: start + 240))
            #expect(fixed.status == .fixed && fixed.statusSetAt == start + 240)
            // Each change wrote its audit line with it; the unknown report wrote none.
            #expect(try await repository.auditLog(limit: 10).map { "\($0.record.actorName) \($0.record.action.rawValue) \($0.record.subject) \($0.record.detail)" } == [
                "olive report_status_set report:\(first.id) fixed", "olive report_status_set report:\(first.id) in_hand",
            ])

            // The reporter erases their account: the report stays, no longer theirs, its status kept.
            try await repository.eraseAccount(id: ada.id, at: start + 300)
            let kept = try #require(try await repository.reports(limit: 10, status: .fixed).first)
            #expect(kept.playerID == nil && kept.reporter == nil && kept.report == sticker && kept.statusSetBy == "olive")
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func theDashboardsFiguresCountWhatPlayersDidTodayAndEver(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let dayStart = start - 3600
            let place = content.checkpoints[0]
            let other = content.checkpoints[1]
            // Ada signed up yesterday and took a riddle two days ago; today she takes a hint and solves it.
            let ada = try await repository.signUp("ada", at: start - 86_400)
            let riddle = try #require(content.riddles.first { $0.checkpointID == place.id })
            guard case .started(let attempt) = try await repository.ask(for: riddle, playerID: ada.id, category: place.category, at: start - 2 * 86_400)
            else { Issue.record("no riddle"); return }
            _ = try await repository.takeHint(attemptID: attempt.id, playerID: ada.id, maxHints: 3, at: start + 100)
            _ = try await repository.performScan(playerID: ada.id, checkpointID: place.id, idempotencyKey: nil, requestDigest: "r", photo: nil,
                                                 location: nil, photoWindow: 0, at: start + 3600) { _ in
                ScanEffect(solvedAttemptID: attempt.id, event: .solved(by: ada.id, riddleID: riddle.id, at: place.id, xp: 100, hintsUsed: 1, on: start + 3600), outcome: "solved", flag: nil) { _ in Data() }
            }
            // Bob signed up today; a photo of his gave no code near the first place, and another player's photo was reused at the second.
            let bob = try await repository.signUp("bob", at: start + 60)
            let near = Coordinate(latitude: place.coordinate.latitude + 0.0002, longitude: place.coordinate.longitude)
            try await repository.recordScanFailure(playerID: bob.id, reason: "no_code_found",
                                                   location: ReportedLocation(coordinate: near, accuracyMetres: 10), at: start + 500)
            _ = try await repository.performScan(playerID: bob.id, checkpointID: other.id, idempotencyKey: nil, requestDigest: "r", photo: nil,
                                                 location: nil, photoWindow: 0, at: start + 2000) { _ in
                ScanEffect(outcome: "photo_already_used", flag: .reusedPhoto) { _ in Data() }
            }
            // Cy signed up today and did nothing; Dan played three days ago; Quinn is shop staff.
            _ = try await repository.signUp("cy", at: start + 120)
            let dan = try await repository.signUp("dan", at: start - 3 * 86_400)
            _ = try await repository.appendEvent(playerID: dan.id, kind: .explored, checkpointID: other.id, riddleID: nil, xp: 25, at: start - 3 * 86_400)
            _ = try await repository.signUp("quinn", at: start + 200)
            _ = try await repository.setRole(email: "quinn@student.gla.ac.uk", role: .staff, partnerID: content.offers[0].partnerID)
            // Reports: two about the first place (one fixed), one about nothing in particular.
            let damaged = try await repository.saveReport(ProblemReport(kind: .stickerDamaged, checkpointID: place.id, text: "", context: nil),
                                                          playerID: ada.id, at: start)
            _ = try await repository.saveReport(ProblemReport(kind: .stickerMissing, checkpointID: place.id, text: "", context: nil), playerID: bob.id, at: start)
            _ = try await repository.saveReport(ProblemReport(kind: .bug, checkpointID: nil, text: "Slow", context: nil), playerID: bob.id, at: start)
            _ = try await repository.setReportStatus(id: damaged.id, to: .fixed, by: dan.id, audit: Self.audit(dan, damaged.id, .fixed), at: start + 10)

            let figures = try await repository.dashboardFigures(dayStart: dayStart, activeNowSince: start + 3000)
            #expect(figures.figures.activePlayers == 2)  // Ada (a hint, a solve) and Bob (a failed photo, a reused one)
            #expect(figures.activeNow == 1)  // Ada's solve
            #expect(figures.everActive == 3)  // and Dan
            #expect(figures.figures.players == 4)  // Quinn is staff
            #expect(figures.signUps == [start + 60, start + 120])
            #expect(figures.scans == [start + 2000, start + 3600])
            #expect(figures.solves == [start + 3600])
            #expect(figures.hints == [start + 100])
            #expect(figures.huntStartedAt == start)
            #expect(figures.figures.failures == [HuntFigures.FailedPhoto(location: near, at: start + 500)])
            #expect(figures.figures.lastScans == [place.id: start + 3600])
            #expect(figures.figures.pendingReportsByCheckpoint == [place.id: 1])
            #expect(figures.figures.pendingReports == 2)
            // The statistics' own figures count active players the same way.
            #expect(try await repository.figures(activeSince: start + 3000).activePlayers == 1)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func theProgressExportReadsLivePlayersAndTheirLedgersUpToTheEnd(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let place = content.checkpoints[0].id
            let ada = try await repository.signUp("ada", at: start)
            let early = try await repository.appendEvent(playerID: ada.id, kind: .explored, checkpointID: place, riddleID: nil, xp: 25, at: start + 10)
            _ = try await repository.appendEvent(playerID: ada.id, kind: .explored, checkpointID: content.checkpoints[1].id, riddleID: nil, xp: 25,
                                                 at: start + 1000)
            let bob = try await repository.signUp("bob", at: start + 999)
            _ = try await repository.signUp("cy", at: start + 1000)
            _ = try await repository.signUp("quinn", at: start)
            _ = try await repository.setRole(email: "quinn@student.gla.ac.uk", role: .staff, partnerID: content.offers[0].partnerID)
            let gone = try await repository.signUp("gone", at: start)
            try await repository.eraseAccount(id: gone.id, at: start + 5)

            let ledgers = try await repository.ledgers(until: start + 1000)
            #expect(ledgers == [PlayerLedger(player: ada, events: [early]), PlayerLedger(player: bob, events: [])])
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func theScanExportReadsTheScansOfTheRangeInOrder(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            let bob = try await repository.signUp("bob")
            let here = ReportedLocation(coordinate: Coordinate(latitude: 55.8721, longitude: -4.2882), accuracyMetres: 12.5)
            func scan(_ player: Int64, _ place: Int, at offset: TimeInterval, outcome: String, flagged: Bool = false,
                      location: ReportedLocation? = nil) async throws {
                _ = try await repository.performScan(playerID: player, checkpointID: content.checkpoints[place].id, idempotencyKey: nil, requestDigest: "r",
                                                     photo: nil, location: location, photoWindow: 0, at: start + offset) { _ in
                    ScanEffect(outcome: outcome, flag: flagged ? .tooFast : nil) { _ in Data() }
                }
            }
            try await scan(ada.id, 0, at: 50, outcome: "wrong_place")
            try await scan(bob.id, 2, at: 200, outcome: "already_visited", flagged: true)
            try await scan(ada.id, 1, at: 100, outcome: "wrong_place", location: here)
            try await scan(ada.id, 3, at: 300, outcome: "wrong_place")

            let log = try await repository.scanLog(from: start + 100, to: start + 300)
            #expect(log.map { [$0.username, $0.checkpointID, $0.outcome, "\($0.flagged)"] } == [
                ["ada", content.checkpoints[1].id, "wrong_place", "false"], ["bob", content.checkpoints[2].id, "already_visited", "true"],
            ])
            #expect(log.map(\.at) == [start + 100, start + 200])
            #expect(log.map(\.location) == [here, nil])
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func theRedemptionExportReadsOnePartnersOrEveryPartnersRedemptionsWithTheirStaff(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let place = content.checkpoints[0].id
            let (coffee, lunch) = (try #require(content.offers.first { $0.partnerID == "qmu-cafe" }), try #require(content.offers.first { $0.partnerID == "guu-food" }))
            let ada = try await repository.verifiedPlayer("ada")
            let bob = try await repository.verifiedPlayer("bob")
            let quinn = try await repository.signUp("quinn")
            _ = try await repository.setRole(email: "quinn@student.gla.ac.uk", role: .staff, partnerID: "qmu-cafe")
            let gus = try await repository.signUp("gus")
            _ = try await repository.setRole(email: "gus@student.gla.ac.uk", role: .staff, partnerID: "guu-food")
            for player in [ada.id, bob.id] {
                _ = try await VoucherContractTests.unlock(coffee.id, for: player, at: place, repository)
                _ = try await VoucherContractTests.unlock(lunch.id, for: player, at: place, repository)
            }
            func voucher(_ player: Int64, _ offer: Offer) async throws -> Voucher {
                try #require(try await repository.vouchers(playerID: player).first { $0.offerID == offer.id })
            }
            let adaCoffee = try await voucher(ada.id, coffee), bobCoffee = try await voucher(bob.id, coffee), adaLunch = try await voucher(ada.id, lunch)
            _ = try await repository.redeem(voucherID: bobCoffee.id, partnerID: "qmu-cafe", staffID: quinn.id, at: start + 200)
            _ = try await repository.redeem(voucherID: adaCoffee.id, partnerID: "qmu-cafe", staffID: quinn.id, at: start + 100)
            _ = try await repository.redeem(voucherID: adaLunch.id, partnerID: "guu-food", staffID: gus.id, at: start + 150)
            // Redeemed after the range.
            _ = try await repository.redeem(voucherID: try await voucher(bob.id, lunch).id, partnerID: "guu-food", staffID: gus.id, at: start + 300)

            let qmu = try await repository.redemptionLog(partnerID: "qmu-cafe", from: start, to: start + 300)
            #expect(qmu.map { [$0.partnerID, $0.voucher.offerID, $0.playerDisplayName, $0.staffUsername ?? "-"] } == [
                ["qmu-cafe", coffee.id, "Ada", "quinn"], ["qmu-cafe", coffee.id, "Bob", "quinn"],
            ])
            #expect(qmu.map(\.voucher.id) == [adaCoffee.id, bobCoffee.id])
            #expect(qmu.map(\.voucher.redeemedAt) == [start + 100, start + 200])
            let every = try await repository.redemptionLog(partnerID: nil, from: start, to: start + 300)
            #expect(every.map(\.voucher.id) == [adaCoffee.id, adaLunch.id, bobCoffee.id])
            #expect(every.map(\.staffUsername) == ["quinn", "gus", "quinn"])
            #expect(try await repository.redemptionLog(partnerID: "library-cafe", from: start, to: start + 300).isEmpty)
        }
    }
}
