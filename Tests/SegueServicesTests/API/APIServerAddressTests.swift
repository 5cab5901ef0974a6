import Foundation
import SegueServices
import Testing

/// Pointing Segue at a real server: command line, then `SEGUE_API_URL`, then `.segue/config.json`.
@Suite struct APIServerAddressTests {
    func withConfig(_ contents: String?, _ body: (String) throws -> Void) throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("config.json").path
        if let contents { try Data(contents.utf8).write(to: URL(fileURLWithPath: path)) }
        try body(path)
    }

    @Test func commandLineWinsOverEnvironmentAndFile() throws {
        try withConfig(#"{"api_url": "https://file.example.com"}"#) { config in
            let address = try APIServerAddress.resolve(
                commandLine: "http://127.0.0.1:8080/api", environment: ["SEGUE_API_URL": "https://env.example.com"],
                configFile: config)
            #expect(address == APIServerAddress(url: URL(string: "http://127.0.0.1:8080/api")!, source: .commandLine))
        }
    }

    @Test func environmentWinsOverFile() throws {
        try withConfig(#"{"api_url": "https://file.example.com"}"#) { config in
            let address = try APIServerAddress.resolve(
                commandLine: "", environment: ["SEGUE_API_URL": "https://env.example.com/v1"], configFile: config)
            #expect(address?.url.absoluteString == "https://env.example.com/v1")
            #expect(address?.source.description == "SEGUE_API_URL")
        }
    }

    @Test func configFileIsTheLastResort() throws {
        try withConfig(#"{"api_url": "https://file.example.com", "other": 1}"#) { config in
            let address = try APIServerAddress.resolve(environment: [:], configFile: config)
            #expect(
                address
                    == APIServerAddress(
                        url: URL(string: "https://file.example.com")!, source: .configFile(path: config)))
        }
    }

    @Test func nothingConfiguredMeansTheLocalBoard() throws {
        try withConfig(nil) { config in
            let address = try APIServerAddress.resolve(environment: [:], configFile: config)
            #expect(address == nil)
        }
        try withConfig(#"{"api_url": null}"#) { config in
            let address = try APIServerAddress.resolve(environment: ["SEGUE_API_URL": " "], configFile: config)
            #expect(address == nil)
        }
    }

    @Test func badAddressesNameTheirSource() throws {
        #expect(
            throws: APIServerAddress.Problem(
                source: .environment(variable: "SEGUE_API_URL"),
                message:
                    "«ftp://board» is not an http:// or https:// URL with a host, e.g. https://board.example.com/api")
        ) {
            try APIServerAddress.resolve(environment: ["SEGUE_API_URL": "ftp://board"], configFile: "/nonexistent")
        }
        #expect(
            throws: APIServerAddress.Problem(
                source: .commandLine,
                message:
                    "«board.example.com» is not an http:// or https:// URL with a host, e.g. https://board.example.com/api"
            )
        ) {
            try APIServerAddress.resolve(commandLine: "board.example.com", environment: [:], configFile: "/nonexistent")
        }
        try withConfig("{api_url: https://x}") { config in
            #expect(
                throws: APIServerAddress.Problem(
                    source: .configFile(path: config),
                    message:
                        "1:2: unexpected 'a'; expected a key; expected a JSON object such as {\"api_url\": \"https://…\"}"
                )
            ) {
                try APIServerAddress.resolve(environment: [:], configFile: config)
            }
        }
        try withConfig(#"{"api_url": 8080}"#) { config in
            #expect(
                throws: APIServerAddress.Problem(
                    source: .configFile(path: config), message: "\"api_url\" must be a string, not 8080")
            ) {
                try APIServerAddress.resolve(environment: [:], configFile: config)
            }
        }
    }

    @Test func theBannerSaysWhereAConfigFileIs() throws {
        let url = try #require(URL(string: "http://127.0.0.1:9"))
        // The default `.segue/config.json` sits in the working directory (a cloned repository may carry one);
        // `--data-dir /elsewhere` puts it in that data directory.
        #expect(
            APIServerAddress(url: url, source: .configFile(path: ".segue/config.json")).banner(service: "board")
                == "board → http://127.0.0.1:9 (from .segue/config.json, a file in the working directory), not the local board"
        )
        #expect(
            APIServerAddress(url: url, source: .configFile(path: "/srv/data/config.json")).banner(service: "board")
                == "board → http://127.0.0.1:9 (from /srv/data/config.json, a file in the data directory), not the local board"
        )
    }
}
