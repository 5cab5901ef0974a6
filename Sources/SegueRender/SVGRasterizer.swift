import Foundation
import SegueRuntime

/// Turns a drawn screen's SVG into PNG bytes with librsvg's `rsvg-convert` (Debian package librsvg2-bin), or
/// headless Chromium when only that is installed; with neither, a clear message.
///
///     let png = try await SVGRasterizer().png(from: svg, width: 393, height: 852)
public struct SVGRasterizer: Sendable {
    public var searchPath: String?

    public init(searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) {
        self.searchPath = searchPath
    }

    /// Why no PNG was made.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    func locate(_ name: String) -> URL? { ChildProcess.executable(named: name, searchPath: searchPath) }

    /// The PNG of `svg`, at twice its size in points (a Retina screenshot).
    public func png(from svg: String, width: Double, height: Double) async throws(Failure) -> Data {
        if let rsvg = locate("rsvg-convert") {
            let result: (status: Int32, output: Data, errors: Data)
            do {
                result = try await ChildProcess.run(
                    rsvg, arguments: ["-f", "png", "--zoom", "2"], input: Data(svg.utf8))
            } catch {
                throw Failure(description: "could not start \(rsvg.path): \(error.localizedDescription)")
            }
            guard result.status == 0 else {
                throw Failure(description: "rsvg-convert failed: " + String(decoding: result.errors, as: UTF8.self))
            }
            return result.output
        }
        if let chromium = locate("chromium") ?? locate("chromium-browser") ?? locate("google-chrome") {
            return try await screenshot(svg, with: chromium, width: width, height: height)
        }
        throw Failure(
            description: "PNG needs rsvg-convert (apt-get install librsvg2-bin) or Chromium; neither is on PATH. "
                + "Write SVG instead (--format svg).")
    }

    /// Chromium's headless screenshot of the SVG, through a temporary file.
    private func screenshot(_ svg: String, with chromium: URL, width: Double, height: Double) async throws(Failure)
        -> Data
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-render-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("screen.svg")
        let output = folder.appendingPathComponent("screen.png")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(svg.utf8).write(to: input)
            let result = try await ChildProcess.run(
                chromium,
                arguments: [
                    "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    "--force-device-scale-factor=2",
                    "--window-size=\(Int(width.rounded(.up))),\(Int(height.rounded(.up)))",
                    "--screenshot=\(output.path)", input.absoluteString,
                ], input: Data())
            guard result.status == 0, let png = FileManager.default.contents(atPath: output.path) else {
                throw Failure(description: "Chromium failed: " + String(decoding: result.errors, as: UTF8.self))
            }
            return png
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "Chromium could not run: \(error.localizedDescription)")
        }
    }
}
