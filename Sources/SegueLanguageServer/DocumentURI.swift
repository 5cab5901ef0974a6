import Foundation

/// `file://` URIs as editors send them, to and from the paths the loader reads.
///
///     DocumentURI.path(of: "file:///work/flows/donate%20app.yaml")  // "/work/flows/donate app.yaml"
public enum DocumentURI {
    /// The file path of a `file:` URI; other schemes keep their text (the document is then checked in memory).
    public static func path(of uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        var rest = String(uri.dropFirst("file://".count))
        if !rest.hasPrefix("/"), let slash = rest.firstIndex(of: "/") { rest = String(rest[slash...]) }  // a host
        return rest.removingPercentEncoding ?? rest
    }

    /// The `file:` URI of an absolute path.
    public static func uri(of path: String) -> String {
        guard path.hasPrefix("/") else { return path }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#")
        return "file://" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path)
    }
}
