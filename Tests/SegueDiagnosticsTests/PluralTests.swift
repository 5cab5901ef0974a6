import SegueDiagnostics
import Testing

/// The tools' English counts: "1 screen", never "1 screens".
@Test func englishCountsAgreeWithTheirNumber() {
    #expect(Plural.english(1, "screen") == "1 screen")
    #expect(Plural.english(0, "error") == "0 errors")
    #expect(Plural.english(31, "scenario") == "31 scenarios")
    #expect(Plural.english(2, "entry", plural: "entries") == "2 entries")
}
