import SegueExpression

/// A photo field's value and the part of the picture the user framed in it (D14): pinch-zoom and pan, never
/// rotation, always inside the picture.
///
/// The value is null (no photo) or a `Photo` record: the picked file and its pixel size, then the framing the
/// machine keeps — `zoom` (within the field's `min_zoom`…`max_zoom`), `center_x` and `center_y` (the frame's
/// centre as fractions of the picture's width and height), and the field's `aspect` and `max_side`, so
/// `photos.crop { photo: form.photo }` cuts out exactly what the frame shows.
///
///     PhotoFraming.zoomed(photo, to: 2, frame: frame)?["zoom"]  // 2
public enum PhotoFraming {
    /// What a photo field holds after `value` is written to it: null (or an empty path) is no photo; a path or a
    /// picked `{path, width, height}` gets the frame's aspect and `max_side` and its zoom and centre clamped
    /// (zoom `min_zoom` and the centre 0.5, 0.5 when it has none).
    public static func normalized(_ value: Value, frame: CropFrame) -> Value {
        var fields: [String: Value]
        switch value {
        case .string(let path) where !path.isEmpty: fields = ["path": .string(path)]
        case .record(let record) where !(record["path"]?.stringValue ?? "").isEmpty: fields = record
        default: return .null
        }
        fields["aspect"] = .number(frame.aspect)
        fields["max_side"] = .int(frame.maxSide)
        fields["zoom"] = .number(clampedZoom(fields["zoom"]?.numberValue ?? frame.minZoom, frame: frame))
        let (x, y) = clampedCenter(
            x: fields["center_x"]?.numberValue ?? 0.5, y: fields["center_y"]?.numberValue ?? 0.5, fields, frame: frame)
        fields["center_x"] = .number(x)
        fields["center_y"] = .number(y)
        return .record(fields)
    }

    /// The photo pinched to `zoom` (clamped to the field's range), its centre moved back inside if needed; nil when
    /// the field holds no photo or the zoom is not a number.
    public static func zoomed(_ value: Value, to zoom: Double, frame: CropFrame) -> Value? {
        guard zoom.isFinite, case .record(var fields) = normalized(value, frame: frame) else { return nil }
        fields["zoom"] = .number(clampedZoom(zoom, frame: frame))
        return normalized(.record(fields), frame: frame)
    }

    /// The photo panned so the frame's centre is at (`x`, `y`) of the picture, clamped so the frame stays on it.
    public static func panned(_ value: Value, x: Double, y: Double, frame: CropFrame) -> Value? {
        guard x.isFinite, y.isFinite, case .record(var fields) = normalized(value, frame: frame) else { return nil }
        fields["center_x"] = .number(x)
        fields["center_y"] = .number(y)
        return normalized(.record(fields), frame: frame)
    }

    /// The part of the picture the frame shows, as fractions of its width and height; nil without a photo.
    public static func region(of value: Value, frame: CropFrame) -> PhotoRegion? {
        guard case .record(let fields) = normalized(value, frame: frame) else { return nil }
        let zoom = fields["zoom"]?.numberValue ?? 1
        let cover = coverFraction(fields, frame: frame)
        let width = cover.width / zoom
        let height = cover.height / zoom
        let x = (fields["center_x"]?.numberValue ?? 0.5) - width / 2
        let y = (fields["center_y"]?.numberValue ?? 0.5) - height / 2
        return PhotoRegion(x: x, y: y, width: width, height: height)
    }

    private static func clampedZoom(_ zoom: Double, frame: CropFrame) -> Double {
        guard zoom.isFinite else { return frame.minZoom }
        return min(max(zoom, frame.minZoom), frame.maxZoom)
    }

    /// Keeps the frame's half-extent inside the picture on each axis.
    private static func clampedCenter(x: Double, y: Double, _ fields: [String: Value], frame: CropFrame) -> (
        Double, Double
    ) {
        let zoom = fields["zoom"]?.numberValue ?? 1
        let cover = coverFraction(fields, frame: frame)
        func clamp(_ value: Double, _ extent: Double) -> Double {
            let half = min(extent / zoom, 1) / 2
            let finite = value.isFinite ? value : 0.5
            return min(max(finite, half), 1 - half)
        }
        return (clamp(x, cover.width), clamp(y, cover.height))
    }

    /// The fraction of the picture's width and height the frame covers at zoom 1 (the largest rectangle of the
    /// frame's aspect that fits); a picture of unknown size is taken to have the frame's aspect.
    private static func coverFraction(_ fields: [String: Value], frame: CropFrame) -> (width: Double, height: Double) {
        let width = fields["width"]?.numberValue ?? 0
        let height = fields["height"]?.numberValue ?? 0
        guard width > 0, height > 0, frame.aspect > 0 else { return (1, 1) }
        let ratio = width / height
        return ratio > frame.aspect ? (frame.aspect / ratio, 1) : (1, ratio / frame.aspect)
    }
}

/// A rectangle of a picture as fractions of its width and height (0…1 each), top-left origin.
public struct PhotoRegion: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
