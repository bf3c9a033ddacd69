import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// What a phone's own camera opens: a QR code links to `/C/...`, `/F/...` or `/V/...`.
/// A person without the app lands on a small page saying what the hunt is and how to join,
/// never a raw error. The page does not name the checkpoint: a shared link gives no riddle away.
struct CodeLandingController {
    let services: HuntServices

    func addRoutes(to router: Router<AppRequestContext>) {
        for purpose in TagPurpose.allCases {
            router.get("\(purpose.rawValue)/:token") { request, context in
                try await page(purpose: purpose, context: context)
            }
        }
    }

    private func page(purpose: TagPurpose, context: AppRequestContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        let text = "/\(purpose.rawValue)/\(token)"
        let info = services.content.info
        var status = HTTPResponse.Status.ok
        var message: String
        switch purpose {
        case .checkpoint:
            do {
                _ = try await services.hunt.codes.checkpoint(from: text)
                message = "You found a Puzzle Map checkpoint. Open the Puzzle Map app and scan this code to claim it."
            } catch GameRefusal.codeRetired {
                status = .gone
                message = "This code has been replaced. Find the sticker at the place itself to play."
            } catch is GameRefusal {
                status = .notFound
                message = "This code is not a valid Puzzle Map checkpoint."
            }
        case .friend:
            message = "Someone wants to be your friend on Puzzle Map. Open the app and scan their code to connect."
        case .voucher:
            message = "This is a Puzzle Map freebie voucher. Show it to the staff at the partner shop."
        }
        let html = LandingPage(title: info.title, university: info.university, message: message).html
        return Response(status: status, headers: [.contentType: "text/html; charset=utf-8"],
                        body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}

/// The landing page's HTML; every organiser-written text is escaped.
struct LandingPage {
    var title: String
    var university: String
    var message: String

    var html: String {
        """
        <!doctype html>
        <html lang="en">
        <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5}</style>
        </head>
        <body>
        <h1>\(escape(title))</h1>
        <p>\(escape(message))</p>
        <p>Puzzle Map is a riddle hunt across the \(escape(university)) campus: solve riddles by walking
        to the places they describe, scan the code you find there, and earn XP, badges and free coffee.</p>
        <p>To join, get the Puzzle Map app and sign up with your university email address.</p>
        </body>
        </html>
        """
    }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
