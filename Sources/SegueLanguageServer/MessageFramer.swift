import Foundation

/// Splits a byte stream into LSP messages framed by `Content-Length: N\r\n\r\n` headers, and frames replies.
///
/// Each byte is looked at once: the scan position is kept between reads, bytes outside a message are dropped as
/// they are passed (never buffered), and a message over `maximumBody` is skipped by counting its bytes. After a
/// header that is not valid, reading picks up again at the next `Content-Length`, so one bad message never costs the
/// ones after it.
///
///     var framer = MessageFramer()
///     framer.append(bytes)
///     while let body = try framer.next() { … }
public struct MessageFramer: Sendable {
    /// A problem with the stream, reported once; reading goes on after it.
    public struct FramingError: Error, CustomStringConvertible {
        public var description: String
    }

    /// What looking for the next `Content-Length` has passed over since the last message.
    private struct Passed: Sendable {
        /// Bytes that were no part of a message (spaces and line ends not counted).
        var junk = 0
        /// The bytes of a `Content-Type` line (the protocol allows one before `Content-Length`): forgiven when
        /// `Content-Length` follows on the next line, junk when a blank line or anything else comes first.
        var typeLine = 0
        var inTypeLine = false
        /// Line ends since the last `Content-Type` line ended.
        var lineEnds = 0

        mutating func pass(_ byte: UInt8, startsTypeLine: Bool) {
            if startsTypeLine {
                junk += typeLine
                typeLine = 0
                inTypeLine = true
            }
            if byte == 10 {
                inTypeLine = false
                lineEnds += 1
                if lineEnds > 1 {
                    junk += typeLine
                    typeLine = 0
                }
                return
            }
            if inTypeLine {
                if !MessageFramer.isSpace(byte) { typeLine += 1 }
                lineEnds = 0
            } else if !MessageFramer.isSpace(byte) {
                junk += typeLine + 1
                typeLine = 0
            }
        }
    }

    private enum State: Sendable {
        /// Looking for the next `Content-Length`.
        case seeking(Passed)
        /// A header starting at `start`, waiting for its blank line.
        case header
        /// A body of this many bytes starting at `start`.
        case body(Int)
        /// Skipping this many more bytes of a body over the limit.
        case discarding(Int)
    }

    private var buffer: [UInt8] = []
    /// Bytes before `start` are consumed.
    private var start = 0
    /// Where the search of the current state goes on: nothing before it is looked at again.
    private var scanned = 0
    private var state = State.seeking(Passed())

    /// Larger bodies are refused rather than buffered without end (a flow file is far smaller); their bytes are
    /// counted off, not kept.
    public static let maximumBody = 64 << 20
    /// A header block (from `Content-Length` to its blank line) longer than this is not a header.
    public static let maximumHeader = 8 << 10
    private static let name = Array("content-length".utf8)
    private static let typeName = Array("content-type".utf8)
    private static let separator = Array("\r\n\r\n".utf8)

    public init() {}

    public mutating func append(_ bytes: some Sequence<UInt8>) { buffer.append(contentsOf: bytes) }

    /// Bytes kept in memory now, consumed ones not yet dropped included: what a skipped body must never grow.
    var bytesHeld: Int { buffer.count }
    /// Bytes the searches for a header's name and its blank line have looked at, over every read: about the bytes
    /// read, however they are split, since nothing is looked at again (a header cut off at its limit is the one
    /// place bytes are searched twice, at most the read that held them).
    private(set) var bytesExamined = 0

    /// The next whole message body, nil when more bytes are needed; a bad header, bytes outside any message and a
    /// body over the limit are each reported once by an error, and the next call reads on.
    public mutating func next() throws(FramingError) -> Data? {
        while true {
            switch state {
            case .seeking(let passed):
                guard let found = seekName(passed) else { return nil }
                state = .header
                scanned = found.offset
                start = found.offset
                if found.junk > 0 {
                    throw FramingError(
                        description: "skipped \(found.junk) bytes outside any message (a header without a valid "
                            + "Content-Length, or text between messages)")
                }
            case .header:
                guard let end = seekSeparator() else {
                    guard buffer.count - start > Self.maximumHeader else { return nil }
                    resynchronize(after: start + Self.name.count)
                    throw FramingError(
                        description:
                            "a Content-Length header with no blank line in its first \(Self.maximumHeader) bytes")
                }
                let length = Self.length(in: buffer[(start + Self.name.count)..<end])
                let header = String(decoding: buffer[start..<min(end, start + 80)], as: UTF8.self)
                resynchronize(after: end + Self.separator.count)
                guard let length else {
                    throw FramingError(description: "a Content-Length that is not a length: \(header.debugDescription)")
                }
                guard length <= Self.maximumBody else {
                    state = .discarding(length)
                    throw FramingError(
                        description: "a message of \(length) bytes, over the \(Self.maximumBody) allowed: skipped")
                }
                state = .body(length)
            case .body(let length):
                guard buffer.count - start >= length else { return nil }
                let body = Data(buffer[start..<(start + length)])
                resynchronize(after: start + length)
                return body
            case .discarding(let remaining):
                let dropped = min(remaining, buffer.count - start)
                resynchronize(after: start + dropped)
                if dropped < remaining {
                    state = .discarding(remaining - dropped)
                    return nil
                }
            }
        }
    }

    /// The body with its `Content-Length` header.
    public static func frame(_ body: Data) -> Data {
        Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    /// Consumes everything before `offset` and goes back to looking for a header.
    private mutating func resynchronize(after offset: Int) {
        start = offset
        scanned = offset
        state = .seeking(Passed())
        compact()
    }

    /// Drops consumed bytes once they are most of the buffer, so dropping is amortised over the bytes read.
    private mutating func compact() {
        guard start > 0, start >= buffer.count / 2 else { return }
        buffer.removeSubrange(..<start)
        scanned -= start
        start = 0
    }

    /// The offset of the next `Content-Length` (any case) and the count of other bytes passed over; without one,
    /// the bytes passed are dropped (all but a tail that may begin the name) and their count kept.
    private mutating func seekName(_ passed: Passed) -> (offset: Int, junk: Int)? {
        var passed = passed
        var position = max(scanned, start)
        let origin = position
        defer { bytesExamined += position - origin }
        let found = buffer.withUnsafeBufferPointer { bytes -> Int? in
            while position + Self.name.count <= bytes.count {
                let byte = bytes[position]
                // Only a `c` can start either name.
                let maybeName = byte | 0x20 == 0x63
                if maybeName, Self.starts(Self.name, bytes, at: position) { return position }
                passed.pass(byte, startsTypeLine: maybeName && Self.starts(Self.typeName, bytes, at: position))
                position += 1
            }
            return nil
        }
        if let found {
            // A `Content-Type` line right before is part of this header.
            return (found, passed.junk + (passed.lineEnds > 1 ? passed.typeLine : 0))
        }
        start = position
        scanned = position
        state = .seeking(passed)
        compact()
        return nil
    }

    /// The offset of the blank line ending the header at `start`, searching only bytes not searched before.
    private mutating func seekSeparator() -> Int? {
        var position = max(scanned, start + Self.name.count)
        let origin = position
        defer { bytesExamined += position - origin }
        let found = buffer.withUnsafeBufferPointer { bytes -> Int? in
            while position + Self.separator.count <= bytes.count {
                if bytes[position] == 13, bytes[position + 1] == 10, bytes[position + 2] == 13,
                    bytes[position + 3] == 10
                {
                    return position
                }
                position += 1
            }
            return nil
        }
        if found == nil { scanned = position }
        return found
    }

    /// Whether `bytes` at `position` hold `name` (lowercase ASCII) in any case.
    private static func starts(_ name: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        for index in 0..<name.count {
            let byte = bytes[position + index]
            guard (byte >= 65 && byte <= 90 ? byte + 32 : byte) == name[index] else { return false }
        }
        return true
    }

    fileprivate static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 13 || byte == 10 }

    /// The length after `Content-Length`: `: N` with optional spaces, then the end of the line; nil otherwise.
    private static func length(in rest: ArraySlice<UInt8>) -> Int? {
        var line = rest.prefix { $0 != 13 && $0 != 10 }.drop { $0 == 32 || $0 == 9 }
        guard line.first == UInt8(ascii: ":") else { return nil }
        line = line.dropFirst().drop { $0 == 32 || $0 == 9 }
        while let last = line.last, last == 32 || last == 9 { line = line.dropLast() }
        guard !line.isEmpty, line.count <= 18, line.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return line.reduce(0) { $0 * 10 + Int($1 - 48) }
    }
}
