import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// A voucher as its holder sees it.
public struct HeldVoucher: Sendable, Equatable {
    public var voucher: Voucher
    public var status: Voucher.Status
    /// Whether the holder may give it to a friend, by the rule a gift is decided by.
    public var isGiftable: Bool
    /// The username of the friend who gave it ("erased" for an erased account), for a gift.
    public var giftedBy: String?

    init(_ voucher: Voucher, holder: Account, at date: Date, giftedBy: String?) {
        self.voucher = voucher
        status = voucher.status(at: date, ownerVerified: holder.mayClaimFreebies)
        isGiftable = voucher.isGiftable(by: holder.player.id, at: date)
        self.giftedBy = giftedBy
    }
}

/// How a holder's vouchers are listed.
public enum VoucherOrder: Sendable {
    case newestFirst
    case claimableFirst
}

/// A player's vouchers: the list, one with its code, and gifts to friends.
extension Hunt {
    /// The holder's vouchers, newest first, or (`.claimableFirst`) grouped as a player wants
    /// them: unclaimed, then waiting for the email, claimed, expired, newest first within each.
    /// `playVersion`, when the caller read it with the session, lets the vouchers kept with the
    /// player's progress at that version answer without a read (a gift's giver is still read,
    /// as their name may have changed since).
    public func vouchers(heldBy holder: Account, playVersion: Int64? = nil, order: VoucherOrder = .newestFirst) async throws -> [HeldVoucher] {
        let vouchers = if let playVersion {
            try await played(playerID: holder.player.id, at: playVersion).vouchers
        } else {
            try await repository.vouchers(playerID: holder.player.id)
        }
        let now = now()
        var held: [HeldVoucher] = []
        for voucher in vouchers {
            held.append(HeldVoucher(voucher, holder: holder, at: now, giftedBy: try await giver(of: voucher)))
        }
        guard order == .claimableFirst else { return held }
        // The store lists newest first, and sorting is stable, so that order holds within each status.
        let statuses: [Voucher.Status] = [.unclaimed, .pendingVerification, .claimed, .expired]
        let rank = { (held: HeldVoucher) in statuses.firstIndex(of: held.status) ?? statuses.count }
        return held.sorted { rank($0) < rank($1) }
    }

    /// One of the holder's vouchers; another player's is refused as not held (never revealed).
    public func voucher(id: Int64, heldBy holder: Account) async throws -> HeldVoucher {
        guard let voucher = try await repository.voucher(id: id), voucher.playerID == holder.player.id else { throw RewardRefusal.voucherNotHeld }
        return HeldVoucher(voucher, holder: holder, at: now(), giftedBy: try await giver(of: voucher))
    }

    /// The code a shop's camera reads, and the one to type when it cannot.
    public func code(of voucher: Voucher) -> (qrText: String, manualCode: String) {
        let signer = TagSigner(secrets: secrets)
        let payload = TagPayload(purpose: .voucher, subject: UInt64(voucher.id), version: 1)
        return (signer.qrText(for: payload, baseURL: publicURL), signer.manualCode(for: payload))
    }

    /// Gives one of the giver's unclaimed vouchers to a friend, within `limits.giftsPerDay`
    /// gifts a campus day; exactly once, however many times it is given at the same moment.
    /// The voucher as its new holder sees it.
    public func giftVoucher(id: Int64, from giver: Account, to username: String) async throws -> HeldVoucher {
        guard let voucher = try await repository.voucher(id: id), voucher.playerID == giver.player.id else { throw RewardRefusal.voucherNotHeld }
        let friend = try await visiblePlayer(username, to: giver.player.id)
        guard try await repository.areFriends(giver.player.id, friend.player.id) else { throw RewardRefusal.notFriends }
        let now = now()
        let (from, perDay) = (giver.player.id, limits.giftsPerDay)
        let told = LiveEvent(playerID: friend.player.id, kind: .giftReceived,
                             values: ["from": giver.player.displayName, "offer": content.offer(id: voucher.offerID)?.title ?? voucher.offerID],
                             subjectID: voucher.id)
        let moved = try await repository.giftVoucher(id: voucher.id, from: from, to: friend.player.id,
                                                     dayStart: LocalDate(now, in: timeZone).interval(in: timeZone).start, at: now,
                                                     decide: { $0.refusal(giver: from, perDay: perDay, at: now) }, announce: { _ in [told] }).get()
        return HeldVoucher(moved, holder: friend, at: now, giftedBy: giver.player.username)
    }

    /// The username of the friend who gave the voucher (an erased account shows as erased).
    private func giver(of voucher: Voucher) async throws -> String? {
        guard let giver = voucher.giftedBy else { return nil }
        return try await repository.account(id: giver)?.player.username ?? "erased"
    }
}
