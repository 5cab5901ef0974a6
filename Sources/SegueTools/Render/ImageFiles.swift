import Foundation
import SegueDiagnostics

/// Pictures a drawing embeds: an image's `source` or a photo field's path, read from the flow's folder (or an
/// absolute path) and inlined as a `data:` URI, so a rendered SVG stands alone.
///
///     let images = ImageFiles(roots: ["flows"]).resolver
///     images("../examples/donate/photo.png")  // "data:image/png;base64,iVBOR…"
public struct ImageFiles: Sendable {
    /// Folders a relative source is looked up in, first match wins.
    public var roots: [String]
    /// Larger files are not inlined (the placeholder shows instead).
    public var byteLimit: Int

    public init(roots: [String], byteLimit: Int = 4 << 20) {
        self.roots = roots
        self.byteLimit = byteLimit
    }

    /// The lookup as the drawing takes it.
    public var resolver: @Sendable (String) -> String? {
        let files = self
        return { files.dataURI(for: $0) }
    }

    /// The picture's `data:` URI, or nil when the source is no readable PNG or JPEG file.
    public func dataURI(for source: String) -> String? {
        if source.hasPrefix("data:image/") { return source }
        let candidates =
            source.hasPrefix("/") ? [source] : roots.map { PathName.appending(source, to: $0) }
        for path in candidates {
            guard let data = try? SafeFile.read(path, limit: byteLimit, links: .followed),
                let type = Self.mediaType(of: data)
            else { continue }
            return "data:\(type);base64,\(data.base64EncodedString())"
        }
        return nil
    }

    /// Whether an image element's `source` may be read at all: a `data:` picture, or a relative path with no `..`
    /// step, so it stays inside the roots. An absolute path or a way out of them is not read: a source is often
    /// data (`${entry.photo_url}`), and a server must not pick pictures off this machine. (A photo field's own
    /// picked file is drawn by its path: the photo service chose it.)
    ///
    ///     ImageFiles.isConfined("covers/hamlet.png")   // true
    ///     ImageFiles.isConfined("/home/me/scan.jpg")   // false
    public static func isConfined(_ source: String) -> Bool {
        if source.hasPrefix("data:image/") { return true }
        guard !source.hasPrefix("/"), !source.contains(":"), !source.contains("\\") else { return false }
        return !source.split(separator: "/").contains("..")
    }

    /// PNG or JPEG by their magic bytes; anything else is not drawn.
    static func mediaType(of data: Data) -> String? {
        let bytes = [UInt8](data.prefix(4))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        return nil
    }
}
