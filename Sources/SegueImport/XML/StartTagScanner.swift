/// Finds a start tag's extent and its attributes' spans in the file's bytes, from the offset libxml2 has read to
/// when it reports the tag: an attribute value cannot hold `<`, so the nearest `<` before it opens the tag.
struct StartTagScanner {
    /// From the `<` to just after the `>`.
    let whole: Range<Int>
    private var spans: [String: (whole: Range<Int>, value: Range<Int>)] = [:]

    init(bytes: [UInt8], near offset: Int) {
        var start = min(max(0, offset), max(0, bytes.count - 1))
        while start > 0, bytes[start] != UInt8(ascii: "<") { start -= 1 }
        var index = start + 1
        var quote: UInt8?
        var end = bytes.count
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                end = index + 1
                break
            }
            index += 1
        }
        whole = start..<end
        spans = Self.attributes(bytes, in: start..<end)
    }

    func attribute(_ qualifiedName: String) -> (whole: Range<Int>, value: Range<Int>)? { spans[qualifiedName] }

    /// `name = "value"` pairs after the element's name.
    private static func attributes(_ bytes: [UInt8], in tag: Range<Int>) -> [String: (Range<Int>, Range<Int>)] {
        var found: [String: (Range<Int>, Range<Int>)] = [:]
        var index = tag.lowerBound + 1
        func isNameByte(_ byte: UInt8) -> Bool {
            !(byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'"))
        }
        while index < tag.upperBound, isNameByte(bytes[index]) { index += 1 }  // the element's name
        while index < tag.upperBound {
            while index < tag.upperBound, !isNameByte(bytes[index]) { index += 1 }
            let nameStart = index
            while index < tag.upperBound, isNameByte(bytes[index]) { index += 1 }
            guard index > nameStart else { break }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            while index < tag.upperBound, bytes[index] != UInt8(ascii: "\"") && bytes[index] != UInt8(ascii: "'") {
                if bytes[index] == UInt8(ascii: ">") { return found }
                index += 1
            }
            guard index < tag.upperBound else { break }
            let quote = bytes[index]
            let valueStart = index + 1
            index = valueStart
            while index < tag.upperBound, bytes[index] != quote { index += 1 }
            found[name] = (nameStart..<min(index + 1, tag.upperBound), valueStart..<index)
            index += 1
        }
        return found
    }
}
