import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// A crew riddle as its members read it.
public struct HeldCrewRiddle: Sendable, Equatable {
    public var crewRiddle: CrewRiddle
    public var riddle: Riddle
    /// What solving it pays each member who takes part, after the hints taken, bonus included.
    public var xpIfSolved: Int
    public var hintsShown: [String] { Array(riddle.hints.prefix(crewRiddle.hintsUsed)) }
    /// The members who scanned its place within the window, as of now.
    public var scannedBy: [Player]
}

/// Crews: made, joined by their code, left; their riddles, solved when two members scan the
/// place within the window (`CrewRules`), with hints shared and paid for by all.
extension Hunt {
    var crewRules: CrewRules { content.rules.crew }

    /// The longest crew name, in characters.
    public static let crewNameMaxLength = 40

    /// The player's crew, if any.
    public func crew(of playerID: Int64) async throws -> Crew? {
        try await repository.crew(ofPlayer: playerID)
    }

    /// Makes a crew the player leads; one crew at a time.
    public func createCrew(named name: String, by playerID: Int64) async throws -> Crew {
        guard let name = name.trimmed(maxLength: Self.crewNameMaxLength) else { throw CrewRefusal.invalidCrewName(max: Self.crewNameMaxLength) }
        if try await requireInGoodStanding(playerID: playerID) != nil { throw OpenDayRefusal.guestsPlayAlone }
        return try await repository.createCrew(name: name, leaderID: playerID, at: now()) { current in
            if current != nil { throw CrewRefusal.alreadyInCrew }
        }
    }

    /// The text of the crew's join code, for a member to show.
    public func crewCode(_ crew: Crew) -> String {
        TagSigner(secrets: secrets).qrText(for: TagPayload(purpose: .crew, subject: UInt64(crew.id), version: crew.codeVersion), baseURL: publicURL)
    }

    /// Joins the crew whose code is among `texts` (a photo of a member's screen, the link, the
    /// typed code), while it has room and the player is in no crew. The others hear of it.
    public func joinCrew(byCode texts: [String], playerID: Int64) async throws -> Crew {
        try await requireFullAccount(playerID: playerID)
        return try await codes.first(in: texts, expecting: .crew) { payload in
            try await join(crewID: Int64(payload.subject), playerID: playerID) { payload.isCurrent($0.codeVersion) }
        }
    }

    /// Joins crew `crewID` while it has room, `admits` it (a current code) and the player is in
    /// no crew; the others hear of it. A crew with someone who blocks the player, or whom they
    /// block, is no crew to them: a block is never revealed.
    private func join(crewID: Int64, playerID: Int64, admits: @escaping @Sendable (Crew) -> Bool) async throws -> Crew {
        let rules = crewRules
        let name = try await repository.account(id: playerID)?.player.displayName ?? ""
        for member in try await repository.crew(id: crewID)?.members ?? [] {
            if try await repository.isBlocked(member.player.id, playerID) { throw CrewRefusal.crewNotFound }
        }
        return try await repository.joinCrew(id: crewID, playerID: playerID, at: now(), decide: { crew, current in
            guard let crew, admits(crew) else { throw CrewRefusal.crewNotFound }
            if current != nil { throw CrewRefusal.alreadyInCrew }
            try rules.checkRoom(for: playerID, in: crew)
        }, announce: { crew in
            crew.members.filter { $0.player.id != playerID }.map {
                LiveEvent(playerID: $0.player.id, kind: .crewJoined, values: ["from": name, "crew": crew.name], subjectID: crew.id)
            }
        })
    }

    /// A new join code for the crew, by its leader: the old code (printed, photographed,
    /// shared) stops working. Invitations already sent still stand.
    public func renewCrewCode(by playerID: Int64) async throws -> Crew {
        try await repository.renewCrewCode(memberID: playerID) { crew in
            guard crew.leaderID == playerID else { throw CrewRefusal.notCrewLeader }
        }
    }

    // MARK: Invitations

    /// A member invites a friend into the crew while it has room; the friend hears of it and
    /// joins by accepting. Inviting again gives the waiting invitation back.
    public func inviteToCrew(_ username: String, by playerID: Int64) async throws -> CrewInvitation {
        guard let friend = try await repository.account(login: username.lowercased())?.player, friend.id != playerID else {
            throw SocialRefusal.playerNotFound
        }
        guard try await repository.areFriends(playerID, friend.id) else { throw CrewRefusal.inviteeNotFriend }
        try await requireInGoodStanding(playerID: playerID)
        let rules = crewRules
        let name = try await repository.account(id: playerID)?.player.displayName ?? ""
        return try await repository.inviteToCrew(memberID: playerID, playerID: friend.id, at: now(), decide: { crew in
            try rules.checkRoom(for: friend.id, in: crew)
        }, announce: { invitation in
            [LiveEvent(playerID: friend.id, kind: .crewInvited, values: ["from": name, "crew": invitation.crewName], subjectID: invitation.id)]
        })
    }

    /// The player's friends who are not in the crew: whom they may invite.
    public func friendsToInvite(into crew: Crew, by playerID: Int64) async throws -> [Player] {
        try await friendVersions(playerID: playerID).map(\.player).filter { !crew.has($0.id) }
    }

    /// The invitations into crews waiting for the player, newest first.
    public func crewInvitations(for playerID: Int64) async throws -> [CrewInvitation] {
        try await repository.crewInvitations(playerID: playerID)
    }

    /// Joins the crew of the player's invitation `id`, on the same terms as its code.
    public func acceptCrewInvitation(_ id: Int64, playerID: Int64) async throws -> Crew {
        guard let invitation = try await repository.crewInvitations(playerID: playerID).first(where: { $0.id == id }) else {
            throw CrewRefusal.crewInvitationNotFound
        }
        return try await join(crewID: invitation.crewID, playerID: playerID) { _ in true }
    }

    /// Turns the player's invitation `id` down; the crew is not told.
    public func declineCrewInvitation(_ id: Int64, playerID: Int64) async throws {
        guard try await repository.declineCrewInvitation(id: id, playerID: playerID) else { throw CrewRefusal.crewInvitationNotFound }
    }

    /// Leaves the player's crew (the longest-standing member then leads; the last one out ends it).
    public func leaveCrew(playerID: Int64) async throws {
        _ = try await repository.leaveCrew(memberID: playerID, at: now()) { _ in }
    }

    /// The crew's leader takes `username` out of the crew.
    public func removeFromCrew(_ username: String, by leaderID: Int64) async throws {
        guard let member = try await repository.account(login: username.lowercased()), member.player.id != leaderID else {
            throw SocialRefusal.playerNotFound
        }
        _ = try await repository.leaveCrew(memberID: member.player.id, at: now()) { crew in
            // Someone outside the crew learns nothing of who is in it.
            guard crew.has(leaderID) else { throw SocialRefusal.playerNotFound }
            guard crew.leaderID == leaderID else { throw CrewRefusal.notCrewLeader }
        }
    }

    /// The crew's riddles, as a member reads them.
    public func crewRiddles(of crew: Crew) async throws -> [HeldCrewRiddle] {
        let now = now()
        return try await repository.crewRiddles(crewID: crew.id).compactMap { held($0, crew: crew, at: now) }
    }

    /// The crew's riddle in the category, or a new one drawn for the members' combined quiz
    /// profile among the open places no member has solved (alone or with the crew: a crew
    /// riddle is new to all of them) and no member's own riddle leads to (a scan there would be
    /// that riddle's). Two members at least.
    public func askForCrewRiddle(playerID: Int64, category: Category) async throws -> (held: HeldCrewRiddle, isNew: Bool) {
        guard let crew = try await repository.crew(ofPlayer: playerID) else { throw CrewRefusal.notInCrew }
        guard crew.members.count >= 2 else { throw CrewRefusal.crewTooSmall }
        var (profiles, ownPlaces): ([TraitProfile], Set<String>) = ([], [])
        for member in crew.members {
            if let quiz = try await repository.quiz(playerID: member.player.id) { profiles.append(quiz.profile) }
            ownPlaces.formUnion(try await repository.activeAttempts(playerID: member.player.id).map(\.checkpointID))
        }
        let excluded = ownPlaces
        let now = now()
        let closed = Set(try await liveNotices().closures.keys)
        let rules = RiddleHolding(selection: RiddleSelection(content: content, timeZone: timeZone, profile: CrewRules.combined(profiles), closed: closed),
                                  giveUpCooldown: limits.giveUpCooldown)
        let random = random
        let outcome = try await repository.startCrewRiddle(crewID: crew.id, category: category, at: now) { holdings in
            var generator = random.generator
            return rules.askForCrew(in: category, holdings: holdings, excluding: excluded, at: now, using: &generator)
        }
        switch outcome {
        case .existing(let riddle):
            guard let held = held(riddle, crew: crew, at: now) else { throw CrewRefusal.crewRiddleNotFound }
            return (held, false)
        case .started(let riddle):
            guard let held = held(riddle, crew: crew, at: now) else { throw CrewRefusal.crewRiddleNotFound }
            return (held, true)
        case .refused(let refusal):
            throw refusal
        }
    }

    /// Shows the crew riddle's next hint to every member; its cost comes off every member's share.
    public func takeCrewHint(playerID: Int64, crewRiddleID: Int64) async throws -> HeldCrewRiddle {
        let name = try await repository.account(id: playerID)?.player.displayName ?? ""
        guard let riddle = try await repository.takeCrewHint(crewRiddleID: crewRiddleID, playerID: playerID, maxHints: Riddle.hintCount, at: now(),
                                                             announce: { riddle, crew in
            crew.members.filter { $0.player.id != playerID }.map {
                LiveEvent(playerID: $0.player.id, kind: .crewHint, values: ["from": name, "hint": "\(riddle.hintsUsed)"], subjectID: riddle.id)
            }
        }) else {
            if let crew = try await repository.crew(ofPlayer: playerID),
               try await repository.crewRiddles(crewID: crew.id).contains(where: { $0.id == crewRiddleID }) {
                throw GameRefusal.noHintsLeft
            }
            throw CrewRefusal.crewRiddleNotFound
        }
        guard let crew = try await repository.crew(id: riddle.crewID), let held = held(riddle, crew: crew, at: now()) else {
            throw CrewRefusal.crewRiddleNotFound
        }
        return held
    }

    private func held(_ crewRiddle: CrewRiddle, crew: Crew, at now: Date) -> HeldCrewRiddle? {
        guard let riddle = content.riddles.first(where: { $0.id == crewRiddle.riddleID }) else { return nil }
        let window = crewRules.window
        let recent = Set(crewRiddle.scans.filter { now.timeIntervalSince($0.at) <= window }.map(\.playerID))
        return HeldCrewRiddle(crewRiddle: crewRiddle, riddle: riddle,
                              xpIfSolved: content.rules.reward(for: riddle.difficulty, hintsUsed: crewRiddle.hintsUsed) + crewRules.bonusXP,
                              scannedBy: crew.members.map(\.player).filter { recent.contains($0.id) })
    }
}
