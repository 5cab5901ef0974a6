import Foundation
import SegueDiagnostics

/// Pictures a drawing embeds: an image's `source` or a photo field's path, read from the flow's folder (or an
/// absolute path) and inlined as a `data:` URI, so a rendered SVG stands alone.
///
///     let images = ImageFiles(roots: ["flows"]).resolver
///     images("donate/photo.png")          // "data:image/png;base64,iVBOR…"
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
        for read in candidates(for: source) {
            guard let data = read(), let type = Self.mediaType(of: data) else { continue }
            return "data:\(type);base64,\(data.base64EncodedString())"
        }
        return nil
    }

    /// The files `source` may name, read one at a time: an absolute path as it is (a photo field's picked file,
    /// which the photo service chose; an image element's absolute source never gets here, `isConfined`), a relative
    /// one under each root and inside it (`ProjectRoot`: no link out of that root, neither a folder nor a file).
    private func candidates(for source: String) -> [() -> Data?] {
        let limit = byteLimit
        if source.hasPrefix("/") { return [{ try? SafeFile.read(source, limit: limit, links: .followed) }] }
        return roots.map { root in { try? ProjectRoot(root).read(PathName.appending(source, to: root), limit: limit) } }
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
