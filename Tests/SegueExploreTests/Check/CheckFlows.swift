import Foundation
import SegueTestFixtures

/// Small flows with one bug each (Tests/SegueExploreTests/Check/Fixtures): the four kinds of bug `segue check` must
/// catch, each with its shortest counterexample asserted by the tests.
enum CheckFlows {
    static let fixtures = "Tests/SegueExploreTests/Check/Fixtures/"

    /// An invariant broken on one outcome path only: a failed purchase charges without crediting.
    static var lostPurchase: String { text("lost-purchase") }
    /// A screen the static checks call reachable (a button presents it) but no run reaches: the button never shows.
    static var hiddenScreen: String { text("hidden-screen") }
    /// Events that raise each other forever.
    static var pingPong: String { text("ping-pong") }
    /// A countdown that never reaches its end: a one-shot timer where a repeating one was meant.
    static var stuckCountdown: String { text("stuck-countdown") }

    /// The path of a fixture from the repository root, as the command line takes it.
    static func path(_ name: String) -> String { fixtures + name + ".yaml" }

    static func text(_ name: String) -> String {
        (try? String(contentsOf: repository.appendingPathComponent(path(name)), encoding: .utf8)) ?? ""
    }
}
