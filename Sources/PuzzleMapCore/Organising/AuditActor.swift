/// Who an audit line names: an organiser, or the service acting on a signal.
public enum AuditActor: Hashable, Sendable {
    case organiser(Organiser)
    case service

    public func record(_ action: AuditAction, subject: String, detail: String) -> AuditRecord {
        switch self {
        case .organiser(let organiser): organiser.record(action, subject: subject, detail: detail)
        case .service: .byService(action, subject: subject, detail: detail)
        }
    }
}
