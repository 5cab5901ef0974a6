import Foundation

/// Which redirects the wall-of-honor client follows: only to the same scheme, host and port, and never one that would
/// change the method or send the body somewhere else.
///
///     HTTPRedirectPolicy.decide(status: 302, from: list, to: other, method: "GET")   // .refuse(…) when other's host differs
enum HTTPRedirectPolicy {
    /// The statuses that carry a `Location` to follow.
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]
    /// More hops than this is a loop.
    static let maximumHops = 5

    enum Decision: Equatable {
        case follow(URL)
        /// Why not, in the user's language.
        case refuse(String)
    }

    static func decide(status: Int, from origin: URL, to target: URL?, method: String) -> Decision {
        guard let target else { return .refuse("Сервер перенаправил запрос, не указав куда") }
        guard sameOrigin(origin, target) else {
            return .refuse("Сервер перенаправил запрос на другой адрес (\(display(target))); запрос туда не отправлен")
        }
        // 301, 302 and 303 turn a POST into a GET without its body; only 307 and 308 keep method and body.
        if method != "GET", method != "HEAD", ![307, 308].contains(status) {
            return .refuse("Сервер перенаправил запрос \(method) с ответом \(status); запрос не повторён")
        }
        return .follow(target)
    }

    /// Same scheme, host and port (the scheme's default port when none is written).
    static func sameOrigin(_ left: URL, _ right: URL) -> Bool {
        guard let leftScheme = left.scheme?.lowercased(), let rightScheme = right.scheme?.lowercased() else {
            return false
        }
        return leftScheme == rightScheme && left.host?.lowercased() == right.host?.lowercased()
            && port(of: left, scheme: leftScheme) == port(of: right, scheme: rightScheme)
    }

    private static func port(of url: URL, scheme: String) -> Int? {
        url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
    }

    /// `scheme://host:port`, without the path or query that may hold anything.
    static func display(_ url: URL) -> String {
        let scheme = url.scheme.map { $0 + "://" } ?? ""
        return scheme + (url.host ?? "?") + (url.port.map { ":\($0)" } ?? "")
    }
}
