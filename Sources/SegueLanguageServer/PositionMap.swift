import SegueDiagnostics
import SegueJSON

/// Converts between the protocol's positions (0-based line, UTF-16 code units) and Segue's source locations
/// (1-based line, Unicode-scalar columns, byte offsets) for one file.
struct PositionMap {
    let file: SourceFile

    /// `{ line, character }` of a location.
    func position(_ location: SourceLocation) -> JSON {
        let line = max(location.line, 1)
        let text = file.lineText(line)
        let prefix = text.unicodeScalars.prefix(max(location.column - 1, 0))
        let character = prefix.reduce(0) { $0 + $1.utf16.count }
        return ["line": JSON(line - 1), "character": JSON(character)]
    }

    /// `{ start, end }` of a range in this file.
    func range(_ range: SourceRange) -> JSON {
        ["start": position(range.start), "end": position(range.end)]
    }

    /// The byte offset of a protocol position (clamped to the line and the file).
    func offset(_ position: JSON?) -> Int {
        let line = (position?["line"]?.int ?? 0) + 1
        let character = position?["character"]?.int ?? 0
        guard line <= file.lineStarts.count else { return file.bytes.count }
        var units = 0
        var column = 1
        for scalar in file.lineText(line).unicodeScalars {
            if units + scalar.utf16.count > character { break }
            units += scalar.utf16.count
            column += 1
        }
        return file.offset(line: line, column: column)
    }

    /// The location of a protocol position.
    func location(_ position: JSON?) -> SourceLocation { file.location(ofOffset: offset(position)) }
}
