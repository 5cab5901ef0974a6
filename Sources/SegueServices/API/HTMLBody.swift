import Foundation

/// A body that is an HTML page (a proxy's 502, a captive portal, a framework's error page), told apart from JSON and
/// summarised by its `<title>` and the `Server` header, never quoted: an alert says "the server sent an HTML page
/// (502 Bad Gateway, nginx)", not "<!DOCTYPE html><html><head>…".
///
///     HTMLBody.summary(Data("<html><title>502 Bad Gateway</title>…".utf8), headers: ["server": "nginx"])
///     // "502 Bad Gateway, nginx"
///     HTMLBody.summary(Data("{\"Error\": \"00\"}".utf8), headers: [:])   // nil: not HTML
public enum HTMLBody {
    /// How much of the body is looked at: a title is near the top.
    static let window = 64 * 1024

    /// What names the page (its title, then the server), or `""` when nothing does, for an HTML body; nil when the
    /// body is not HTML.
    public static func summary(_ body: Data, headers: [String: String]) -> String? {
        let head = String(decoding: body.prefix(window), as: UTF8.self)
        guard isHTML(head, contentType: headers["content-type"]) else { return nil }
        let names = [title(in: head), headers["server"].map { clean($0, limit: 40) }].compactMap { $0 }
        return names.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// An HTML content type, or a body that starts (after a BOM, spaces and comments) with a doctype or `<html`.
    static func isHTML(_ head: String, contentType: String?) -> Bool {
        if let type = contentType?.lowercased(), type.hasPrefix("text/html") || type.hasPrefix("application/xhtml") {
            return true
        }
        var text = Substring(head.lowercased())
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        text = text.drop { $0.isWhitespace }
        return text.hasPrefix("<!doctype html") || text.hasPrefix("<html") || text.hasPrefix("<head")
            || text.hasPrefix("<body") || (text.hasPrefix("<!--") && text.contains("<html"))
    }

    /// The text of the first `<title>`, entities for `&`, `<`, `>` and quotes decoded, made safe and short.
    static func title(in head: String) -> String? {
        guard let open = head.range(of: "<title", options: .caseInsensitive),
            let start = head[open.upperBound...].firstIndex(of: ">"),
            let close = head.range(of: "</title", options: .caseInsensitive, range: start..<head.endIndex)
        else { return nil }
        var text = String(head[head.index(after: start)..<close.lowerBound])
        for (entity, character) in [
            ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " "), ("&amp;", "&"),
        ] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return clean(text, limit: 60)
    }

    /// One line of at most `limit` Characters, without controls or bidi marks (`ServerText`).
    private static func clean(_ text: String, limit: Int) -> String {
        ServerText.sanitized(text.split(whereSeparator: \.isWhitespace).joined(separator: " "), limit: limit)
    }
}
