import SegueExpression
import SegueRuntime
import SegueServices

/// The `uploaded:` expectation: what a file argument of a call that succeeded held, decoded as an image.
///
///     uploaded:
///       board.upload_photo:
///         photo_file: { format: jpeg, width: 1024, height: 1024, color: "#E53935", tolerance: 16 }
///
/// `color` says every pixel is that colour within `tolerance` (per channel, 0…255; 16 by default, what JPEG's
/// compression may move a flat colour by).
struct UploadCheck {
    /// Calls made since the previous `expect`.
    let calls: [ServiceCallRecord]

    func verify(_ expected: Value) -> String? {
        guard case .record(let byCall) = expected else {
            return
                "`uploaded` is a mapping of calls to their file arguments: `{ board.upload_photo: { photo_file: … } }`"
        }
        for name in byCall.keys.sorted() {
            guard case .record(let arguments) = byCall[name] ?? .null else {
                return "`uploaded.\(name)` is a mapping of file arguments to what the file holds"
            }
            guard let call = calls.last(where: { $0.name == name }) else {
                return "expected an upload by \(name); calls made: "
                    + (calls.isEmpty ? "none" : calls.map(\.name).joined(separator: ", "))
            }
            guard case .ok = call.outcome else { return "\(name) did not succeed: \(call.outcome)" }
            for argument in arguments.keys.sorted() {
                guard let path = call.arguments[argument]?.stringValue else {
                    return "\(name) was called without a file `\(argument)`"
                }
                if let problem = check(path, arguments[argument] ?? .null, what: "\(name).\(argument)") {
                    return problem
                }
            }
        }
        return nil
    }

    private func check(_ path: String, _ expected: Value, what: String) -> String? {
        guard case .record(let wanted) = expected else {
            return "`\(what)` expects `{ format, width, height, color, tolerance }`"
        }
        let decoded: (format: PhotoInfo.Format, image: RGBImage)
        do {
            decoded = try ImagePhotoService.decode(path: path)
        } catch {
            return "\(what): the uploaded file \(path) is not an image: \(error.message)"
        }
        if let format = wanted["format"]?.stringValue, format != decoded.format.rawValue {
            return "\(what): expected a \(format) image, the upload is \(decoded.format.rawValue)"
        }
        let size = "\(decoded.image.width) × \(decoded.image.height)"
        if let width = wanted["width"]?.intValue, width != decoded.image.width {
            return "\(what): expected width \(width), the uploaded image is \(size)"
        }
        if let height = wanted["height"]?.intValue, height != decoded.image.height {
            return "\(what): expected height \(height), the uploaded image is \(size)"
        }
        guard let colorText = wanted["color"]?.stringValue else { return nil }
        guard let color = Self.rgb(colorText) else { return "\(what): `color` is `#RRGGBB`, not \(colorText)" }
        let tolerance = wanted["tolerance"]?.intValue ?? 16
        let pixels = decoded.image.pixels
        var worst = (difference: 0, index: 0)
        for index in stride(from: 0, to: pixels.count, by: 3) {
            let difference = (0..<3).map { abs(Int(pixels[index + $0]) - color[$0]) }.max() ?? 0
            if difference > worst.difference { worst = (difference, index) }
        }
        guard worst.difference > tolerance else { return nil }
        let pixel = worst.index / 3
        let found = pixels[worst.index..<worst.index + 3].map { String($0) }.joined(separator: ", ")
        return "\(what): expected every pixel within \(tolerance) of \(colorText); the pixel at "
            + "(\(pixel % decoded.image.width), \(pixel / decoded.image.width)) is (\(found))"
    }

    /// `#E53935` → [229, 57, 53].
    static func rgb(_ text: String) -> [Int]? {
        guard text.count == 7, text.hasPrefix("#"), let value = Int(text.dropFirst(), radix: 16) else { return nil }
        return [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF]
    }
}
