import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Who may ask `segue serve` anything, the one place for the rule: a request must name the server by one of its own
/// addresses (`Host`: a page on another name reaching 127.0.0.1 is DNS rebinding), come from the server's own page
/// when it says where it comes from (`Origin`, which a state-changing POST must send), and carry this run's token,
/// from the printed address's `?token=` or the cookie the page got for it.
///
///     let access = ServeAccess(host: "127.0.0.1", port: 8765)
///     access.pageURL                  // http://127.0.0.1:8765/?token=3f9c…
///     if let answer = access.answer(to: request) { return answer }   // refused, or the token's redirect
struct ServeAccess: Sendable {
    let port: UInt16
    /// 256 random bits as hex, new for every run.
    let token: String
    /// The host names accepted in `Host` and `Origin`, in lower case: 127.0.0.1, localhost, [::1] and the address
    /// listened on (for 0.0.0.0, this machine's interface addresses, as another machine names it).
    let names: Set<String>
    /// How the printed address names the server.
    let shownHost: String

    init(host: String, port: UInt16, token: String = ServeAccess.newToken()) {
        self.port = port
        self.token = token
        var names: Set<String> = ["127.0.0.1", "localhost", "[::1]", host.lowercased()]
        if host == "0.0.0.0" { names.formUnion(Self.interfaceAddresses()) }
        self.names = names
        self.shownHost = host == "0.0.0.0" || host == "localhost" ? "127.0.0.1" : host
    }

    /// The address without the token, as the page is named once the cookie is set.
    var address: String { "http://\(shownHost):\(port)/" }

    /// The address to open: the first request with it gets the cookie.
    var pageURL: String { address + "?token=" + token }

    /// The cookie's name names the port: cookies are shared by every port of 127.0.0.1, and two servers must not
    /// overwrite each other's.
    var cookieName: String { "segue-serve-\(port)" }

    /// An answer when the request is refused (400, 403) or is the printed address (the cookie and a redirect to
    /// the address without the token); nil when the route answers it.
    func answer(to request: HTTPRequest) -> HTTPResponse? {
        // The parser has refused a second Host, and a missing one on HTTP/1.1 (400); HTTP/1.0 may leave it out.
        if let host = request.header("host"), !accepts(host: host) {
            return Self.refusal(
                .forbidden, "this server answers only to \(acceptedNames): the Host header names another")
        }
        if let origin = request.header("origin") {
            guard accepts(origin: origin) else {
                return Self.refusal(
                    .forbidden, "requests are taken from the page this server sent only (Origin differs)")
            }
        } else if request.method == "POST" {
            return Self.refusal(.forbidden, "a POST must say where it comes from (Origin): send it from the page")
        }
        if let given = request.query["token"], Self.same(given, token) {
            guard request.method == "GET", request.path == "/" else { return nil }
            var redirect = HTTPResponse.text("the page is at /\n", status: .seeOther)
            redirect.headers.append(("Location", "/"))
            redirect.headers.append(("Set-Cookie", "\(cookieName)=\(token); HttpOnly; SameSite=Strict; Path=/"))
            return redirect
        }
        if let cookie = Self.cookie(named: cookieName, in: request), Self.same(cookie, token) { return nil }
        let which = request.query["token"] == nil ? "needs this run's token" : "has a token of another run"
        return Self.refusal(
            .forbidden,
            "this request \(which): open the address `segue serve` printed (http://\(shownHost):\(port)/?token=…)")
    }

    /// `Host` names this server: one of `names` and the port (which a browser leaves out only for port 80).
    func accepts(host value: String) -> Bool {
        let text = value.lowercased()
        let name: Substring
        let portText: Substring?
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            name = text[...close]
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return false }
            portText = rest.isEmpty ? nil : rest.dropFirst()
        } else if let colon = text.lastIndex(of: ":") {
            name = text[..<colon]
            portText = text[text.index(after: colon)...]
        } else {
            name = Substring(text)
            portText = nil
        }
        guard names.contains(String(name)) else { return false }
        guard let portText else { return port == 80 }
        return portText == String(port)
    }

    /// `Origin` is this server's own: `http://`, an accepted host and the port, nothing more.
    func accepts(origin value: String) -> Bool {
        let text = value.lowercased()
        guard text.hasPrefix("http://") else { return false }
        let authority = text.dropFirst("http://".count)
        guard !authority.contains("/"), !authority.contains("@") else { return false }
        return accepts(host: String(authority))
    }

    private var acceptedNames: String {
        ["127.0.0.1", "localhost", "[::1]"].map { "\($0):\(port)" }.joined(separator: ", ")
            + (["127.0.0.1", "localhost"].contains(shownHost) ? "" : " and \(shownHost):\(port)")
    }

    private static func refusal(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        .text(message + "\n", status: status)
    }

    /// The value of cookie `name` in the request's `Cookie` headers.
    static func cookie(named name: String, in request: HTTPRequest) -> String? {
        for header in request.headers where header.name == "cookie" {
            for pair in header.value.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return nil
    }

    /// Whether `given` is `expected`, in time that depends on `expected`'s length only, so how long a refusal takes
    /// says nothing about how much of a guess was right.
    static func same(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8)
        let b = Array(expected.utf8)
        var difference: UInt8 = a.count == b.count ? 0 : 1
        for index in b.indices {
            difference |= (index < a.count ? a[index] : 0) ^ b[index]
        }
        return difference == 0
    }

    /// 32 bytes from the system's random source (getrandom on Linux), as 64 hex digits.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }
            .joined()
    }

    /// This machine's IPv4 interface addresses (another machine opens the page by one of them when the server
    /// listens on 0.0.0.0).
    static func interfaceAddresses() -> Set<String> {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var found: Set<String> = []
        var next = first
        while let entry = next {
            defer { next = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else {
                continue
            }
            found.insert(
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Socket.text(of: $0.pointee.sin_addr) })
        }
        return found
    }
}
