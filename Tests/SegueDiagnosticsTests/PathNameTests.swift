import SegueDiagnostics
import Testing

/// The project's path arithmetic, on the paths Foundation's `deletingLastPathComponent` trapped on (`f`, `a/`) and
/// the other edges: empty, `/`, trailing and doubled slashes, `./x`, `../x`.
@Suite struct PathNameTests {
    @Test(arguments: [
        ("f", "."), ("", "."), ("/", "/"), ("//", "/"), ("a/", "."), ("x/", "."), ("/f", "/"), ("a/f", "a"),
        ("a/b/", "a"), ("a//b", "a"), ("./x", "."), ("../x", ".."), ("/a/b/c.yaml", "/a/b"),
        ("flows/donate.yaml", "flows"),
        (".", "."), ("..", "."),
    ])
    func theDirectoryOfAPathIsWhatDirnameSays(path: String, directory: String) {
        #expect(PathName.directory(of: path) == directory, "\(path)")
    }

    @Test(arguments: [
        ("f", "f"), ("", ""), ("/", "/"), ("//", "/"), ("a/", "a"), ("a/b/", "b"), ("./x", "x"), ("../x", "x"),
        ("/a/b.yaml", "b.yaml"), ("a//b", "b"),
    ])
    func theLastComponentIgnoresTrailingSlashes(path: String, last: String) {
        #expect(PathName.lastComponent(of: path) == last, "\(path)")
    }

    @Test func appendingPutsOneSlashBetween() {
        #expect(PathName.appending("x", to: "f") == "f/x")
        #expect(PathName.appending("x", to: "") == "x")
        #expect(PathName.appending("x", to: "/") == "/x")
        #expect(PathName.appending("x", to: "a/") == "a/x")
        #expect(PathName.appending("/x", to: "a") == "a/x")
        #expect(PathName.appending("", to: "a") == "a")
        #expect(PathName.appending("b/c.yaml", to: ".") == "./b/c.yaml")
    }

    @Test func aPathWrittenInAFileIsReadFromThatFilesFolder() {
        #expect(PathName.resolving("lib.yaml", from: "f") == "lib.yaml")
        #expect(PathName.resolving("lib.yaml", from: "./f") == "./lib.yaml")
        #expect(PathName.resolving("lib.yaml", from: "flows/f") == "flows/lib.yaml")
        #expect(PathName.resolving("lib.yaml", from: "/f") == "/lib.yaml")
        #expect(PathName.resolving("../lib.yaml", from: "a/b/f.yaml") == "a/b/../lib.yaml")
        #expect(PathName.resolving("/etc/x.yaml", from: "a/f.yaml") == "/etc/x.yaml")
        #expect(PathName.resolving("x", from: "") == "x")
    }

    @Test func extensionsBelongToTheLastComponent() {
        #expect(PathName.pathExtension(of: "a/b.yaml") == "yaml")
        #expect(PathName.pathExtension(of: "f") == "")
        #expect(PathName.pathExtension(of: "") == "")
        #expect(PathName.pathExtension(of: "a.b/c") == "")
        #expect(PathName.pathExtension(of: ".env") == "")
        #expect(PathName.pathExtension(of: "x.tar.gz") == "gz")
        #expect(PathName.pathExtension(of: "x.") == "")
        #expect(PathName.deletingExtension(of: "a/b.yaml") == "a/b")
        #expect(PathName.deletingExtension(of: "a.b/c") == "a.b/c")
        #expect(PathName.deletingExtension(of: "f") == "f")
        #expect(PathName.deletingExtension(of: "f.y/") == "f")
        #expect(PathName.stem(of: "flows/donate.yaml") == "donate")
        #expect(PathName.stem(of: "s") == "s")
    }

    @Test(arguments: [
        ("", ""), ("f", "f"), ("/", "/"), ("./x", "x"), ("../x", "../x"), ("a/..", "."), ("a/../..", ".."),
        ("/..", "/"), ("/a/../../b", "/b"), ("a//b/./c/", "a/b/c"), ("../../a/../b", "../../b"), (".", "."),
        ("/a/b/../c/./d.yaml", "/a/c/d.yaml"), ("flows/scenarios/donate/../../donate.yaml", "flows/donate.yaml"),
    ])
    func standardizingRemovesDotsByTheTextAlone(path: String, standard: String) {
        #expect(PathName.standardized(path) == standard, "\(path)")
    }

    @Test func absolutePathsStartFromTheGivenFolder() {
        #expect(PathName.absolute("f", from: "/w") == "/w/f")
        #expect(PathName.absolute("../x", from: "/w/a") == "/w/x")
        #expect(PathName.absolute("/etc/../tmp", from: "/w") == "/tmp")
        #expect(PathName.absolute("", from: "/w") == "/w")
        #expect(PathName.absolute("x", from: "") == "/x")
        #expect(PathName.components(of: "/a/./b/../c") == ["a", "c"])
        #expect(PathName.components(of: ".").isEmpty)
        #expect(PathName.components(of: "/").isEmpty)
    }
}
