import Foundation
import SegueJSON

@testable import SegueLanguageServer

/// Bytes as what an editor writes to `segue lsp`: framed into messages (`MessageFramer`), each handled by the
/// server in order (JSON, the lifecycle, every request), its debounced diagnostics published as time passes, and
/// every reply encoded as it goes out and read back (a reply that is not JSON is a finding).
///
/// The first byte picks how the rest arrives: an odd byte, as the raw stream, in reads of a size it also picks
/// (the framer's resynchronising is fuzzed); an even one, as message bodies separated by NUL bytes, which the
/// harness frames (the server's handling is fuzzed without the fuzzer having to keep `Content-Length` right).
enum LanguageServerFuzz {
    /// Documents the seeds open live here, in a folder that holds nothing.
    static let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("segue-fuzz-lsp").path

    static func run(_ data: Data) {
        guard let mode = data.first else { return }
        let rest = data.dropFirst()
        let stream: Data
        if mode & 1 == 1 {
            stream = Data(rest)
        } else {
            stream = rest.split(separator: 0, omittingEmptySubsequences: false).reduce(into: Data()) {
                $0 += MessageFramer.frame(Data($1))
            }
        }
        let server = LanguageServer(debounce: 0.15)
        var framer = MessageFramer()
        var now = 0.0
        let readSize = mode & 1 == 1 ? Int(mode >> 1) + 1 : max(stream.count, 1)
        var offset = stream.startIndex
        while offset < stream.endIndex, server.exitCode == nil {
            let end = min(offset + readSize, stream.endIndex)
            framer.append(stream[offset..<end])
            offset = end
            while server.exitCode == nil {
                let body: Data?
                do {
                    body = try framer.next()
                } catch {
                    _ = error.description
                    continue
                }
                guard let body else { break }
                send(server.receive(body: body, now: now))
                now += 0.05
                send(server.due(now: now))
            }
        }
        send(server.flush())
    }

    /// Encodes each reply as `segue lsp` writes it, and reads it back.
    static func send(_ messages: [JSON]) {
        for message in messages {
            let framed = MessageFramer.frame(message.encoded())
            var framer = MessageFramer()
            framer.append(framed)
            guard let body = try? framer.next(), (try? JSON.parse(body)) == message else {
                fatalError("a reply that does not read back: \(String(decoding: framed, as: UTF8.self))")
            }
        }
    }
}
