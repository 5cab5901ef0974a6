import SegueExpression

/// A field of one of the records the language binds without a declaration (`device`, `error`, `current_event`,
/// `session`), declared once with its type and doc.
///
/// The checker types the record from `allCases`; the runtime builds its value with an exhaustive `switch` over the
/// same cases (`DeviceProfile.value`, `ServiceError.value`, …), so a field cannot be accepted without a value or
/// valued without being accepted; the docs' tables are generated from the cases (`<!-- vocabulary: device -->`).
public protocol ImplicitRecordField: CaseIterable, RawRepresentable, Sendable where RawValue == String {
    /// The record's type name, shown in diagnostics and hover (`Device`).
    static var recordName: String { get }
    var type: ValueType { get }
    var doc: String { get }
}

extension ImplicitRecordField {
    /// The record type the checker binds the implicit name to.
    public static var recordType: ValueType {
        .record(RecordType(name: recordName, fields: allCases.map { .init(name: $0.rawValue, type: $0.type) }))
    }

    /// The fields as the docs write a record: `{ id, name }`.
    public static var summary: String { "`{ " + allCases.map(\.rawValue).joined(separator: ", ") + " }`" }

    /// The record's value, each field from `value(of:)`, which switches over every case.
    public static func record(_ value: (Self) -> Value) -> Value {
        var fields: [String: Value] = [:]
        fields.reserveCapacity(allCases.count)
        for field in allCases { fields[field.rawValue] = value(field) }
        return .record(fields)
    }
}

/// `device.*`: the device profile every expression may read.
public enum DeviceField: String, ImplicitRecordField {
    case name, width, height
    case osMajor = "os_major", osMinor = "os_minor", osVersion = "os_version"
    case locale
    case textScale = "text_scale"
    case safeTop = "safe_top", safeLeft = "safe_left", safeBottom = "safe_bottom", safeRight = "safe_right"

    public static var recordName: String { "Device" }

    public var type: ValueType {
        switch self {
        case .name, .osVersion, .locale: return .string
        case .osMajor, .osMinor: return .int
        case .width, .height, .textScale, .safeTop, .safeLeft, .safeBottom, .safeRight: return .number
        }
    }

    public var doc: String {
        switch self {
        case .name: return "the profile's name: `iPhone 15`"
        case .width: return "screen width in points, portrait"
        case .height: return "screen height in points, portrait"
        case .osMajor: return "the iOS major version: `17`"
        case .osMinor: return "the iOS minor version: `5` of 12.5"
        case .osVersion: return "the iOS version as text: `12.5`, `17.0`"
        case .locale: return "a BCP 47 tag: `en-US`; chooses the built-in texts' language"
        case .textScale: return "Dynamic Type's multiplier on text sizes (1 is the default size)"
        case .safeTop: return "the safe area's top inset in points (the status bar, the notch)"
        case .safeLeft: return "the safe area's left inset in points"
        case .safeBottom: return "the safe area's bottom inset in points (the home indicator)"
        case .safeRight: return "the safe area's right inset in points"
        }
    }
}

/// `error` inside a call's `error` and `codes` and in `on_error`.
public enum ErrorField: String, ImplicitRecordField {
    case service, code, message, sendid

    public static var recordName: String { "Error" }

    public var type: ValueType {
        switch self {
        case .service, .code, .message: return .string
        case .sendid: return .optional(.string)
        }
    }

    public var doc: String {
        switch self {
        case .service: return "the service that failed: `store`, `api`, `audio`, … or a flow-declared name"
        case .code: return "a stable code to match: an API code (`\"11\"`), `timeout`, `http_500`, `not_found`, …"
        case .message: return "for people: the server's own text where it sent one"
        case .sendid: return "the `id` of the `send` that raised it (`error.execution`, `error.communication`), else null"
        }
    }
}

/// `current_event`: the event the chart took last (null before the first), SCXML's `_event`.
public enum CurrentEventField: String, ImplicitRecordField {
    case name, type, sendid, origin, origintype, invokeid, data

    public static var recordName: String { "Event" }

    public var type: ValueType {
        switch self {
        case .name, .type: return .string
        case .sendid, .origin, .origintype, .invokeid: return .optional(.string)
        case .data: return .any
        }
    }

    public var doc: String {
        switch self {
        case .name: return "the event's name: `done.state.recording`"
        case .type: return "`internal`, `external` or `platform`"
        case .sendid: return "the `id` of the `send` that raised it, else null"
        case .origin: return "where a reply goes: `target: current_event.origin`; else null"
        case .origintype: return "the processor of `origin` (SCXML's event I/O processor), else null"
        case .invokeid: return "the `id` of the invoked session that sent it, else null"
        case .data: return "the event's payload (`event` in its handler)"
        }
    }
}

/// `session`: the running flow.
public enum SessionField: String, ImplicitRecordField {
    case id, name

    public static var recordName: String { "Session" }

    public var type: ValueType { .string }

    public var doc: String {
        switch self {
        case .id: return "the launch's session id"
        case .name: return "the flow's `title`, else its name"
        }
    }
}
