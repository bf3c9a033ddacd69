import Hummingbird

/// The web app: every page, behind the page session (cookie, anti-forgery, security headers,
/// error pages), and the static files they use.
func addPages(services: HuntServices, to router: Router<AppRequestContext>) {
    let library = PageLibrary.shipped
    router.get("static/:name") { request, context in
        guard let asset = library.assets[context.parameters.get("name") ?? ""] else { throw HTTPError(.notFound) }
        // Addresses carry the content's version, so a file can be cached for a year.
        return PageCompression.response(asset.bytes, gzipped: PageCompression.accepts(request) ? asset.gzipped : nil,
                                        headers: [.contentType: asset.contentType, .cacheControl: "public, max-age=31536000, immutable"])
    }
    // At the root, so the worker's scope is every page; never cached, so a new one is found at once.
    router.get("sw.js") { _, _ in
        Response(status: .ok, headers: [.contentType: PageLibrary.contentType(of: "sw.js"), .cacheControl: "no-cache"],
                 body: .init(byteBuffer: library.serviceWorker))
    }
    let pages = router.group().add(middleware: PageSession(services: services, library: library)).add(middleware: UploadBudgetMiddleware(services: services))
    AccountPages(services: services, library: library).addRoutes(to: pages)
    PlayPages(services: services, library: library).addRoutes(to: pages)
    ScanPages(services: services, library: library).addRoutes(to: pages)
    FreebiePages(services: services, library: library).addRoutes(to: pages)
    FriendPages(services: services, library: library).addRoutes(to: pages)
    ChallengePages(services: services, library: library).addRoutes(to: pages)
    CrewPages(services: services, library: library).addRoutes(to: pages)
    LeaderboardPages(services: services, library: library).addRoutes(to: pages)
    MapPages(services: services, library: library).addRoutes(to: pages)
    ReportPages(services: services, library: library).addRoutes(to: pages)
    ProfilePages(services: services, library: library).addRoutes(to: pages)
    ModerationPages(services: services, library: library).addRoutes(to: pages)
    ConsolePages(services: services, library: library).addRoutes(to: pages)
    AuthoringPages(services: services, library: library).addRoutes(to: pages)
    RewardAuthoringPages(services: services, library: library).addRoutes(to: pages)
    CounterPages(services: services, library: library).addRoutes(to: pages)
    StaffJoinPages(services: services, library: library).addRoutes(to: pages)
    OpenDayPages(services: services, library: library).addRoutes(to: pages)
    PicturePages(services: services, library: library).addRoutes(to: pages)
    ConsoleOpenDayPages(services: services, library: library).addRoutes(to: pages)
    CampusPlanPages(services: services, library: library).addRoutes(to: pages)
    ConsoleStaffPages(services: services, library: library).addRoutes(to: pages)
    OrganiserPages(services: services, library: library).addRoutes(to: pages)
    // An address no route has: a browser finds the app's own page with a way back; any other
    // client, the problem answer as for every API address.
    pages.get("**") { request, _ -> Response in
        let wantsPage = !request.uri.path.hasPrefix("/v1/") && (request.headers[.accept] ?? "").contains("text/html")
        throw wantsPage ? HTTPError(.notFound) : PageSession.NotAPage()
    }
}

/// `METHOD /path` of every page route: the pages are not part of the JSON API, so the API's
/// document and access table leave them out, and the page tests cover them.
public func pageOperationKeys(services: HuntServices) -> Set<String> {
    let router = Router(context: AppRequestContext.self)
    addPages(services: services, to: router)
    return Set(router.routes.map { route in
        let path = route.path.description.split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
        return "\(route.method) /\(path.joined(separator: "/"))"
    })
}
