import Foundation
import SegueJSON
import Testing

@testable import SegueLanguageServer

/// Content-Length framing: messages split across reads, several in one read, and headers the protocol refuses.
struct MessageFramerTests {
    @Test func aMessageSplitAcrossReadsComesOutWhole() throws {
        let framed = MessageFramer.frame(Data(#"{"id":1,"method":"initialize"}"#.utf8))
        var framer = MessageFramer()
        framer.append(framed.prefix(10))
        #expect(try framer.next() == nil)
        framer.append(framed.dropFirst(10))
        let body = try #require(try framer.next())
        #expect(try JSON.parse(body)["method"] == "initialize")
        #expect(try framer.next() == nil)
    }

    @Test func twoMessagesInOneReadComeOutInOrder() throws {
        var framer = MessageFramer()
        framer.append(MessageFramer.frame(Data(#"{"id":1}"#.utf8)) + MessageFramer.frame(Data(#"{"id":2}"#.utf8)))
        #expect(try JSON.parse(try #require(try framer.next()))["id"] == 1)
        #expect(try JSON.parse(try #require(try framer.next()))["id"] == 2)
    }

    @Test func aHeaderWithoutLengthIsReportedAndDropped() throws {
        var framer = MessageFramer()
        framer.append(Data("Content-Type: x\r\n\r\n".utf8) + MessageFramer.frame(Data(#"{"id":3}"#.utf8)))
        #expect(throws: MessageFramer.FramingError.self) { try framer.next() }
        #expect(try JSON.parse(try #require(try framer.next()))["id"] == 3)
    }

    @Test func nonASCIITextIsCountedInBytes() throws {
        let body = Data(#"{"text":"Поддержать"}"#.utf8)
        let framed = MessageFramer.frame(body)
        #expect(String(decoding: framed, as: UTF8.self).hasPrefix("Content-Length: \(body.count)\r\n\r\n"))
        var framer = MessageFramer()
        framer.append(framed)
        #expect(try JSON.parse(try #require(try framer.next()))["text"] == "Поддержать")
    }

    /// Every body the framer gives for `input` fed in chunks of `chunk` bytes, and how many errors it reported.
    /// The most bytes the framer held at once is `held`.
    private func frames(_ input: Data, chunk: Int = 65536) -> (bodies: [String], errors: [String], held: Int) {
        var framer = MessageFramer()
        var bodies: [String] = []
        var errors: [String] = []
        var held = 0
        var offset = 0
        while offset < input.count {
            framer.append(input[offset..<min(offset + chunk, input.count)])
            offset += chunk
            held = max(held, framer.bytesHeld)
            while true {
                do {
                    guard let body = try framer.next() else { break }
                    bodies.append(String(decoding: body, as: UTF8.self))
                } catch {
                    errors.append(error.description)
                }
            }
        }
        return (bodies, errors, held)
    }

    private func message(_ id: Int) -> Data { MessageFramer.frame(Data(#"{"id":\#(id)}"#.utf8)) }

    @Test func aBadLengthIsReportedAndTheNextMessageIsRead() {
        for header in ["Content-Length: abc", "Content-Length: -5", "Content-Length:", "content-length 12"] {
            let result = frames(Data("\(header)\r\n\r\n".utf8) + message(1))
            #expect(result.bodies == [#"{"id":1}"#], "\(header)")
            #expect(result.errors.count == 1, "\(header): \(result.errors)")
        }
    }

    @Test func aBodyWithoutAHeaderIsSkippedUpToTheNextHeader() {
        // A header with no length, its body, then a header glued to the body: the old framer lost both messages.
        let input =
            Data("Content-Type: x\r\n\r\n{\"lost\":true}".utf8) + message(2) + Data("\r\n garbage \r\n".utf8)
            + message(3)
        let result = frames(input, chunk: 5)
        #expect(result.bodies == [#"{"id":2}"#, #"{"id":3}"#])
        #expect(result.errors.count == 2, "\(result.errors)")
        // A Content-Type line ended by a blank line is a header without a length; it and the body after it are junk.
        #expect(result.errors.first?.hasPrefix("skipped 27 bytes outside any message") == true, "\(result.errors)")
        #expect(result.errors.last?.hasPrefix("skipped 7 bytes outside any message") == true, "\(result.errors)")
    }

    @Test func headersAreFoundInAnyCaseWithOtherFieldsAndSplitAnywhere() {
        let body = #"{"id":4}"#
        let input = Data(
            "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nCONTENT-length :  \(body.utf8.count) \r\n\r\n\(body)"
                .utf8)
        for chunk in [1, 2, 3, 7, 1000] {
            let result = frames(input + message(5), chunk: chunk)
            #expect(result.bodies == [body, #"{"id":5}"#], "chunk \(chunk)")
            #expect(result.errors.isEmpty, "chunk \(chunk): \(result.errors)")
        }
    }

    @Test func aBodyOverTheLimitIsCountedOffAndTheMessagesAfterItAreRead() {
        let size = MessageFramer.maximumBody + 1
        // Its body holds a header of its own: counted off with the rest, never read as one.
        var big = Data("Content-Length: \(size)\r\n\r\n".utf8) + message(99)
        big.append(Data(repeating: UInt8(ascii: "x"), count: size - message(99).count))
        let result = frames(message(1) + big + message(2))
        #expect(result.bodies == [#"{"id":1}"#, #"{"id":2}"#])
        #expect(result.errors == ["a message of \(size) bytes, over the \(MessageFramer.maximumBody) allowed: skipped"])
        // Counted off as it passes, never kept: at most a read's 64 KiB and what is left of the one before, not 64 MiB
        // (bytes held, not a time a loaded machine could stretch).
        #expect(result.held <= 2 * 65536, "\(result.held) bytes held")
    }

    /// Read once: the searches look at each byte about once however the reads split it, so ten megabytes cost ten
    /// times one (the earlier reader rescanned its buffer after every read: quadratic). Counted, not timed.
    @Test func tenMegabytesWithoutABlankLineAreReadOnceAndDropped() {
        for header in [Data(), Data("Content-Length: 10\r\n".utf8)] {
            for size in [1 << 20, 10 << 20] {
                let input = header + Data(repeating: UInt8(ascii: "a"), count: size) + message(7)
                var framer = MessageFramer()
                var bodies: [String] = []
                var failed = false
                for offset in stride(from: 0, to: input.count, by: 65536) {
                    framer.append(input[offset..<min(offset + 65536, input.count)])
                    while true {
                        do {
                            guard let body = try framer.next() else { break }
                            bodies.append(String(decoding: body, as: UTF8.self))
                        } catch {
                            failed = true
                        }
                    }
                }
                #expect(bodies == [#"{"id":7}"#] && failed)
                // A header cut off at its limit is searched again from past its name: at most one read's worth.
                #expect(framer.bytesExamined <= input.count + 65536 + MessageFramer.maximumHeader, "\(size) bytes")
            }
        }
    }
}
