import SegueDiagnostics

extension Node {
    /// The file range of the characters at UTF-8 byte offsets `start ..< start + length` of this scalar's text.
    ///
    /// Escapes (`''`, `\n`, `\u00E9`), line folding and block-scalar indentation are mapped back to the
    /// file, so `title: "${user.nmae}"` can report `nmae` at its exact column. Where text and file cannot be
    /// matched, the answer is the nearest position found, never outside the node's range; for a collection
    /// the node's own range is returned.
    ///
    ///     node.sourceRange(ofTextOffset: 7, length: 4, in: file)  // the `nmae` in "${user.nmae}"
    public func sourceRange(ofTextOffset start: Int, length: Int, in file: SourceFile) -> SourceRange {
        guard let scalar, range.path == file.path, range.end.offset <= file.bytes.count,
            range.start.offset <= range.end.offset
        else { return range }
        let map = ScalarSourceMap(scalar: scalar, range: range, bytes: file.bytes)
        let (low, high) = map.sourceOffsets(ofTextOffset: start, length: length)
        let lower = min(max(low, range.start.offset), range.end.offset)
        let upper = min(max(high, lower), range.end.offset)
        return SourceRange(path: file.path, start: file.location(ofOffset: lower), end: file.location(ofOffset: upper))
    }
}

/// Which file bytes produced which bytes of a scalar's text, found by walking both side by side.
struct ScalarSourceMap {
    /// A run of text bytes and the source bytes that produced them.
    struct Unit {
        var text: Int
        var textLength: Int
        var source: Int
        var sourceLength: Int
        /// True when the text bytes are the source bytes verbatim (so offsets inside map one to one).
        var isCopy: Bool
    }

    private(set) var units: [Unit] = []
    /// Where the scalar's content (after properties, the opening quote or the block header) starts.
    private(set) var contentStart: Int

    init(scalar: Scalar, range: SourceRange, bytes: [UInt8]) {
        let end = range.end.offset
        var cursor = range.start.offset
        Self.skipProperties(bytes, &cursor, end: end)
        var contentEnd = end
        var indent = 0
        switch scalar.style {
        case .plain:
            break
        case .singleQuoted, .doubleQuoted:
            if cursor < end, bytes[cursor] == 0x27 || bytes[cursor] == 0x22 { cursor += 1 }
            if contentEnd > cursor, bytes[contentEnd - 1] == 0x27 || bytes[contentEnd - 1] == 0x22 { contentEnd -= 1 }
        case .literal, .folded:
            while cursor < end, !Self.isBreak(bytes[cursor]) { cursor += 1 }
            cursor += Self.breakLength(bytes, at: cursor, end: end)
            indent = Self.blockIndent(bytes, from: cursor, end: end, text: scalar.text)
        }
        contentStart = cursor
        align(Array(scalar.text.utf8), style: scalar.style, bytes: bytes, end: contentEnd, indent: indent)
    }

    /// Source offsets `[low, high)` for a span of the text.
    func sourceOffsets(ofTextOffset start: Int, length: Int) -> (Int, Int) {
        let low = position(of: max(0, start), atEnd: false)
        guard length > 0 else { return (low, low) }
        return (low, max(low, position(of: start + length - 1, atEnd: true)))
    }

    /// The source offset of a text byte, or just after it when `atEnd`.
    private func position(of textOffset: Int, atEnd: Bool) -> Int {
        var low = 0
        var high = units.count - 1
        guard high >= 0 else { return contentStart }
        while low < high {
            let mid = (low + high + 1) / 2
            if units[mid].text <= textOffset { low = mid } else { high = mid - 1 }
        }
        let unit = units[low]
        if textOffset < unit.text { return unit.source }
        if textOffset >= unit.text + unit.textLength { return unit.source + unit.sourceLength }
        if !unit.isCopy { return atEnd ? unit.source + unit.sourceLength : unit.source }
        return unit.source + (textOffset - unit.text) + (atEnd ? 1 : 0)
    }

    private mutating func add(text: Int, textLength: Int, source: Int, sourceLength: Int, isCopy: Bool) {
        if isCopy, let last = units.last, last.isCopy, last.text + last.textLength == text,
            last.source + last.sourceLength == source
        {
            units[units.count - 1].textLength += textLength
            units[units.count - 1].sourceLength += sourceLength
            return
        }
        units.append(
            Unit(text: text, textLength: textLength, source: source, sourceLength: sourceLength, isCopy: isCopy))
    }

    /// Walks text and source together; stops at the first place they cannot be matched.
    private mutating func align(_ text: [UInt8], style: Scalar.Style, bytes: [UInt8], end: Int, indent: Int) {
        let isBlock = style == .literal || style == .folded
        var t = 0
        var s = contentStart
        if isBlock { Self.skipIndent(bytes, &s, end: end, indent: indent) }
        while t < text.count {
            guard s < end else {
                // Text the file does not show (a block scalar's final line break): no source of its own.
                if text[t] == 0x0A || text[t] == 0x20 {
                    add(text: t, textLength: 1, source: s, sourceLength: 0, isCopy: false)
                    t += 1
                    continue
                }
                return
            }
            let c = text[t]
            let b = bytes[s]
            if style == .doubleQuoted, b == 0x5C, s + 1 < end {
                if Self.isBreak(bytes[s + 1]) {
                    // An escaped line break produces nothing; the next line's indentation is dropped too.
                    s += 1 + Self.breakLength(bytes, at: s + 1, end: end)
                    while s < end, bytes[s] == 0x20 || bytes[s] == 0x09 { s += 1 }
                    continue
                }
                guard let (sourceLength, produced) = Self.escape(bytes, at: s, end: end) else { return }
                add(text: t, textLength: produced, source: s, sourceLength: sourceLength, isCopy: false)
                t += produced
                s += sourceLength
                continue
            }
            if style == .singleQuoted, b == 0x27, c == 0x27, s + 1 < end, bytes[s + 1] == 0x27 {
                add(text: t, textLength: 1, source: s, sourceLength: 2, isCopy: false)
                t += 1
                s += 2
                continue
            }
            if b == c, !Self.isBreak(b) {
                let width = SourceLocator.width(of: b)
                guard t + width <= text.count, s + width <= end else { return }
                add(text: t, textLength: width, source: s, sourceLength: width, isCopy: true)
                t += width
                s += width
                continue
            }
            if Self.isBreak(b) {
                let length = Self.breakLength(bytes, at: s, end: end)
                // A line break becomes a newline or a folding space in the text, or nothing (the first break
                // of a run of blank lines in folded text).
                if c == 0x0A || c == 0x20 {
                    add(text: t, textLength: 1, source: s, sourceLength: length, isCopy: false)
                    t += 1
                }
                s += length
                if isBlock {
                    Self.skipIndent(bytes, &s, end: end, indent: indent)
                } else {
                    while s < end, bytes[s] == 0x20 || bytes[s] == 0x09 { s += 1 }
                }
                continue
            }
            if b == 0x20 || b == 0x09 {
                // Whitespace the text dropped (trailing spaces before a fold).
                s += 1
                continue
            }
            if c == 0x0A || c == 0x20 {
                add(text: t, textLength: 1, source: s, sourceLength: 0, isCopy: false)
                t += 1
                continue
            }
            return
        }
    }
}
