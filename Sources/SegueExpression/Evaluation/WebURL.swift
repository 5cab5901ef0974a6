/// Whether a text is a link a browser would open as a web page: parsed the WHATWG way, strictly.
///
///     WebURL.isValid("https://пример.рф/путь?q=1")   // true (the host goes through punycode)
///     WebURL.isValid("https://exa\u{200B}mple.org")   // false: an invisible character in the host
///
/// `http` or `https` then `//`; no controls, invisible characters, spaces or backslashes anywhere; no user info
/// (`https://bank.ru@evil.example` is refused); a host that is an IPv4 address, a bracketed IPv6 address, or a
/// domain whose labels are letters, marks, digits and inner hyphens — at most 63 ASCII bytes each after punycode,
/// 253 in all; a port of digits up to 65535.
public enum WebURL {
    public static func isValid(_ text: String) -> Bool {
        guard !text.unicodeScalars.contains(where: { VisibleText.isInvisible($0) || $0 == "\\" }) else { return false }
        let lower = text.lowercased()
        let rest: Substring
        if lower.hasPrefix("https://") {
            rest = text.dropFirst(8)
        } else if lower.hasPrefix("http://") {
            rest = text.dropFirst(7)
        } else {
            return false
        }
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty, !authority.contains("@") else { return false }
        var host = Substring(authority)
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return false }
            let address = authority[authority.index(after: authority.startIndex)..<close]
            guard isIPv6(address) else { return false }
            let after = authority[authority.index(after: close)...]
            guard after.isEmpty || (after.first == ":" && isPort(after.dropFirst())) else { return false }
            return true
        }
        if let colon = authority.lastIndex(of: ":") {
            guard isPort(authority[authority.index(after: colon)...]) else { return false }
            host = authority[..<colon]
        }
        return isIPv4(host) || isDomain(host)
    }

    private static func isPort(_ text: Substring) -> Bool {
        guard !text.isEmpty, text.count <= 5, text.allSatisfy({ $0.isASCII && $0.isNumber }), let port = Int(text)
        else { return false }
        return port <= 65535
    }

    private static func isIPv4(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy { $0.isASCII && $0.isNumber }
                    && (Int(part) ?? 256) <= 255
            }
    }

    /// An IPv6 address as RFC 4291 writes it: eight groups of one to four hex digits, or fewer with one `::`
    /// standing for one or more zero groups, the last two groups possibly written as an IPv4 address.
    private static func isIPv6(_ text: Substring) -> Bool {
        guard text.count <= 45 else { return false }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        var groups = 0
        for (half, written) in halves.enumerated() where !written.isEmpty {
            let pieces = written.split(separator: ":", omittingEmptySubsequences: false)
            for (position, piece) in pieces.enumerated() {
                if half == halves.count - 1, position == pieces.count - 1, piece.contains(".") {
                    guard isIPv4(piece) else { return false }
                    groups += 2
                } else {
                    guard (1...4).contains(piece.count), piece.allSatisfy({ $0.isASCII && $0.isHexDigit }) else {
                        return false
                    }
                    groups += 1
                }
            }
        }
        return halves.count == 2 ? groups <= 7 : groups == 8
    }

    private static func isDomain(_ host: Substring) -> Bool {
        var total = 0
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        // A numeric last label is an IPv4 address gone wrong (`1.2.3.999`), not a domain.
        guard labels.count >= 1, let last = labels.last, !last.allSatisfy({ $0.isNumber }) else { return false }
        for label in labels {
            guard !label.isEmpty, label.first != "-", label.last != "-" else { return false }
            let scalars = label.lowercased().unicodeScalars
            // Punycode writes at least one letter per scalar, and its cost grows with the square of the label's
            // length: a label too long for 63 bytes is refused before it is encoded.
            guard scalars.count <= 63 else { return false }
            for scalar in scalars where !(scalar == "-" || scalar.properties.isAlphabetic || VisibleText.isMark(scalar))
            {
                guard scalar.properties.numericType == .decimal else { return false }
            }
            let ascii =
                scalars.allSatisfy(\.isASCII) ? String(scalars) : Punycode.encode(String(scalars)).map { "xn--" + $0 }
            guard let ascii, ascii.utf8.count <= 63 else { return false }
            total += ascii.utf8.count + 1
            guard total - 1 <= 253 else { return false }
        }
        return total - 1 <= 253
    }
}

/// RFC 3492's Bootstring with punycode's parameters: how a non-ASCII domain label is written on the wire.
enum Punycode {
    static func encode(_ text: String) -> String? {
        let input = text.unicodeScalars.map(\.value)
        var output = input.filter { $0 < 0x80 }.map { Character(Unicode.Scalar(UInt8($0))) }
        let basic = output.count
        var handled = basic
        if basic > 0 { output.append("-") }
        var n: UInt32 = 0x80
        var delta: UInt32 = 0
        var bias: UInt32 = 72
        while handled < input.count {
            guard let next = input.filter({ $0 >= n }).min() else { return nil }
            let (step, overflow) = (next - n).multipliedReportingOverflow(by: UInt32(handled + 1))
            guard !overflow, delta <= UInt32.max - step else { return nil }
            delta += step
            n = next
            for scalar in input {
                if scalar < n { delta += 1 }
                guard scalar == n else { continue }
                var q = delta
                var k: UInt32 = 36
                while true {
                    let t = k <= bias ? 1 : (k >= bias + 26 ? 26 : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (36 - t)))
                    q = (q - t) / (36 - t)
                    k += 36
                }
                output.append(digit(q))
                bias = adapt(delta, handled + 1, handled == basic)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(output)
    }

    private static func digit(_ value: UInt32) -> Character {
        Character(Unicode.Scalar(UInt8(value < 26 ? value + 97 : value + 22)))
    }

    private static func adapt(_ delta: UInt32, _ count: Int, _ first: Bool) -> UInt32 {
        var delta = first ? delta / 700 : delta / 2
        delta += delta / UInt32(count)
        var k: UInt32 = 0
        while delta > 455 {
            delta /= 35
            k += 36
        }
        return k + 36 * delta / (delta + 38)
    }
}
