import PuzzleMapStorage
import PuzzleMapTexts

/// The mails the service sends, in plain text, worded from the app's catalogue
/// (`mail.<kind>.subject` and `.body`) in the language of the reader who asked for them.
enum AccountMail {
    static func verification(to email: String, name: String, code: String, lifetimeMinutes: Int, publicURL: String, hunt: String,
                             language: String) -> MailDraft {
        mail("verification", to: email, language: language,
             ["name": name, "hunt": hunt, "code": code, "link": link(publicURL, "/verify"),
              "lifetime": TextBook.shipped.duration(minutes: lifetimeMinutes, in: language)])
    }

    static func passwordReset(to email: String, name: String, token: String, lifetimeMinutes: Int, publicURL: String, hunt: String,
                              language: String) -> MailDraft {
        mail("passwordReset", to: email, language: language,
             ["name": name, "hunt": hunt, "token": token, "link": link(publicURL, "/reset"),
              "lifetime": TextBook.shipped.duration(minutes: lifetimeMinutes, in: language)])
    }

    static func emailChange(to email: String, name: String, code: String, lifetimeMinutes: Int, publicURL: String, hunt: String,
                            language: String) -> MailDraft {
        mail("emailChange", to: email, language: language,
             ["name": name, "hunt": hunt, "code": code, "link": link(publicURL, "/account"),
              "lifetime": TextBook.shipped.duration(minutes: lifetimeMinutes, in: language)])
    }

    /// To the address being replaced: if the change was not the owner's, they hear of it.
    static func emailChangeNotice(to email: String, name: String, newEmail: String, hunt: String, language: String) -> MailDraft {
        mail("emailChangeNotice", to: email, language: language, ["name": name, "hunt": hunt, "newEmail": newEmail])
    }

    static func staffInvitation(to email: String, partner: String, organiser: String, link: String, lifetimeMinutes: Int, hunt: String,
                                language: String) -> MailDraft {
        mail("staffInvitation", to: email, language: language,
             ["partner": partner, "organiser": organiser, "hunt": hunt, "link": link,
              "lifetime": TextBook.shipped.duration(minutes: lifetimeMinutes, in: language)])
    }

    private static func mail(_ kind: String, to recipient: String, language: String, _ values: [String: String]) -> MailDraft {
        let book = TextBook.shipped
        return MailDraft(recipient: recipient, subject: book.text("mail.\(kind).subject", in: language, values),
                         body: book.text("mail.\(kind).body", in: language, values))
    }

    /// The page at `path` of the service (`https://hunt.example/verify`).
    private static func link(_ publicURL: String, _ path: String) -> String {
        var base = publicURL
        while base.hasSuffix("/") { base.removeLast() }
        return base + path
    }
}
