/// A shop or café that gives freebies to players.
public struct Partner: Hashable, Codable, Sendable, Identifiable {
    public var id: String
    public var name: String
    public var address: String

    public init(id: String, name: String, address: String) {
        self.id = id
        self.name = name
        self.address = address
    }
}

/// What unlocks an offer for a player.
public enum OfferUnlock: Hashable, Codable, Sendable {
    case level(Int)
    case badge(String)
}

/// A freebie a partner gives, issued as vouchers while stock lasts.
public struct Offer: Hashable, Codable, Sendable, Identifiable {
    public var id: String
    public var partnerID: String
    public var title: String
    public var description: String
    public var unlock: OfferUnlock
    /// How many vouchers the offer can ever issue.
    public var stock: Int
    public var perPlayer: Int
    public var validFrom: LocalDate
    public var validUntil: LocalDate
    /// How many days a voucher stays valid once issued.
    public var voucherDays: Int

    public init(
        id: String, partnerID: String, title: String, description: String, unlock: OfferUnlock,
        stock: Int, perPlayer: Int, validFrom: LocalDate, validUntil: LocalDate, voucherDays: Int
    ) {
        self.id = id
        self.partnerID = partnerID
        self.title = title
        self.description = description
        self.unlock = unlock
        self.stock = stock
        self.perPlayer = perPlayer
        self.validFrom = validFrom
        self.validUntil = validUntil
        self.voucherDays = voucherDays
    }
}
