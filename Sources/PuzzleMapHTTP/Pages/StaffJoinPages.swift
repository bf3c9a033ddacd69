import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// The link in a staff invitation: choose a name and a password, and the new staff account is
/// signed in at the counter. A link that was used, revoked or has lapsed says so, and what to do.
struct StaffJoinPages {
    let services: HuntServices
    let library: PageLibrary

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("staff/join/:token") { _, context in
            let token = context.parameters.get("token") ?? ""
            do {
                let invitation = try await services.hunt.openStaffInvitation(token: token)
                return joinPage(context, invitation: invitation, token: token)
            } catch let refusal as InvitationRefusal {
                return gonePage(context, refusal)
            }
        }
        router.post("staff/join/:token") { request, context in
            let form = try await PageForm.read(request, context: context)
            let token = context.parameters.get("token") ?? ""
            let displayName = form.text("displayName") ?? ""
            let account: Account
            do {
                account = try await services.hunt.acceptStaffInvitation(token: token, displayName: displayName, password: form["password"] ?? "")
            } catch let refusal as InvitationRefusal {
                return gonePage(context, refusal)
            } catch {
                let problem = try Problem.forPage(error)
                let invitation = try await services.hunt.openStaffInvitation(token: token)
                return joinPage(context, invitation: invitation, token: token, displayName: displayName, problem: problem)
            }
            let session = try await services.hunt.openSession(for: account, device: .browser)
            var response = Response.seeOther("/counter")
            response.setCookie(PageSession.sessionCookie(session, request: request))
            return response
        }
    }

    private func joinPage(_ context: AppRequestContext, invitation: StaffInvitation, token: String, displayName: String = "",
                          problem: Problem? = nil) -> Response {
        let partner = services.content.partner(id: invitation.partnerID)?.name ?? invitation.partnerID
        return PageRendering(library: library, context: context).response(
            "staff-join", title: library.text("staffJoin.title", ["partner": partner]), status: problem?.status ?? .ok,
            JoinView(intro: library.text("staffJoin.intro", ["partner": partner, "email": invitation.email]),
                     action: "/staff/join/\(PageForm.escapeQuery(token))", displayName: displayName, problem: problem))
    }

    /// The answer for a link that no longer works, with the day and time it stopped, in the campus's words.
    private func gonePage(_ context: AppRequestContext, _ refusal: InvitationRefusal) -> Response {
        let zone = services.timeZone
        let when = { (date: Date) in ["day": CampusDates.day(date, in: zone), "time": CampusDates.time(date, in: zone)] }
        let (key, values): (String, [String: String]) = switch refusal {
        case .used(let date): ("used", when(date))
        case .revoked(let date): ("revoked", when(date))
        case .expired(let date): ("expired", when(date))
        default: ("notFound", [:])
        }
        return PageRendering(library: library, context: context).response(
            "staff-join", title: library.text("staffJoin.goneTitle"), status: Problem(refusal).status,
            GoneView(gone: .init(detail: library.text("staffJoin.gone.\(key)", values), hint: library.text("staffJoin.goneHint.\(key)"))))
    }

    struct JoinView {
        var intro: String
        var action: String
        var displayName: String
        var problem: Problem?
    }

    struct GoneView {
        struct Gone {
            var detail: String
            var hint: String
        }
        var gone: Gone
    }
}
