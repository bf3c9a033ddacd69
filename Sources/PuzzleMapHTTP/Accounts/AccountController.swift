import Foundation
import Hummingbird
import PuzzleMapCore

/// Sign-up, email verification, sign-in, refresh, sign-out and password resets.
struct AccountController {
    let services: HuntServices

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.post("accounts") { request, context -> EditedResponse<PlayerView> in
            let body = try await request.decode(as: SignUpRequest.self, context: context)
            let account = try await services.hunt.signUp(email: body.email, username: body.username, password: body.password,
                                                         displayName: body.displayName, language: request.readerLanguage)
            return EditedResponse(status: .created, response: PlayerView(account))
        }
        router.post("accounts/verify") { request, context -> StatusView in
            let body = try await request.decode(as: VerifyEmailRequest.self, context: context)
            try await services.hunt.verifyEmail(email: body.email, code: body.code)
            return StatusView(status: "verified")
        }
        router.post("accounts/verification-codes") { request, context -> EditedResponse<StatusView> in
            let body = try await request.decode(as: NewVerificationCodeRequest.self, context: context)
            try await services.hunt.sendNewVerificationCode(email: body.email, language: request.readerLanguage)
            return EditedResponse(status: .accepted, response: StatusView(status: "accepted"))
        }
        router.post("sessions") { request, context -> SessionView in
            let body = try await request.decode(as: SignInRequest.self, context: context)
            let address = context.clientAddress(of: request, trusting: services.trustedProxies)
            return SessionView(try await services.hunt.signIn(login: body.login, password: body.password, from: address))
        }
        router.post("sessions/refresh") { request, context -> SessionView in
            let body = try await request.decode(as: RefreshRequest.self, context: context)
            return SessionView(try await services.hunt.refresh(refreshToken: body.refreshToken))
        }
        router.post("password-resets") { request, context -> EditedResponse<StatusView> in
            let body = try await request.decode(as: PasswordResetRequest.self, context: context)
            try await services.hunt.requestPasswordReset(email: body.email, language: request.readerLanguage)
            return EditedResponse(status: .accepted, response: StatusView(status: "accepted"))
        }
        router.post("password-resets/confirm") { request, context -> StatusView in
            let body = try await request.decode(as: PasswordResetConfirmation.self, context: context)
            try await services.hunt.resetPassword(token: body.token, newPassword: body.newPassword)
            return StatusView(status: "password_changed")
        }
    }

    func addAuthenticatedRoutes(to router: RouterGroup<AppRequestContext>) {
        router.delete("sessions/current") { _, context -> Response in
            try await services.hunt.signOut(sessionID: context.requireIdentity().session.id)
            return Response(status: .noContent)
        }
    }
}
