import Foundation
import SegueCheck
import SegueServices
import SegueTestFixtures
import Testing

@testable import SegueDriver
@testable import SegueREPL

/// A server chosen by a config file in the working directory is announced, never used silently (issue 16).
@Suite struct ReplServerBannerTests {
    @Test func aConfigFilesServerIsNamedInTheBanner() async throws {
        let directory = NSTemporaryDirectory() + "segue-banner-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(#"{"api_url": "http://127.0.0.1:9/api"}"#.utf8).write(
            to: URL(fileURLWithPath: directory + "/config.json"))
        let options = ServiceOptions(dataDirectory: directory, root: ReplFixture.root)
        let session = try await ReplSession.open(path: ReplFixture.root + "/flows/donate.yaml", options: options)
        let banner = await session.start().split(separator: "\n").prefix(2).map(String.init)
        #expect(
            banner.last
                == "board → http://127.0.0.1:9/api (from \(directory)/config.json, a file in the data directory), "
                + "not the local board")
    }

    @Test func theLocalBoardNeedsNoLine() async throws {
        let session = try await ReplFixture.session("donate")
        let lines = await session.start().split(separator: "\n")
        #expect(!lines.contains { $0.contains("not the local board") })
    }

    @Test func aRunNamesTheServerEachAPIServiceWouldCall() throws {
        let flow = try #require(FlowLoader().load(path: ReplFixture.root + "/flows/donate.yaml").flow)
        let environment = ["SEGUE_API_URL": "http://127.0.0.1:9"]
        #expect(
            FlowReach(flow: flow, options: ServiceOptions(), environment: environment).lines
                == ["service board → http://127.0.0.1:9 (from SEGUE_API_URL), not the local board"])
        #expect(FlowReach(flow: flow, options: ServiceOptions(), environment: [:]).lines.isEmpty)
        var render = ServiceOptions()
        render.usesServers = false
        #expect(FlowReach(flow: flow, options: render, environment: environment).isLocal)
    }

    /// A data directory's `config.json` may be a cloned repository's (`.segue/` in the working directory): the
    /// server it chooses needs that folder trusted, as a command does; one the user named needs nothing.
    @Test func aConfigFilesServerNeedsItsFolderTrusted() throws {
        let directory = NSTemporaryDirectory() + "segue-config-trust-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(#"{"api_url": "http://127.0.0.1:9/api"}"#.utf8).write(
            to: URL(fileURLWithPath: directory + "/config.json"))
        let flow = try #require(FlowLoader().load(path: ReplFixture.root + "/flows/donate.yaml").flow)
        let fromConfig = FlowReach(flow: flow, options: ServiceOptions(dataDirectory: directory), environment: [:])
        #expect(fromConfig.configFolders == [TrustList.realPath(directory)!])
        #expect(fromConfig.folders == fromConfig.configFolders)
        let named = FlowReach(
            flow: flow, options: ServiceOptions(dataDirectory: directory, apiURL: "http://127.0.0.1:9"),
            environment: [:])
        #expect(named.servers["board"]?.source == .commandLine)
        #expect(named.folders.isEmpty)
        let fromEnvironment = FlowReach(
            flow: flow, options: ServiceOptions(dataDirectory: directory),
            environment: ["SEGUE_API_URL": "http://127.0.0.1:9"])
        #expect(fromEnvironment.folders.isEmpty)
    }
}
