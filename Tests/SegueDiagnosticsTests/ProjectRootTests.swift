import Foundation
import Testing

@testable import SegueDiagnostics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A flow reads files only inside its project root: every component resolved, links followed only while they stay
/// inside, and one message for anything else, whether or not it exists.
@Suite struct ProjectRootTests {
    /// A project folder with an outside folder beside it, removed after `body` ran with both paths.
    private func inProject(_ body: (_ project: String, _ outside: String) throws -> Void) throws {
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("segue-root-\(UUID().uuidString)").path
        let project = top + "/project"
        let outside = top + "/outside"
        for folder in [project + "/lib", outside] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(atPath: top) }
        try Data("inside\n".utf8).write(to: URL(fileURLWithPath: project + "/lib/cards.yaml"))
        try Data("SECRET=1\n".utf8).write(to: URL(fileURLWithPath: outside + "/secret.txt"))
        try body(project, outside)
    }

    private func link(_ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    /// What reading `path` inside `root` gives: the text, "outside", or the reason it is unreadable.
    private func outcome(_ root: ProjectRoot, _ path: String) -> String {
        do {
            return String(decoding: try root.read(path, limit: 1 << 20), as: UTF8.self)
        } catch {
            switch error {
            case .outside: return "outside"
            case .unreadable(let problem): return "unreadable: \(problem.reason)"
            }
        }
    }

    @Test func aFileInsideIsRead() throws {
        try inProject { project, _ in
            let root = ProjectRoot(project)
            #expect(outcome(root, project + "/lib/cards.yaml") == "inside\n")
            #expect(outcome(root, project + "/lib/../lib/./cards.yaml") == "inside\n")
        }
    }

    @Test func anAbsolutePathOutsideIsRefused() throws {
        try inProject { project, outside in
            let root = ProjectRoot(project)
            #expect(outcome(root, outside + "/secret.txt") == "outside")
            #expect(outcome(root, "/etc/passwd") == "outside")
            #expect(outcome(root, "/proc/self/environ") == "outside")
        }
    }

    @Test func dotDotOutIsRefused() throws {
        try inProject { project, _ in
            let root = ProjectRoot(project)
            #expect(outcome(root, project + "/../outside/secret.txt") == "outside")
            #expect(outcome(root, project + "/lib/../../../../../../etc/passwd") == "outside")
            // A sibling whose name starts with the root's is not inside it (component boundaries).
            try FileManager.default.createDirectory(atPath: project + "-evil", withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: project + "-evil") }
            try Data("x".utf8).write(to: URL(fileURLWithPath: project + "-evil/x.yaml"))
            #expect(outcome(root, project + "-evil/x.yaml") == "outside")
        }
    }

    @Test func aLinkedFolderPointingOutIsRefused() throws {
        try inProject { project, outside in
            try link(project + "/etcdir", to: "/etc")
            try link(project + "/mine", to: outside)
            let root = ProjectRoot(project)
            #expect(outcome(root, project + "/etcdir/passwd") == "outside")
            #expect(outcome(root, project + "/mine/secret.txt") == "outside")
            // In through the link and back up: where the link leads decides, as the kernel resolves it.
            #expect(outcome(root, project + "/mine/../project/lib/cards.yaml") == "inside\n")
            #expect(outcome(root, project + "/etcdir/../etc/passwd") == "outside")
        }
    }

    @Test func aLinkedFilePointingOutIsRefused() throws {
        try inProject { project, outside in
            try link(project + "/secret.yaml", to: outside + "/secret.txt")
            try link(project + "/relative.yaml", to: "../outside/secret.txt")
            try link(project + "/lib/hop.yaml", to: "../secret.yaml")
            let root = ProjectRoot(project)
            #expect(outcome(root, project + "/secret.yaml") == "outside")
            #expect(outcome(root, project + "/relative.yaml") == "outside")
            #expect(outcome(root, project + "/lib/hop.yaml") == "outside")
        }
    }

    @Test func aLinkThatStaysInsideIsFollowed() throws {
        try inProject { project, _ in
            try link(project + "/cards.yaml", to: "lib/cards.yaml")
            try link(project + "/shared", to: project + "/lib")
            let root = ProjectRoot(project)
            #expect(outcome(root, project + "/cards.yaml") == "inside\n")
            #expect(outcome(root, project + "/shared/cards.yaml") == "inside\n")
            #expect(root.locate(project + "/shared/cards.yaml") == .success(root.real + "/lib/cards.yaml"))
        }
    }

    @Test func aRootReachedThroughALinkStillHoldsItsFiles() throws {
        try inProject { project, _ in
            try link(project + "-link", to: project)
            defer { try? FileManager.default.removeItem(atPath: project + "-link") }
            let root = ProjectRoot(project + "-link")
            #expect(outcome(root, project + "-link/lib/cards.yaml") == "inside\n")
            #expect(outcome(root, project + "/lib/cards.yaml") == "inside\n")
        }
    }

    @Test func aWiderRootAdmitsWhatANarrowOneRefuses() throws {
        try inProject { project, outside in
            let top = PathName.directory(of: project)
            #expect(outcome(ProjectRoot(project + "/lib"), project + "/lib/../../outside/secret.txt") == "outside")
            #expect(outcome(ProjectRoot(top), outside + "/secret.txt") == "SECRET=1\n")
        }
    }

    @Test func aMissingAndAnExistingFileOutsideAreRefusedAlike() throws {
        try inProject { project, outside in
            try link(project + "/mine", to: outside)
            let root = ProjectRoot(project)
            let refusals = [
                outside + "/secret.txt", outside + "/nothing.txt", project + "/mine/secret.txt",
                project + "/mine/nothing.txt", project + "/../outside/nothing/at/all.txt", "/no/such/folder/x.yaml",
            ].map { root.locate($0) }
            #expect(refusals.allSatisfy { $0 == .failure(.outside) }, "\(refusals)")
            // The message is made of the key and the path as written, nothing found on disk.
            let existing = root.outsideMessage(key: "imports:", written: "../outside/secret.txt")
            #expect(existing == "`imports:` names `../outside/secret.txt`, outside the project root `\(project)`")
            #expect(!existing.contains("SECRET"))
        }
    }

    @Test func aMissingFileInsideSaysSo() throws {
        try inProject { project, _ in
            let root = ProjectRoot(project)
            #expect(outcome(root, project + "/lib/nothing.yaml") == "unreadable: no such file")
            #expect(outcome(root, project + "/nothing/../lib/cards.yaml") == "unreadable: no such file")
        }
    }

    @Test func aLinkLoopIsNotFollowedForever() throws {
        try inProject { project, _ in
            try link(project + "/a", to: "b")
            try link(project + "/b", to: "a")
            #expect(outcome(ProjectRoot(project), project + "/a") == "outside")
        }
    }

    /// The check after opening (a folder swapped for a link between resolving and opening) rests on the system
    /// naming an open descriptor's file: it must, here, or that check would be silently off.
    @Test func anOpenDescriptorSaysWhereItsFileIs() throws {
        try inProject { project, outside in
            try link(project + "/out", to: outside)
            let descriptor = open(project + "/out/secret.txt", O_RDONLY)
            #expect(descriptor >= 0)
            defer { close(descriptor) }
            let opened = try #require(ProjectRoot.openedPath(descriptor))
            #expect(opened == ProjectRoot(outside).real + "/secret.txt")
            #expect(!ProjectRoot(project).contains(real: opened))
        }
    }

    @Test func theRootOfACommandIsTheFolderItWasStartedFrom() throws {
        try inProject { project, _ in
            #expect(ProjectRoot.startedFrom(project + "/lib/cards.yaml").folder == project + "/lib")
            #expect(ProjectRoot.startedFrom(project).folder == project)
        }
    }
}
