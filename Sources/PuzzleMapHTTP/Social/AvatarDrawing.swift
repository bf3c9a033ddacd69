import PuzzleMapCore

/// The avatars the service draws: a white shape on a coloured disc, as SVG the pages serve
/// from their own address (nothing fetched elsewhere), the same bytes for every player.
enum AvatarDrawing {
    static func svg(_ avatar: Avatar) -> String {
        let (colour, shape) = drawing(avatar)
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">\
            <circle cx="32" cy="32" r="32" fill="\(colour)"/><g fill="#fff" stroke="#fff" stroke-linejoin="round">\(shape)</g></svg>
            """
    }

    private static func drawing(_ avatar: Avatar) -> (colour: String, shape: String) {
        switch avatar {
        case .sun:
            ("#b35c00", ##"<circle cx="32" cy="32" r="10"/><path fill="none" stroke-width="4" stroke-linecap="round" d="M32 10v6M32 48v6M10 32h6M48 32h6M16.4 16.4l4.3 4.3M43.3 43.3l4.3 4.3M16.4 47.6l4.3-4.3M43.3 20.7l4.3-4.3"/>"##)
        case .wave:
            ("#1f5f99", ##"<path fill="none" stroke-width="5" stroke-linecap="round" d="M12 26c5-6 10-6 15 0s10 6 15 0 10-6 10-6M12 40c5-6 10-6 15 0s10 6 15 0 10-6 10-6"/>"##)
        case .leaf:
            ("#2e7d32", ##"<path d="M18 46C18 26 30 16 48 16c0 18-10 30-30 30z"/><path fill="none" stroke="#2e7d32" stroke-width="3" d="M20 44l20-20"/>"##)
        case .star:
            ("#6a3d9a", ##"<path d="M32 12l6 13 14 2-10 10 2.5 14L32 44l-12.5 7L22 37 12 27l14-2z"/>"##)
        case .moon:
            ("#283593", ##"<path d="M40 14a18 18 0 1 0 10 30A16 16 0 0 1 40 14z"/>"##)
        case .peak:
            ("#4e5d6c", ##"<path d="M10 46l16-24 8 11 6-8 14 21z"/>"##)
        case .drop:
            ("#00796b", ##"<path d="M32 12c8 12 14 20 14 27a14 14 0 0 1-28 0c0-7 6-15 14-27z"/>"##)
        case .spark:
            ("#ad1457", ##"<path d="M35 10L18 36h12l-3 18 19-28H34z"/>"##)
        }
    }
}
