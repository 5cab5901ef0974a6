import SegueExpression
import SegueMachine
import SegueRuntime

/// Photos as a flow calls them: `photos.inspect` and `photos.crop`.
///
/// - `inspect {path}` → `ok {path, format, width, height}` (`format` is `jpeg` or `png`);
/// - `crop {path, zoom = 1, center_x = 0.5, center_y = 0.5, aspect = 1, max_side = 1024}` → `ok {path, width,
///   height}` of the written JPEG; `crop {photo: form.photo}` takes all of them from a photo field's value (the
///   region its frame shows), and an argument given beside it wins.
///
/// Failures are `error` with service `photos` and codes `not_found`, `unreadable`, `unsupported_format`,
/// `corrupt_image`, `truncated_image`, `image_too_large`, `invalid_crop`, `invalid_argument`, `write_failed`.
public struct PhotoFlowService: FlowService {
    public let photos: any PhotoService
    /// `max_side` when the flow does not give one.
    public var defaultMaxSide: Int

    public init(photos: any PhotoService, defaultMaxSide: Int = 1024) {
        self.photos = photos
        self.defaultMaxSide = defaultMaxSide
    }

    public var operations: [String] { ["inspect", "crop"] }

    public func call(_ operation: String, arguments: [String: Value]) async -> ServiceOutcome {
        var values = arguments
        if operation == "crop", case .record(let photo) = values.removeValue(forKey: "photo") {
            values.merge(photo.filter { $0.value != .null }) { given, _ in given }
        }
        let arguments = FlowArguments(service: "photos", operation: operation, values: values)
        do {
            switch operation {
            case "inspect":
                return .ok(Self.record(try await photos.inspect(path: try arguments.string("path"))))
            case "crop":
                let crop = PhotoCrop(
                    zoom: try arguments.number("zoom", default: 1),
                    centerX: try arguments.number("center_x", default: 0.5),
                    centerY: try arguments.number("center_y", default: 0.5),
                    aspectRatio: try arguments.number("aspect", default: 1))
                let output = try await photos.crop(
                    path: try arguments.string("path"), crop: crop,
                    maxSide: try arguments.int("max_side", default: defaultMaxSide))
                let info = try await photos.inspect(path: output)
                return .ok(.record(["path": .string(output), "width": .int(info.width), "height": .int(info.height)]))
            default:
                return FlowArguments.unknownOperation(operation, service: "photos", known: operations)
            }
        } catch {
            return .error(error)
        }
    }

    static func record(_ info: PhotoInfo) -> Value {
        .record([
            "path": .string(info.path), "format": .string(info.format.rawValue), "width": .int(info.width),
            "height": .int(info.height),
        ])
    }
}
