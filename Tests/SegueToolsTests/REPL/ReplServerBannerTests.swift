import Foundation
import SegueCheck
import Testing

@testable import SegueTools

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
}
