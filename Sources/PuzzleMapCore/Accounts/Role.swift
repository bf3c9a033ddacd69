/// What an account may do. Players play; staff redeem their partner's vouchers; admins organise.
public enum Role: String, Codable, Sendable, CaseIterable {
    case player
    case staff
    case admin
}
