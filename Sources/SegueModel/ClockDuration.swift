/// A span of time on a flow's clock in whole nanoseconds, so virtual time never drifts: `every: 200ms` re-armed
/// fourteen times lands on exactly `2.8s`. A machine's `now` is the span since launch.
///
///     ClockDuration(parsing: "2.8s") == ClockDuration(parsing: "2800ms")   // true
///     ClockDuration.milliseconds(200) * 14 == 2.8                           // true (a literal counts seconds)
public struct ClockDuration: Sendable, Hashable, Comparable, Codable, AdditiveArithmetic, CustomStringConvertible,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral
{
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// The nearest whole nanosecond to `seconds` (a timer's delay from an expression); clamped, never trapping.
    public init(seconds: Double) {
        let scaled = (seconds * 1_000_000_000).rounded()
        if scaled.isNaN {
            nanoseconds = 0
        } else if scaled >= 9.2e18 {
            nanoseconds = .max
        } else if scaled <= -9.2e18 {
            nanoseconds = .min
        } else {
            nanoseconds = Int64(scaled)
        }
    }

    public init(integerLiteral seconds: Int64) {
        self.init(nanoseconds: seconds.multipliedReportingOverflow(by: 1_000_000_000).partialValue)
    }

    public init(floatLiteral seconds: Double) {
        self.init(seconds: seconds)
    }

    public static func milliseconds(_ count: Int64) -> ClockDuration { ClockDuration(nanoseconds: count * 1_000_000) }
    public static func seconds(_ count: Int64) -> ClockDuration { ClockDuration(nanoseconds: count * 1_000_000_000) }

    /// `3s`, `500ms`, `1.5s`, `2m`, `1h`, `250us`, `10ns`, or a bare number of seconds, read digit by digit (no
    /// float): nil when the text is no duration, negative, or finer than a nanosecond.
    public init?(parsing text: String) {
        let units: [(suffix: String, nanoseconds: Int64)] = [
            ("ns", 1), ("us", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000), ("m", 60_000_000_000),
            ("h", 3_600_000_000_000),
        ]
        // Two-letter units first: `2ms` is milliseconds, not a malformed `2m`.
        let unit = units.first { text.hasSuffix($0.suffix) }
        let number = unit.map { String(text.dropLast($0.suffix.count)) } ?? text
        guard let value = Self.decimal(number, scale: unit?.nanoseconds ?? 1_000_000_000) else { return nil }
        nanoseconds = value
    }

    /// `digits[.digits]` times `scale`, exactly; nil when it has a sign, other characters, overflows or leaves a
    /// fraction of a nanosecond.
    private static func decimal(_ text: String, scale: Int64) -> Int64? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !(whole.isEmpty && parts.count == 1),
            whole.allSatisfy(\.isASCIIDigit), parts.count == 1 || parts[1].allSatisfy(\.isASCIIDigit),
            parts.count == 1 || !parts[1].isEmpty || !whole.isEmpty
        else { return nil }
        var result: Int64 = 0
        for digit in whole {
            let (times, overflow) = result.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            result = times + Int64(digit.asciiValue ?? 48) - 48
        }
        let (scaled, overflow) = result.multipliedReportingOverflow(by: scale)
        guard !overflow else { return nil }
        result = scaled
        if parts.count == 2 {
            var place = scale
            for digit in parts[1] {
                let value = Int64(digit.asciiValue ?? 48) - 48
                guard place % 10 == 0 else {
                    if value != 0 { return nil }
                    continue
                }
                place /= 10
                result += value * place
            }
        }
        return result
    }

    /// Seconds as a number, for display and real clocks; never fed back into the virtual clock.
    public var seconds: Double { Double(nanoseconds) / 1_000_000_000 }

    /// `2.8s`, `0.2s`, `0s`: exact decimal seconds.
    public var description: String {
        let sign = nanoseconds < 0 ? "-" : ""
        let magnitude = nanoseconds.magnitude
        let whole = magnitude / 1_000_000_000
        var fraction = String(magnitude % 1_000_000_000)
        guard fraction != "0" else { return "\(sign)\(whole)s" }
        fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(sign)\(whole).\(fraction)s"
    }

    /// Exact decimal seconds as an expression's number literal, always with a point: `3.0`, `0.25`, `0.00025`.
    public var secondsLiteral: String {
        let text = String(description.dropLast())
        return text.contains(".") ? text : text + ".0"
    }

    /// Encoded as its whole nanoseconds: `2800000000`.
    public init(from decoder: any Decoder) throws {
        nanoseconds = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(nanoseconds)
    }

    public static var zero: ClockDuration { ClockDuration(nanoseconds: 0) }

    public static func + (left: ClockDuration, right: ClockDuration) -> ClockDuration {
        ClockDuration(nanoseconds: left.nanoseconds.addingReportingOverflow(right.nanoseconds).partialValue)
    }

    public static func - (left: ClockDuration, right: ClockDuration) -> ClockDuration {
        ClockDuration(nanoseconds: left.nanoseconds.subtractingReportingOverflow(right.nanoseconds).partialValue)
    }

    public static func * (left: ClockDuration, right: Int64) -> ClockDuration {
        ClockDuration(nanoseconds: left.nanoseconds.multipliedReportingOverflow(by: right).partialValue)
    }

    public static func < (left: ClockDuration, right: ClockDuration) -> Bool { left.nanoseconds < right.nanoseconds }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
