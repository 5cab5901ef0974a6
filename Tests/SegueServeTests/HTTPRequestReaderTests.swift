import Foundation
import Testing

@testable import SegueServe

/// One request collected from a connection's bytes as they arrive, in any pieces: what the server and the `serve`
/// fuzz target both read with.
@Suite struct HTTPRequestReaderTests {
    static let post = "POST /input HTTP/1.1\r\nHost: x\r\nContent-Length: 7\r\n\r\n{\"a\":1}"

    /// The request `text` gives when it arrives `size` bytes at a time, and after how many pieces.
    func read(_ text: String, size: Int) -> (progress: HTTPRequestReader.Progress, pieces: Int) {
        var reader = HTTPRequestReader()
        let bytes = Array(text.utf8)
        var pieces = 0
        for start in stride(from: 0, to: bytes.count, by: size) {
            pieces += 1
            let progress = reader.receive(bytes[start..<min(start + size, bytes.count)])
            if case .incomplete = progress { continue }
            return (progress, pieces)
        }
        return (.incomplete, pieces)
    }

    @Test(arguments: [1, 2, 7, 51, 1000])
    func aRequestInAnyPiecesIsTheSame(size: Int) {
        guard case .request(let request) = read(Self.post, size: size).progress else {
            Issue.record("not read in pieces of \(size)")
            return
        }
        #expect(request.method == "POST" && request.path == "/input")
        #expect(request.body == Data("{\"a\":1}".utf8))
    }

    @Test func theBodyIsWaitedForAndWhatFollowsItIsNotPartOfIt() {
        var reader = HTTPRequestReader()
        let head = "POST /input HTTP/1.1\r\nHost: x\r\nContent-Length: 7\r\n\r\n"
        guard case .incomplete = reader.receive(Array(head.utf8)) else { Issue.record("answered early"); return }
        #expect(reader.hasHead && !reader.isEmpty)
        guard case .request(let request) = reader.receive(Array("{\"a\":1}GET / HTTP/1.1\r\n\r\n".utf8)) else {
            Issue.record("no request")
            return
        }
        #expect(request.body == Data("{\"a\":1}".utf8))
    }

    @Test func aBadHeadIsRefusedAtTheFirstLineEnd() {
        guard case .failure(let status, _) = read("GET / HTTP/1.1\nHost: x\n\n", size: 3).progress else {
            Issue.record("bare LF accepted")
            return
        }
        #expect(status == .badRequest)
        #expect(read("GET / HTTP/1.1\nHost: x\n\n", size: 3).pieces == 5)
    }

    /// Found by the `serve` fuzz target: past the request line's 8 KiB, every byte read made the parser rescan the
    /// whole head, so a client sending a byte at a time cost the server time growing with the square of the head.
    /// Each byte is looked at once now (a few up to four times, for a line end split between reads), and the head
    /// is parsed once: counted, not timed, so a loaded machine cannot fail it and a rescan (450 million looks for
    /// this head) cannot pass it.
    @Test func aHeadSentAByteAtATimeIsReadInLinearTime() {
        let head =
            "GET /state HTTP/1.1\r\nHost: x\r\n"
            + String(repeating: "X-Filler: \(String(repeating: "a", count: 490))\r\n", count: 60) + "\r\n"
        #expect(head.utf8.count > 30_000 && head.utf8.count < HTTPLimits().headerBytes)
        var reader = HTTPRequestReader()
        var progress = HTTPRequestReader.Progress.incomplete
        for byte in head.utf8 {
            progress = reader.receive([byte])
        }
        guard case .request(let request) = progress else {
            Issue.record("not read: \(progress)")
            return
        }
        #expect(request.headers.count == 61)
        #expect(reader.bytesLookedAt <= 4 * head.utf8.count, "\(reader.bytesLookedAt) looks, \(head.utf8.count) bytes")
        #expect(reader.headsParsed == 1)
    }
}
