import SegueExpression
import SegueModel

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
        let window = window(
            fields, frame: frame, x: fields["center_x"]?.numberValue ?? 0.5, y: fields["center_y"]?.numberValue ?? 0.5)
        fields["center_x"] = .number(window.centerX)
        fields["center_y"] = .number(window.centerY)
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
        return window(
            fields, frame: frame, x: fields["center_x"]?.numberValue ?? 0.5, y: fields["center_y"]?.numberValue ?? 0.5
        ).region
    }

    private static func clampedZoom(_ zoom: Double, frame: CropFrame) -> Double {
        guard zoom.isFinite else { return frame.minZoom }
        return min(max(zoom, frame.minZoom), frame.maxZoom)
    }

    /// The frame over the photo's picture, centred as near (`x`, `y`) as keeps it inside (`CropGeometry`, which the
    /// encoder's pixels come from too).
    private static func window(_ fields: [String: Value], frame: CropFrame, x: Double, y: Double)
        -> CropGeometry.Window
    {
        CropGeometry.window(
            width: fields["width"]?.numberValue ?? 0, height: fields["height"]?.numberValue ?? 0, aspect: frame.aspect,
            zoom: fields["zoom"]?.numberValue ?? 1, centerX: x, centerY: y)
    }
}
