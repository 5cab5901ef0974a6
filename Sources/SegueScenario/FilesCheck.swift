import Foundation
import SegueAudio
import SegueDiagnostics
import SegueExpression
import SegueRuntime
import SegueServices
import SegueYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `files:` expectation: what the run wrote under its data directory, so a scenario can prove a crop, an export
/// or a take exists, and how big, how long or how private it is.
///
///     files:
///       photos/photo-1.jpg: { format: jpeg, width: 1024, height: 1024, mode: "0644" }
///       "photos/quadrants-*.jpg": { count: 1, mode: "0600" }
///       exports/mix.wav: { duration: 2.0 }
///       recordings/takes/*.tmp: { exists: false }
///
/// A path is relative to the data directory, never absolute and never `..`; `*` and `?` match within its last
/// component (hidden files only when the pattern starts with `.`). A list (`files: [exports/mix.wav]`) only says
/// each exists. A symbolic link is reported, never followed.
struct FilesCheck {
    /// The run's data directory.
    let directory: String

    static let properties = ["exists", "count", "size", "mode", "format", "width", "height", "duration"]

    /// Why the `files:` written at `node` has no sound meaning, with the range to point at; nil when it is well formed.
    static func problem(in node: Node) -> (String, SourceRange)? {
        if let items = node.sequence {
            for item in items {
                guard let path = item.scalar?.text else { return ("a file is a path: `exports/mix.wav`", item.range) }
                if let problem = pathProblem(path) { return (problem, item.range) }
            }
            return nil
        }
        guard let entries = node.mapping else {
            return (
                "`files` is a mapping of paths to `{ exists, count, size, mode, format, width, height, duration }`, "
                    + "or a list of paths", node.range
            )
        }
        for entry in entries {
            if let problem = pathProblem(entry.name) { return (problem, entry.key.range) }
            guard let wanted = entry.value.mapping else {
                return ("`\(entry.name)` expects a mapping: `{ size: 1024 }`", entry.value.range)
            }
            for property in wanted where !properties.contains(property.name) {
                return (
                    "unknown file property `\(property.name)`" + Suggestion.didYouMean(property.name, in: properties),
                    property.key.range
                )
            }
        }
        return nil
    }

    private static func pathProblem(_ path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if path.isEmpty || path.hasPrefix("/") || parts.contains("..") || parts.contains("") {
            return "`\(path)` must be a path inside the data directory, like `exports/mix.wav` (no `/` first, no `..`)"
        }
        if parts.dropLast().contains(where: { $0.contains("*") || $0.contains("?") }) {
            return "`\(path)`: `*` and `?` match only in the file's name, not in its folders"
        }
        return nil
    }

    func verify(_ expected: Value) -> String? {
        let wanted: [(String, [String: Value])]
        switch expected {
        case .list(let paths): wanted = paths.map { ($0.stringValue ?? "", [:]) }
        case .record(let entries): wanted = entries.keys.sorted().map { ($0, entries[$0]?.recordValue ?? [:]) }
        default: return "`files` is a mapping of paths to properties, or a list of paths"
        }
        for (pattern, properties) in wanted {
            if let problem = check(pattern, properties) { return problem }
        }
        return nil
    }

    private func check(_ pattern: String, _ wanted: [String: Value]) -> String? {
        let parent = PathName.directory(of: pattern)
        let folder = parent == "." ? "" : parent
        let name = PathName.lastComponent(of: pattern)
        let base = folder.isEmpty ? directory : directory + "/" + folder
        let names = (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
        let found = names.filter { candidate in
            (name.hasPrefix(".") || !candidate.hasPrefix(".")) && fnmatch(name, candidate, 0) == 0
        }.sorted()
        if wanted["exists"] == .bool(false) {
            return found.isEmpty
                ? nil : "expected no file \(pattern) in the data directory, found " + found.joined(separator: ", ")
        }
        if let count = wanted["count"], !matches(count, .int(found.count)) {
            return "expected \(count.literal) file(s) \(pattern), found \(found.count)"
                + (found.isEmpty ? "" : ": " + found.joined(separator: ", "))
        }
        guard !found.isEmpty else {
            let present = names.filter { !$0.hasPrefix(".") }.sorted()
            return "expected a file \(pattern) in the data directory; "
                + (present.isEmpty
                    ? "\(folder.isEmpty ? "it" : folder) holds none" : "there are: " + present.joined(separator: ", "))
        }
        for file in found {
            let shown = folder.isEmpty ? file : folder + "/" + file
            if let problem = check(file: base + "/" + file, shown: shown, wanted) { return problem }
        }
        return nil
    }

    private func check(file path: String, shown: String, _ wanted: [String: Value]) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return "\(shown): \(String(cString: strerror(errno)))" }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: return "\(shown) is a symbolic link, not a file the run wrote"
        default: return "\(shown) is not a regular file"
        }
        if let size = wanted["size"], !matches(size, .int(Int(info.st_size))) {
            return "\(shown).size: expected \(size.literal) bytes, got \(info.st_size)"
        }
        if let mode = wanted["mode"] {
            let actual = "0" + String(info.st_mode & 0o777, radix: 8)
            guard mode.stringValue.map({ Int($0, radix: 8) }) == Int(actual, radix: 8) else {
                return "\(shown).mode: expected \(mode.literal), got \"\(actual)\""
            }
        }
        let format = wanted["format"]?.stringValue
        if wanted["duration"] != nil || format == "wav" {
            let duration: Double
            do {
                duration = try WAVReader(path: path).duration
            } catch {
                return "\(shown) is not a WAV file: \(error)"
            }
            if let expected = wanted["duration"], !matches(expected, .number(duration), tolerance: 0.011) {
                return "\(shown).duration: expected \(expected.literal) s, got \(Value.number(duration).literal) s"
            }
        }
        guard format.map({ $0 != "wav" }) ?? (wanted["width"] != nil || wanted["height"] != nil) else { return nil }
        let decoded: (format: PhotoInfo.Format, image: RGBImage)
        do {
            decoded = try ImagePhotoService.decode(path: path)
        } catch {
            return "\(shown) is not an image: \(error.message)"
        }
        if let format, format != decoded.format.rawValue {
            return "\(shown).format: expected \(format), got \(decoded.format.rawValue)"
        }
        for (key, actual) in [("width", decoded.image.width), ("height", decoded.image.height)] {
            if let expected = wanted[key], !matches(expected, .int(actual)) {
                return "\(shown).\(key): expected \(expected.literal), got \(actual)"
            }
        }
        return nil
    }
}
