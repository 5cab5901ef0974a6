/// The peers' benchmark machines (../shared/bench/peers/gen.py), written in Segue syntax: same states, same
/// transitions, same events.
enum BenchFlows {
    /// Flat screens s0…s(N-1): `next` replaces s_i with s_(i+1 mod N), `back` with s_(i-1 mod N).
    static func ring(_ count: Int) -> String {
        var text = "segue: 1\nflow: ring_\(count)\nstart: s0\nscreens:\n"
        text.reserveCapacity(count * 72)
        for index in 0..<count {
            let next = (index + 1) % count
            let back = (index - 1 + count) % count
            text += "  s\(index):\n    on:\n      next: { replace: s\(next) }\n      back: { replace: s\(back) }\n"
        }
        return text
    }

    /// One screen holding compound states n0 ⊃ n1 ⊃ … ⊃ n(D-1), each with `leaves` filler leaves; the initial chain
    /// ends in n(D-1)a; `next` → n(D-1)b and `back` → n(D-1)a are handled only on n0.
    static func nested(depth: Int = 8, leaves: Int = 3) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz".prefix(leaves))
        var text = "segue: 1\nflow: nested_d\(depth)\nstart: machine\nscreens:\n  machine:\n    initial_state: n0\n"
        text += "    states:\n"
        func state(_ level: Int, indent: Int) {
            let pad = String(repeating: " ", count: indent)
            text += "\(pad)n\(level):\n"
            text += "\(pad)  initial: \(level == depth - 1 ? "n\(level)a" : "n\(level + 1)")\n"
            if level == 0 {
                text +=
                    "\(pad)  on:\n\(pad)    next: { goto: n\(depth - 1)b }\n\(pad)    back: { goto: n\(depth - 1)a }\n"
            }
            text += "\(pad)  states:\n"
            for letter in letters { text += "\(pad)    n\(level)\(letter): {}\n" }
            if level < depth - 1 { state(level + 1, indent: indent + 4) }
        }
        state(0, indent: 6)
        return text
    }
}
