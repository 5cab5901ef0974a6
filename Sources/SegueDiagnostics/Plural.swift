/// A count with its English noun, as the tools' own lines say it: "1 screen", "2 screens". The one rule for them;
/// texts a flow shows its user go through the message catalog's plural rules instead (`MessageBook.count`).
///
///     Plural.english(1, "state")                    // "1 state"
///     Plural.english(3, "entry", plural: "entries") // "3 entries"
public enum Plural {
    public static func english(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }
}
