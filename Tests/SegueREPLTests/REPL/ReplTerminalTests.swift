import Foundation
import SegueTestFixtures
import Testing

/// An interactive session in a pseudo-terminal (tmux): tab completion, history kept in a file, and undo.
@Suite(.enabled(if: ReplFixture.tmux != nil && ReplFixture.binary != nil, "needs tmux and a built `segue` binary"))
struct ReplTerminalTests {
    let name = "segue-repl-test-\(UUID().uuidString.prefix(8))"

    /// Runs tmux on this test's own socket (never the user's server) and returns what it printed.
    @discardableResult
    func tmux(_ arguments: [String], socket: String) throws -> String {
        let output = socket + ".out"
        let quoted = ([ReplFixture.tmux ?? "tmux", "-S", socket] + arguments).map {
            "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        // `system` rather than Process: the tmux server it starts must not hold a pipe or a child the test waits on.
        let status = system(quoted.joined(separator: " ") + " > '\(output)' 2>/dev/null < /dev/null")
        guard status == 0 else { throw TmuxFailure(arguments: arguments, status: status) }
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    struct TmuxFailure: Error {
        var arguments: [String]
        var status: Int32
    }

    func keys(_ keys: String..., socket: String) throws {
        try tmux(["send-keys", "-t", name] + keys, socket: socket)
    }

    /// The screen once it contains `text`, waiting up to ten seconds.
    func waitFor(_ text: String, socket: String) throws -> String {
        var screen = ""
        for _ in 0..<200 {
            screen = try tmux(["capture-pane", "-p", "-J", "-S", "-200", "-t", name], socket: socket)
            if screen.contains(text) { return screen }
            // No event says that a terminal's screen shows something: readline redraws it in pieces, so the screen
            // is looked at again after a pause (one of the two sleeps left in the tests).
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("the terminal never showed `\(text)`; it shows:\n\(screen)")
        return screen
    }

    @Test(.timeLimit(.minutes(1))) func completionHistoryAndUndoAtTheTerminal() throws {
        let directory = try ReplFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let history = directory + "/history"
        let socket = directory + "/tmux.sock"
        let command =
            "env SEGUE_HISTORY=\(history) NO_COLOR=1 \(ReplFixture.binary ?? "") repl flows/donate.yaml --fresh"
        try tmux(
            ["new-session", "-d", "-s", name, "-x", "200", "-y", "80", "-c", ReplFixture.root, command], socket: socket)
        defer { _ = try? tmux(["kill-server"], socket: socket) }

        _ = try waitFor("segue> ", socket: socket)
        try keys("tap d", "Tab", socket: socket)
        _ = try waitFor("segue> tap donate", socket: socket)
        try keys("Enter", socket: socket)
        _ = try waitFor("main › donate (present)", socket: socket)

        // The first Tab completes the common prefix `options[`; two more list the choices, as in bash.
        try keys("tap opt", "Tab", socket: socket)
        _ = try waitFor("segue> tap options[", socket: socket)
        try keys("Tab", "Tab", socket: socket)
        let listed = try waitFor("options[2]", socket: socket)
        #expect(listed.contains("options[0]") && listed.contains("options[1]"))
        try keys("1]", "Enter", socket: socket)
        _ = try waitFor("main › donate (present) › donate_form (present)", socket: socket)

        try keys("undo", "Enter", socket: socket)
        _ = try waitFor("undid `tap options[1]` (1 of 2)", socket: socket)
        // Up recalls `undo` from the history.
        try keys("Up", socket: socket)
        try keys("Enter", socket: socket)
        _ = try waitFor("undid `tap donate` (0 of 2)", socket: socket)

        try keys("quit", "Enter", socket: socket)
        var saved = ""
        for _ in 0..<100 where !saved.contains("quit") {
            // The second sleep left in the tests: a tmux `wait-for` channel signalled at segue's exit hung a full run
            // (a signal before the wait is not kept), and nothing else tells the test that the file was written.
            Thread.sleep(forTimeInterval: 0.05)
            saved = (try? String(contentsOfFile: history, encoding: .utf8)) ?? ""
        }
        #expect(
            saved.components(separatedBy: "\n").filter { !$0.isEmpty }
                == ["tap donate", "tap options[1]", "undo", "undo", "quit"])
    }
}
