import Foundation

/// Path arithmetic on strings, done by Segue itself: Foundation's `deletingLastPathComponent` traps (SIGILL) on a
/// one-character name such as `f` in this toolchain, and `segue validate f` crashed through it. Nothing here touches
/// the disk or follows a link; `/` is the only separator and every result is a plain string.
///
///     PathName.directory(of: "flows/donate.yaml")          // "flows"
///     PathName.directory(of: "f")                          // "."
///     PathName.lastComponent(of: "flows/")                 // "flows"
///     PathName.resolving("lib/cards.yaml", from: "flows/donate.yaml")  // "flows/lib/cards.yaml"
///     PathName.standardized("a/./b/../c")                  // "a/c"
public enum PathName {
    /// The folder holding `path`, as POSIX `dirname` has it: `.` for a bare name (or an empty path), `/` for `/` and
    /// for a name just under it; trailing and doubled slashes are not a component.
    public static func directory(of path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text.removeLast() }
        guard let slash = text.lastIndex(of: "/") else { return "." }
        var folder = text[..<slash]
        while folder.hasSuffix("/") { folder.removeLast() }
        return folder.isEmpty ? "/" : String(folder)
    }

    /// The last component of `path` with trailing slashes dropped: `b` for `a/b/`, `/` for `/`, empty for empty.
    public static func lastComponent(of path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text.removeLast() }
        guard text != "/" else { return "/" }
        guard let slash = text.lastIndex(of: "/") else { return String(text) }
        return String(text[text.index(after: slash)...])
    }

    /// `component` under `folder`, with one slash between them; an empty folder adds nothing, and an empty component
    /// gives the folder.
    public static func appending(_ component: String, to folder: String) -> String {
        if folder.isEmpty { return component }
        if component.isEmpty { return folder }
        let head = folder.hasSuffix("/") ? folder : folder + "/"
        return head + (component.hasPrefix("/") ? String(component.drop { $0 == "/" }) : component)
    }

    /// A path written inside the file at `file` (an import, a scenario's `flow:`, an `<invoke src>`), read relative
    /// to that file's folder; an absolute path stays as written, and a file in the current folder adds no `./`.
    public static func resolving(_ relative: String, from file: String) -> String {
        if relative.hasPrefix("/") { return relative }
        let folder = directory(of: file)
        return folder == "." && !file.hasPrefix("./") ? relative : appending(relative, to: folder)
    }

    /// The extension of the last component (`yaml` for `a/b.yaml`), empty when it has none; a leading dot (`.env`)
    /// starts a name, not an extension.
    public static func pathExtension(of path: String) -> String {
        let name = lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// `path` without its last component's extension (`a/b` for `a/b.yaml`); trailing slashes are dropped.
    public static func deletingExtension(of path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text.removeLast() }
        let ext = pathExtension(of: String(text))
        return ext.isEmpty ? String(text) : String(text.dropLast(ext.count + 1))
    }

    /// The last component without its extension: `donate` for `flows/donate.yaml`.
    public static func stem(of path: String) -> String {
        deletingExtension(of: lastComponent(of: path))
    }

    /// `path` with `.` components and doubled or trailing slashes removed and each `..` taking away the component
    /// before it, by the text alone (links are not resolved); `..` at the start of a relative path stays, and `/..`
    /// is `/`. An empty path stays empty; one that cancels out entirely is `.`.
    public static func standardized(_ path: String) -> String {
        guard !path.isEmpty else { return "" }
        let absolute = path.hasPrefix("/")
        var kept: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                if let last = kept.last, last != ".." {
                    kept.removeLast()
                } else if !absolute {
                    kept.append(component)
                }
            default: kept.append(component)
            }
        }
        let joined = kept.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// `path` made absolute against `folder` (the current directory unless given), then standardized.
    public static func absolute(_ path: String, from folder: String = FileManager.default.currentDirectoryPath)
        -> String
    {
        standardized(path.hasPrefix("/") ? path : appending(path, to: folder.isEmpty ? "/" : folder))
    }

    /// The components of `path` after standardizing (`["a", "c"]` for `a/./b/../c`; none for `/` or `.`).
    public static func components(of path: String) -> [String] {
        standardized(path).split(separator: "/").map(String.init).filter { $0 != "." }
    }
}
