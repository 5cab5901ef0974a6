import SegueDriver
import SegueMachine

extension ReplSession {
    /// The words that may complete `word`, given the text before it on the line: commands first, then the
    /// arguments each command takes on the top screen now (element ids with `list[i]` and `list[i].part`,
    /// fields, sliders, pickers, lists, events, `service.operation`s, outcomes, devices).
    ///
    ///     session.completions(line: "tap ", word: "opt")  // ["options[0]", "options[1]", "options[2]"]
    public func completions(line: String, word: String) -> [String] {
        let before = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let command = before.first else { return filter(ReplCommand.words, word) }
        let position = before.count
        let candidates: [String]
        switch (command, position) {
        case ("tap", 1): candidates = tapTargets()
        case ("select", 1): candidates = selectableLists()
        case ("scroll", 1): candidates = scrollTargets()
        case ("select", 2): candidates = before.count > 1 ? selectableItems(of: before[1]) : []
        case ("fill", 1), ("clear", 1): candidates = fieldTargets()
        case ("submit", 1): candidates = submitTargets()
        case ("slide", 1): candidates = changeTargets(.slider)
        case ("pick", 1): candidates = changeTargets(.picker)
        case ("pick", 2...):
            // An option may have spaces: what was typed of it before `word` must match too, and only the rest of
            // the option from `word` on completes it (`pick kind return fl` → `flight`).
            let words = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            let typed = words.count > 2 ? String(words[2]) : ""
            candidates = pickerOptions(of: before[1]).filter { $0.hasPrefix(typed + word) }
                .map { String($0.dropFirst(typed.count)) }
        case ("pinch", 1), ("pan", 1): candidates = photoTargets()
        case ("send", 1): candidates = program.events
        case ("outcome", 1): candidates = serviceOperations()
        case ("outcome", 2): candidates = ["ok", "error", "cancelled"]
        case ("device", 1): candidates = DeviceProfile.builtIn.map(\.completionKey)
        case ("help", 1): candidates = ReplCommand.catalog.map(\.word)
        default: candidates = []
        }
        return filter(candidates, word)
    }

    private func filter(_ candidates: [String], _ word: String) -> [String] {
        candidates.filter { $0.hasPrefix(word) }
    }
}
