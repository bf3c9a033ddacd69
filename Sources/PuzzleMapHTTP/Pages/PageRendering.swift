import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// Renders a page inside the common frame: the layout's title, navigation, anti-forgery token
/// and asset addresses, with the page's own content under `body`.
struct PageRendering {
    let library: PageLibrary
    let context: AppRequestContext

    /// What every template can read besides its own content.
    struct Frame<Body> {
        /// The text catalogue: templates name their labels `{{t.key}}`.
        var t: TextCatalogue
        /// The page's language (`<html lang>`), the reader's.
        var language: String
        var english: Bool
        var title: String
        var signedIn: Bool
        /// Shown on every page while an organiser has suspended the signed-in player.
        var suspended: String?
        /// Which navigation the signed-in account gets: a player's, an organiser's or shop staff's.
        var playing: Bool
        var organising: Bool
        var serving: Bool
        /// Whether the player is an open day's guest: their Me page offers the day's board and keeping their progress.
        var guest: Bool
        /// Which button of a player's bar is the page's own, marked for eyes and screen readers.
        var tabs: Tabs
        /// The organisers' message to everyone signed in, if one is shown.
        var broadcast: String?
        /// Where the page's live stream starts.
        var liveCursor: String?
        /// The form token every form carries as `_csrf`.
        var csrf: String
        var stylesheet: String
        var script: String
        var manifest: String
        var icon: String
        var touchIcon: String
        var body: Body
    }

    func response<Body>(_ template: String, title: String, status: HTTPResponse.Status = .ok, _ body: Body) -> Response {
        let role = context.identity?.account.role
        let frame = Frame(
            t: library.catalogue, language: PageLibrary.language.tag, english: PageLibrary.language == .english, title: title, signedIn: context.identity != nil,
            suspended: context.identity?.account.suspension.map { library.text("app.suspended", ["reason": $0.reason]) },
            playing: role == .player, organising: role == .admin, serving: role == .staff,
            guest: context.identity?.account.isGuest ?? false, tabs: Tabs(path: context.pagePath),
            broadcast: context.broadcast,
            liveCursor: context.liveCursor, csrf: context.formToken ?? "", stylesheet: library.assetPath("app.css"),
            script: library.assetPath("app.js"), manifest: library.assetPath("manifest.webmanifest"), icon: library.assetPath("icon.svg"),
            touchIcon: library.assetPath("icon-192.png"),
            body: body)
        let html = library.render(template, frame)
        return PageCompression.response(ByteBuffer(string: html), status: status, headers: [.contentType: "text/html; charset=utf-8"],
                                        compress: context.acceptsGzip)
    }
}

/// The player's bar (Map, Riddles, Scan, Freebies, Me, and More atop the page): which section
/// a page belongs to, by its address.
struct Tabs: Equatable {
    var map = false
    var riddles = false
    var scan = false
    var freebies = false
    var me = false
    var more = false

    init(path: String) {
        let section = path.split(separator: "/").first.map(String.init) ?? ""
        switch section {
        case "map": map = true
        case "play", "riddles", "quiz": riddles = true
        case "scan", "scans", "C": scan = true
        case "freebies": freebies = true
        case "progress", "journal": me = true
        case "more", "account", "settings", "friends", "players", "challenges", "crew", "leaderboard": more = true
        default: break
        }
    }
}

extension Response {
    /// After a form: show the next page with a GET, so reloading it sends nothing twice.
    static func seeOther(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }
}
