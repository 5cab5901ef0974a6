import Foundation
import SegueExpression

/// An XML property list read as the same `Value` tree JSON gives, so older Xcode's XML `.storekit` files read like
/// the JSON ones.
///
///     try PropertyListValue.parse(Data("<plist><dict><key>a</key><integer>1</integer></dict></plist>".utf8))
///     // .record(["a": .int(1)])
enum PropertyListValue {
    /// Whether `data` looks like an XML property list rather than JSON (after spaces and a byte-order mark).
    static func looksLikeXML(_ data: Data) -> Bool {
        let start = data.prefix(64).drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        return start.first == UInt8(ascii: "<")
    }

    /// The property list as a value, or the parser's complaint.
    static func parse(_ data: Data) throws(PropertyListError) -> Value {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw PropertyListError(message: "not a valid XML property list: \(error.localizedDescription)")
        }
        return value(of: object)
    }

    struct PropertyListError: Error {
        var message: String
    }

    private static func value(of object: Any) -> Value {
        switch object {
        case let text as String: return .string(text)
        case let number as NSNumber:
            // `<true/>` is stored as a C char, `<integer>` as a long, `<real>` as a double.
            switch String(cString: number.objCType) {
            case "c", "B": return .bool(number.boolValue)
            case "f", "d": return .number(number.doubleValue)
            default: return .int(number.intValue)
            }
        case let items as [Any]: return .list(items.map(value(of:)))
        case let fields as [String: Any]: return .record(fields.mapValues(value(of:)))
        case let date as Date: return .string(ISO8601DateFormatter().string(from: date))
        case let data as Data: return .string(data.base64EncodedString())
        default: return .null
        }
    }
}
