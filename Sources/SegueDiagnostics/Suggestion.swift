/// "Did you mean …?" candidates by edit distance.
public enum Suggestion {
    /// The closest candidate within a distance that grows with the word's length, or nil.
    ///
    ///     Suggestion.closest(to: "donat", in: ["donate", "main"])  // "donate"
    public static func closest<S: Sequence>(to word: String, in candidates: S) -> String?
    where S.Element == String {
        let limit = max(1, min(3, word.count / 3 + 1))
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = editDistance(word.lowercased(), candidate.lowercased(), limit: limit)
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Levenshtein distance, giving up (returning `limit + 1`) once it must exceed `limit`.
    public static func editDistance(_ a: String, _ b: String, limit: Int = .max) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMin = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMin = Swift.min(rowMin, current[j])
            }
            if rowMin > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// " (did you mean `x`?)" or "".
    public static func didYouMean<S: Sequence>(_ word: String, in candidates: S) -> String
    where S.Element == String {
        closest(to: word, in: candidates).map { "; did you mean `\($0)`?" } ?? ""
    }
}
