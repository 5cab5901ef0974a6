/// A day of the proleptic Gregorian calendar: what a `date` holds. At run time a date is its ISO text
/// (`2014-03-27`), so dates compare, print, save and travel as that text.
///
///     CalendarDay.parse("27.03.2014", pattern: "dd.MM.yyyy")?.iso   // "2014-03-27"
///     CalendarDay.parse("31.02.2014", pattern: "dd.MM.yyyy")        // nil: February has no 31st
public struct CalendarDay: Sendable, Hashable, Comparable {
    public var year: Int
    public var month: Int
    public var day: Int

    /// 1970-01-01: what a `date` variable holds when it declares no default.
    public static let epoch = CalendarDay(checkedYear: 1970, month: 1, day: 1)

    private init(checkedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day, or nil when it does not exist (month 13, 31 February, 29 February of a common year).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...CalendarDay.length(of: month, in: year)).contains(day)
        else { return nil }
        self.init(checkedYear: year, month: month, day: day)
    }

    /// The day an ISO text (`yyyy-MM-dd`) names, as dates are held.
    public init?(iso text: String) {
        guard let parsed = CalendarDay.parse(text, pattern: "yyyy-MM-dd") else { return nil }
        self = parsed
    }

    public var iso: String { format("yyyy-MM-dd") }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func length(of month: Int, in year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // MARK: Patterns

    /// A pattern's parts: `yyyy` (four digits), `MM`/`dd` (two), `M`/`d` (one or two), anything else literal.
    enum Part: Equatable {
        case year, month(padded: Bool), day(padded: Bool)
        case literal(Character)
    }

    static func parts(of pattern: String) -> [Part] {
        var parts: [Part] = []
        var rest = Substring(pattern)
        while let first = rest.first {
            if rest.hasPrefix("yyyy") {
                parts.append(.year)
                rest = rest.dropFirst(4)
            } else if first == "M" || first == "d" {
                let padded = rest.dropFirst().first == first
                parts.append(first == "M" ? .month(padded: padded) : .day(padded: padded))
                rest = rest.dropFirst(padded ? 2 : 1)
            } else {
                parts.append(.literal(first))
                rest = rest.dropFirst()
            }
        }
        return parts
    }

    /// Why a pattern cannot read dates (it lacks the year, month or day, or has one twice), or nil when it can.
    public static func problem(in pattern: String) -> String? {
        let parts = parts(of: pattern)
        let years = parts.filter { $0 == .year }.count
        let months = parts.filter { if case .month = $0 { true } else { false } }.count
        let days = parts.filter { if case .day = $0 { true } else { false } }.count
        guard years == 1, months == 1, days == 1 else {
            return "a date pattern needs `yyyy`, `MM` (or `M`) and `dd` (or `d`) once each, as in `dd.MM.yyyy`"
        }
        return nil
    }

    /// The day `text` spells in `pattern`, or nil when it does not fit the pattern or the day does not exist.
    public static func parse(_ text: String, pattern: String) -> CalendarDay? {
        guard problem(in: pattern) == nil else { return nil }
        var rest = Substring(text)
        var (year, month, day) = (0, 0, 0)
        func digits(_ least: Int, _ most: Int) -> Int? {
            let run = rest.prefix(most).prefix { $0.isASCII && $0.isNumber }
            guard run.count >= least else { return nil }
            rest = rest.dropFirst(run.count)
            return Int(run)
        }
        for part in parts(of: pattern) {
            switch part {
            case .year: guard let value = digits(4, 4) else { return nil }; year = value
            case .month(let padded): guard let value = digits(padded ? 2 : 1, 2) else { return nil }; month = value
            case .day(let padded): guard let value = digits(padded ? 2 : 1, 2) else { return nil }; day = value
            case .literal(let character):
                guard rest.first == character else { return nil }
                rest = rest.dropFirst()
            }
        }
        guard rest.isEmpty else { return nil }
        return CalendarDay(year: year, month: month, day: day)
    }

    /// The day written in `pattern`: `27.03.2014` for `dd.MM.yyyy`.
    public func format(_ pattern: String) -> String {
        CalendarDay.text(year: year, month: month, day: day, pattern: pattern)
    }

    /// A year, month and day written in `pattern`, whether or not that day exists: `30.02.2023` is what someone
    /// might type for a day February does not have (`segue check` types it).
    public static func text(year: Int, month: Int, day: Int, pattern: String) -> String {
        func padded(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(width - text.count, 0)) + text
        }
        return CalendarDay.parts(of: pattern).map { part in
            switch part {
            case .year: padded(year, 4)
            case .month(let pad): padded(month, pad ? 2 : 1)
            case .day(let pad): padded(day, pad ? 2 : 1)
            case .literal(let character): String(character)
            }
        }.joined()
    }

    // MARK: Arithmetic

    /// Days since 1970-01-01 (negative before).
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    /// The day `dayNumber` days after 1970-01-01, or nil outside years 1…9999.
    public init?(dayNumber: Int) {
        guard (-719_162...2_932_896).contains(dayNumber) else { return nil }
        let z = dayNumber + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }
}
