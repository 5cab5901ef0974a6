import Foundation

/// Splits a byte stream into LSP messages framed by `Content-Length: N\r\n\r\n` headers, and frames replies.
///
///     var framer = MessageFramer()
///     framer.append(bytes)
///     while let body = try framer.next() { … }
public struct MessageFramer: Sendable {
    /// A header block the protocol does not allow: no `Content-Length`, or one that is not a number.
    public struct FramingError: Error, CustomStringConvertible {
        public var description: String
    }

    private var buffer: [UInt8] = []
    private static let separator: [UInt8] = Array("\r\n\r\n".utf8)
    /// Larger bodies are refused rather than buffered without end (a flow file is far smaller).
    public static let maximumBody = 64 << 20

    public init() {}

    public mutating func append(_ bytes: some Sequence<UInt8>) { buffer.append(contentsOf: bytes) }

    /// The next whole message body, nil when more bytes are needed; a bad header is dropped and reported.
    public mutating func next() throws -> Data? {
        guard let headerEnd = Self.find(Self.separator, in: buffer) else { return nil }
        let header = String(decoding: buffer[..<headerEnd], as: UTF8.self)
        var length: Int?
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length"
            else { continue }
            length = Int(parts[1].trimmingCharacters(in: .whitespaces))
        }
        let bodyStart = headerEnd + Self.separator.count
        guard let length, length >= 0, length <= Self.maximumBody else {
            buffer.removeSubrange(..<bodyStart)
            throw FramingError(description: "a message header without a valid Content-Length: \(header)")
        }
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Data(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeSubrange(..<(bodyStart + length))
        return body
    }

    /// The body with its `Content-Length` header.
    public static func frame(_ body: Data) -> Data {
        Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return start }
        }
        return nil
    }
}
