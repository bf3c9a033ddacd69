import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// The signed-in person's account: display name, password, their data to take away, and
/// erasure behind an "are you sure?" with the password. The game's account use cases decide.
struct ProfilePages {
    let services: HuntServices
    let library: PageLibrary

    /// The settings page has nothing of the account's: its switches are the phone's, and the
    /// language the browser's (a cookie).
    struct Settings {
        struct Choice {
            var value: String
            /// In its own language ("中文（简体）"), as a reader looks for their own.
            var name: String
            var selected: Bool
        }
        var languages: [Choice]
        var notice: String?
        /// A player's notices while the app is closed; `nil` for anyone else.
        var notifications: Notifications?
        var problem: Problem?
    }

    struct Notifications {
        struct Topic {
            var name: String
            var label: String
            var on: Bool
        }
        /// The VAPID key the page's script subscribes with.
        var publicKey: String
        /// How many phones are woken, in words.
        var devices: String
        var topics: [Topic]
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        // The phone's own settings (sound, vibration, animations): kept on the phone by the
        // page's script, as they belong to the phone, not the account.
        // Open to anyone: a visitor chooses the language before signing up.
        router.get("settings") { request, context in
            let notice: String? = switch request.uri.queryParameters.get("done") {
            case "language": library.text("settings.languageSaved")
            case "notifications": library.text("settings.push.saved")
            default: nil
            }
            return try await settingsPage(request, context, notice: notice)
        }
        // A phone's subscription, posted by the page's script once the browser made it.
        router.post("settings/push") { request, context in
            let player = try context.requirePlayer().playerID
            let form = try await PageForm.read(request, context: context)
            do {
                if form["action"] == "off" {
                    try await services.hunt.unsubscribeFromPush(playerID: player, endpoint: form["endpoint"] ?? "")
                } else {
                    try await services.hunt.subscribeToPush(playerID: player, subscription: try PushController.subscription(
                        endpoint: form["endpoint"] ?? "", p256dh: form["p256dh"] ?? "", auth: form["auth"] ?? "",
                        language: PageLibrary.language.tag, library: library))
                }
            } catch {
                return try await settingsPage(request, context, problem: try Problem.forPage(error))
            }
            return Response.seeOther("/settings?done=notifications")
        }
        router.post("settings/notifications") { request, context in
            let player = try context.requirePlayer().playerID
            let form = try await PageForm.read(request, context: context)
            // A box left unticked is not sent: every topic not ticked is off.
            _ = try await services.hunt.setPushTopics(Dictionary(uniqueKeysWithValues: PushTopic.allCases.map { ($0.rawValue, form[$0.rawValue] == "on") }),
                                                      playerID: player)
            return Response.seeOther("/settings?done=notifications")
        }
        router.post("settings/language") { request, context in
            let form = try await PageForm.read(request, context: context)
            let tag = form["language"].flatMap { tag in library.languages.first { $0.tag == tag }?.tag }
            var response = Response.seeOther("/settings?done=language")
            response.setCookie(PageSession.languageCookie(tag, request: request))
            return response
        }
        router.get("account") { request, context in
            let identity = try context.requireIdentity()
            let notice: String? = switch request.uri.queryParameters.get("done") {
            case "name": library.text("account.nameChanged")
            case "password": library.text("account.passwordChanged")
            case "emailSent": library.text("account.emailCodeSent")
            case "email": library.text("account.emailChanged", ["email": identity.account.player.email])
            case "picture": library.text("account.picture.sent")
            case "pictureRemoved": library.text("account.picture.removed")
            case "avatar": library.text("account.avatar.saved")
            default: nil
            }
            return try await accountPage(context, account: identity.account, notice: notice)
        }
        router.post("account/email") { request, context in
            let identity = try context.requireIdentity()
            let form = try await PageForm.read(request, context: context)
            do {
                try await services.hunt.requestEmailChange(identity.account, to: form["newEmail"] ?? "", password: form["password"] ?? "", language: PageLibrary.language.tag)
            } catch {
                return try await accountPage(context, account: identity.account, problem: try Problem.forPage(error))
            }
            return Response.seeOther("/account?done=emailSent")
        }
        router.post("account/email/confirm") { request, context in
            let identity = try context.requireIdentity()
            let form = try await PageForm.read(request, context: context)
            do {
                _ = try await services.hunt.confirmEmailChange(identity.account, code: form.text("code") ?? "")
            } catch {
                return try await accountPage(context, account: identity.account, problem: try Problem.forPage(error))
            }
            return Response.seeOther("/account?done=email")
        }
        router.post("account/name") { request, context in
            let identity = try context.requireIdentity()
            let form = try await PageForm.read(request, context: context)
            do {
                _ = try await services.hunt.updateProfile(of: identity.account, sessionID: identity.session.id, displayName: form["displayName"] ?? "",
                                                          password: nil, currentPassword: nil)
            } catch {
                return try await accountPage(context, account: identity.account, problem: try Problem.forPage(error))
            }
            return Response.seeOther("/account?done=name")
        }
        router.post("account/password") { request, context in
            let identity = try context.requireIdentity()
            let form = try await PageForm.read(request, context: context)
            do {
                _ = try await services.hunt.updateProfile(of: identity.account, sessionID: identity.session.id, displayName: nil,
                                                          password: form["newPassword"] ?? "", currentPassword: form["currentPassword"])
            } catch {
                return try await accountPage(context, account: identity.account, problem: try Problem.forPage(error))
            }
            return Response.seeOther("/account?done=password")
        }
        router.get("account/export") { request, context in
            let identity = try context.requireIdentity()
            let export = try await services.hunt.export(of: identity.account)
            var response = try MeController.Export(export, content: services.content).response(from: request, context: context)
            response.headers[.contentDisposition] = "attachment; filename=\"puzzle-map-\(identity.account.player.username).json\""
            return response
        }
        router.get("account/delete") { _, context in
            _ = try context.requireIdentity()
            return deletePage(context)
        }
        router.post("account/delete") { request, context in
            let identity = try context.requireIdentity()
            let form = try await PageForm.read(request, context: context)
            do {
                try await services.hunt.eraseAccount(identity.account, password: form["password"] ?? "")
            } catch {
                return deletePage(context, problem: try Problem.forPage(error))
            }
            var response = Response.seeOther("/?erased=1")
            PageSession.endSession(in: &response, request: request)
            return response
        }
    }

    private func settingsPage(_ request: Request, _ context: AppRequestContext, notice: String? = nil, problem: Problem? = nil) async throws -> Response {
        let chosen = request.cookies[PageSession.languageCookieName]?.value
        var notifications: Notifications?
        if let identity = context.identity, identity.account.role == .player {
            let settings = try await services.hunt.pushSettings(playerID: identity.account.player.id)
            notifications = Notifications(
                publicKey: services.hunt.vapidKey.publicKey,
                devices: settings.devices == 0 ? library.text("settings.push.noDevices") : library.text("settings.push.devices", ["count": "\(settings.devices)"]),
                topics: settings.topics.map { .init(name: $0.topic.rawValue, label: library.text("settings.push.topic.\($0.topic.rawValue)"), on: $0.on) })
        }
        return PageRendering(library: library, context: context).response("settings", title: library.text("settings.title"), status: problem?.status ?? .ok,
            Settings(
                languages: [.init(value: "", name: library.text("settings.languageFromPhone"), selected: chosen == nil)]
                    + library.languages.map { language in
                        .init(value: language.tag, name: library.catalogues[language]?.texts["language.name"] ?? language.tag,
                              selected: chosen == language.tag)
                    },
                notice: notice, notifications: notifications, problem: problem))
    }

    func accountPage(_ context: AppRequestContext, account: Account, notice: String? = nil, problem: Problem? = nil) async throws -> Response {
        let pending = try await services.hunt.pendingEmailChange(playerID: account.player.id)
        let look = try await services.hunt.look(of: account)
        let zone = services.timeZone
        let guest = try await services.hunt.guestEvent(of: account).map { event in
            library.text("openDay.guestOf", ["name": event.name, "day": CampusDates.day(event.erasesAt, in: zone)])
        }
        return PageRendering(library: library, context: context).response("account", title: library.text("account.title"), status: problem?.status ?? .ok,
            AccountView(guest: guest, picture: look.picture.map { picture in
                            AccountView.Picture(src: PictureSource.picture(of: account.player.username, version: picture.version),
                                                status: library.text("account.picture.\(picture.status.rawValue)"))
                        },
                        avatars: [AccountView.AvatarChoice(value: "", label: library.text("account.avatar.none"), src: nil, checked: look.avatar == nil)]
                            + Avatar.allCases.map { avatar in
                                AccountView.AvatarChoice(value: avatar.rawValue, label: library.text("account.avatar.\(avatar.rawValue)"),
                                                         src: PictureSource.avatar(avatar), checked: look.avatar == avatar)
                            },
                        username: library.text("account.username", ["username": account.player.username]),
                        email: library.text("account.email", ["email": account.player.email]),
                        displayName: account.player.displayName,
                        pendingEmail: pending.map { library.text("account.emailPending", ["email": $0]) }, notice: notice, problem: problem))
    }

    private func deletePage(_ context: AppRequestContext, problem: Problem? = nil) -> Response {
        PageRendering(library: library, context: context).response("delete", title: library.text("delete.title"), status: problem?.status ?? .ok,
                                                                   DeleteView(guest: context.identity?.account.isGuest ?? false, problem: problem))
    }

    struct AccountView {
        /// For an open day's guest: whose guest, and the day what they leave is erased.
        var guest: String?
        struct Picture {
            var src: String
            /// Waiting for an organiser, shown to others, or refused, in words.
            var status: String
        }
        struct AvatarChoice {
            var value: String
            var label: String
            var src: String?
            var checked: Bool
        }
        var picture: Picture?
        var avatars: [AvatarChoice]
        var username: String
        var email: String
        var displayName: String
        /// The address a change waits to be confirmed for, in words.
        var pendingEmail: String?
        var notice: String?
        var problem: Problem?
    }

    struct DeleteView {
        /// A guest confirms without a password: they have none.
        var guest = false
        var problem: Problem?
    }
}
