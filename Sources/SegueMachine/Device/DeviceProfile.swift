import SegueExpression
import SegueModel

/// The device a flow runs on, as expressions read it (`device.width`, `device.os_major`, …).
///
///     var machine = Machine(program: program, device: .iPhone7)   // iOS 12: 16 pt margins in the donate flow
public struct DeviceProfile: Sendable, Hashable, Codable {
    public struct Insets: Sendable, Hashable, Codable {
        public var top: Double
        public var left: Double
        public var bottom: Double
        public var right: Double

        public init(top: Double, left: Double = 0, bottom: Double, right: Double = 0) {
            self.top = top
            self.left = left
            self.bottom = bottom
            self.right = right
        }
    }

    public var name: String
    /// Screen size in points, portrait.
    public var width: Double
    public var height: Double
    public var safeArea: Insets
    public var osMajor: Int
    public var osMinor: Int
    /// A BCP 47 tag such as `ru-RU`.
    public var locale: String
    /// Dynamic Type's multiplier on text sizes (1 is the default size).
    public var textScale: Double

    public init(
        name: String, width: Double, height: Double, safeArea: Insets, osMajor: Int, osMinor: Int = 0,
        locale: String = "en-US", textScale: Double = 1
    ) {
        self.name = name
        self.width = width
        self.height = height
        self.safeArea = safeArea
        self.osMajor = osMajor
        self.osMinor = osMinor
        self.locale = locale
        self.textScale = textScale
    }

    /// The record expressions see as `device`: every field `DeviceField` declares.
    public var value: Value { DeviceField.record(value(of:)) }

    /// One field of `device`.
    public func value(of field: DeviceField) -> Value {
        switch field {
        case .name: return .string(name)
        case .width: return .number(width)
        case .height: return .number(height)
        case .osMajor: return .int(osMajor)
        case .osMinor: return .int(osMinor)
        case .osVersion: return .string("\(osMajor).\(osMinor)")
        case .locale: return .string(locale)
        case .textScale: return .number(textScale)
        case .safeTop: return .number(safeArea.top)
        case .safeLeft: return .number(safeArea.left)
        case .safeBottom: return .number(safeArea.bottom)
        case .safeRight: return .number(safeArea.right)
        }
    }

    /// 4.7", iOS 12: the oldest supported device.
    public static let iPhone7 = DeviceProfile(
        name: "iPhone 7", width: 375, height: 667, safeArea: Insets(top: 20, bottom: 0), osMajor: 12, osMinor: 5)
    /// 4", iOS 12.
    public static let iPhoneSE = DeviceProfile(
        name: "iPhone SE", width: 320, height: 568, safeArea: Insets(top: 20, bottom: 0), osMajor: 12, osMinor: 5)
    public static let iPhone8Plus = DeviceProfile(
        name: "iPhone 8 Plus", width: 414, height: 736, safeArea: Insets(top: 20, bottom: 0), osMajor: 13)
    public static let iPhoneX = DeviceProfile(
        name: "iPhone X", width: 375, height: 812, safeArea: Insets(top: 44, bottom: 34), osMajor: 12)
    public static let iPhone11 = DeviceProfile(
        name: "iPhone 11", width: 414, height: 896, safeArea: Insets(top: 48, bottom: 34), osMajor: 13)
    public static let iPhone13Mini = DeviceProfile(
        name: "iPhone 13 mini", width: 375, height: 812, safeArea: Insets(top: 50, bottom: 34), osMajor: 15)
    public static let iPhone15 = DeviceProfile(
        name: "iPhone 15", width: 393, height: 852, safeArea: Insets(top: 59, bottom: 34), osMajor: 17)
    public static let iPhone16ProMax = DeviceProfile(
        name: "iPhone 16 Pro Max", width: 440, height: 956, safeArea: Insets(top: 62, bottom: 34), osMajor: 18)

    /// Every built-in profile, oldest first.
    public static let builtIn: [DeviceProfile] = [
        .iPhoneSE, .iPhone7, .iPhone8Plus, .iPhoneX, .iPhone11, .iPhone13Mini, .iPhone15, .iPhone16ProMax,
    ]

    /// The default: a current iPhone.
    public static let standard = iPhone15

    /// A built-in profile by name, ignoring case and spaces (`iphone7`, `iPhone 15`).
    public static func named(_ name: String) -> DeviceProfile? {
        let key = name.lowercased().filter { !$0.isWhitespace }
        return builtIn.first { $0.name.lowercased().filter { !$0.isWhitespace } == key }
    }
}
