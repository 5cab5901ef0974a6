import Foundation
import SegueJSON
import SegueLanguageServer

/// A language server driven in-process, with a clock the test moves, and helpers that speak the protocol.
final class ServerHarness {
    let server: LanguageServer
    private(set) var now = 100.0
    private var nextID = 1

    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// `check`: the background exploration's bounds (none by default, so the other tests publish once per edit).
    init(initialize: Bool = true, check: BackgroundCheckSettings? = nil) {
        let box = LogBox()
        server = LanguageServer(debounce: 0.15, check: check, log: { box.lines.append($0) })
        logBox = box
        if initialize {
            _ = request("initialize", ["capabilities": [:]])
            notify("initialized", [:])
        }
    }

    private let logBox: LogBox
    var logged: [String] { logBox.lines }

    final class LogBox: @unchecked Sendable { var lines: [String] = [] }

    func advance(_ seconds: Double) { now += seconds }

    /// Sends a request and returns the whole response message.
    @discardableResult
    func send(_ method: String, _ params: JSON) -> JSON {
        let id = nextID
        nextID += 1
        let replies = server.receive(
            ["jsonrpc": "2.0", "id": JSON(id), "method": .string(method), "params": params], now: now)
        return replies.first { $0["id"] == JSON(id) } ?? .null
    }

    /// A request's result (null when it failed).
    func request(_ method: String, _ params: JSON) -> JSON { send(method, params)["result"] ?? .null }

    func notify(_ method: String, _ params: JSON) {
        let replies = server.receive(["jsonrpc": "2.0", "method": .string(method), "params": params], now: now)
        precondition(replies.isEmpty, "a notification was answered: \(replies)")
    }

    /// Opens a document with this text (by default the file's own text).
    func open(_ path: String, text: String? = nil) -> String {
        let uri = "file://" + path
        let body = text ?? ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
        notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": .string(uri), "languageId": "yaml", "version": 1, "text": .string(body)]])
        return uri
    }

    func change(_ uri: String, to text: String, version: Int = 2) {
        notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(uri), "version": JSON(version)],
                "contentChanges": [["text": .string(text)]],
            ])
    }

    /// Every publishDiagnostics due now, in the order sent.
    func publications() -> [(uri: String, diagnostics: [JSON])] {
        server.due(now: now).compactMap { message in
            guard message["method"] == "textDocument/publishDiagnostics", let uri = message["params"]?["uri"]?.string
            else { return nil }
            return (uri, message["params"]?["diagnostics"]?.array ?? [])
        }
    }

    /// Every publishDiagnostics due now, by URI.
    func published() -> [String: [JSON]] {
        var result: [String: [JSON]] = [:]
        for message in server.due(now: now) where message["method"] == "textDocument/publishDiagnostics" {
            if let uri = message["params"]?["uri"]?.string {
                result[uri] = message["params"]?["diagnostics"]?.array ?? []
            }
        }
        return result
    }

    /// The published diagnostics after the debounce interval has passed.
    func diagnostics() -> [String: [JSON]] {
        advance(1)
        return published()
    }

    /// The 0-based position of the `occurrence`-th appearance of `needle` in `text`, plus `offset` characters.
    static func position(of needle: String, in text: String, occurrence: Int = 1, offset: Int = 0) -> JSON {
        var searchStart = text.startIndex
        var count = 0
        while let found = text[searchStart...].range(of: needle) {
            count += 1
            if count == occurrence {
                let before = text[..<found.lowerBound]
                let line = before.filter { $0 == "\n" }.count
                let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
                let character = text[lineStart..<found.lowerBound].utf16.count + offset
                // An offset past a line break lands on the following lines.
                let through = text[lineStart...].utf16.prefix(character)
                let breaks = through.filter { $0 == 10 }.count
                guard breaks > 0 else { return ["line": JSON(line), "character": JSON(character)] }
                let tail = String(decoding: Array(through), as: UTF16.self)
                let lastLine = tail[tail.index(after: tail.lastIndex(of: "\n") ?? tail.startIndex)...]
                return ["line": JSON(line + breaks), "character": JSON(lastLine.utf16.count)]
            }
            searchStart = found.upperBound
        }
        preconditionFailure("`\(needle)` not found \(occurrence) times")
    }

    static func document(_ uri: String, at position: JSON) -> JSON {
        ["textDocument": ["uri": .string(uri)], "position": position]
    }

    static var donatePath: String { root + "/flows/donate.yaml" }
    static var donateText: String { (try? String(contentsOfFile: donatePath, encoding: .utf8)) ?? "" }

    /// A fresh directory for flow files a test writes.
    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "segue-lsp-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

extension JSON {
    /// The labels of a completion result.
    var labels: [String] { (self["items"]?.array ?? []).compactMap { $0["label"]?.string } }
}
