import PuzzleMapStorage

/// The mails the service sends, in plain text.
enum AccountMail {
    static func verification(to email: String, name: String, code: String, expiresIn: String, publicURL: String, hunt: String) -> MailDraft {
        var base = publicURL
        while base.hasSuffix("/") { base.removeLast() }
        return MailDraft(recipient: email, subject: "\(hunt): your verification code", body: """
            Hello \(name),

            Welcome to \(hunt)! Your verification code is:

                \(code)

            Type it on the "Confirm your email" page (\(base)/verify) to confirm your university email
            address. You can play straight away; freebies wait until your address is confirmed. The code expires in \(expiresIn).

            If you did not sign up, ignore this mail.
            """)
    }

    static func passwordReset(to email: String, name: String, token: String, validFor: String, publicURL: String, hunt: String) -> MailDraft {
        var base = publicURL
        while base.hasSuffix("/") { base.removeLast() }
        return MailDraft(recipient: email, subject: "\(hunt): reset your password", body: """
            Hello \(name),

            Someone asked to reset the password of your \(hunt) account. If it was you, type this
            token on the "Choose a new password" page (\(base)/reset) within \(validFor) (it works once):

                \(token)

            Resetting signs you out everywhere. If it was not you, ignore this mail.
            """)
    }
}

extension AccountMail {
    static func emailChange(to email: String, name: String, code: String, expiresIn: String, publicURL: String, hunt: String) -> MailDraft {
        var base = publicURL
        while base.hasSuffix("/") { base.removeLast() }
        return MailDraft(recipient: email, subject: "\(hunt): confirm your new email address", body: """
            Hello \(name),

            You asked for your \(hunt) account to use this address from now on. Your code is:

                \(code)

            Type it on your account page (\(base)/account) within \(expiresIn). Until then your account
            keeps its old address.

            If you did not ask for this, ignore this mail: nothing changes.
            """)
    }

    /// To the address being replaced: if the change was not the owner's, they hear of it.
    static func emailChangeNotice(to email: String, name: String, newEmail: String, hunt: String) -> MailDraft {
        MailDraft(recipient: email, subject: "\(hunt): a new email address was asked for", body: """
            Hello \(name),

            Someone signed in to your \(hunt) account asked to change its email address to
            \(newEmail). It changes only once the code mailed there is typed.

            If it was you, there is nothing to do here. If it was not, change your password now:
            whoever asked knows it.
            """)
    }

    static func staffInvitation(to email: String, partner: String, organiser: String, link: String, validFor: String, hunt: String) -> MailDraft {
        MailDraft(recipient: email, subject: "\(hunt): you are invited to redeem freebies at \(partner)", body: """
            Hello,

            \(organiser), an organiser of \(hunt), invites you to redeem players' freebies at
            \(partner). Open this link within \(validFor) to choose your name and password (it works once):

                \(link)

            Then open the counter page on the shop's phone or tablet and photograph the code on a
            player's screen. If you did not expect this mail, ignore it.
            """)
    }
}
