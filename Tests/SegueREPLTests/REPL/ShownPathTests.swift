import Testing

@testable import SegueREPL

/// A path the REPL prints is one the person can open from where they are: the data directory's files keep their
/// folder (`.segue/photos/…`; it printed `photos/…`, which does not exist there).
@Suite struct ShownPathTests {
    @Test func aFileOfTheDataDirectoryIsNamedFromTheCurrentFolder() {
        let text = #"{"path": "/home/ann/app/.segue/photos/a1.jpg", "zoom": 1}"#
        #expect(
            ChangePrinter.showingPaths(in: text, dataDirectory: ".segue", from: "/home/ann/app")
                == #"{"path": ".segue/photos/a1.jpg", "zoom": 1}"#)
        #expect(
            ChangePrinter.showingPaths(in: text, dataDirectory: "/home/ann/app/.segue", from: "/home/ann/app")
                == #"{"path": ".segue/photos/a1.jpg", "zoom": 1}"#)
        // Already relative: left as it is, folder and all.
        #expect(
            ChangePrinter.showingPaths(in: ".segue/photos/a1.jpg", dataDirectory: ".segue", from: "/home/ann/app")
                == ".segue/photos/a1.jpg")
    }

    @Test func theFilesOfATemporaryDirectoryAreNamedWithinIt() {
        #expect(
            ChangePrinter.showingPaths(
                in: "/tmp/segue-1/photos/a1.jpg", dataDirectory: "/tmp/segue-1", from: "/home/ann/app")
                == "photos/a1.jpg")
        #expect(ChangePrinter.showingPaths(in: "photos/a1.jpg", dataDirectory: nil) == "photos/a1.jpg")
    }
}
