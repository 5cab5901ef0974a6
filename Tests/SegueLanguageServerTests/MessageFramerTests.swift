import Foundation
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
}
