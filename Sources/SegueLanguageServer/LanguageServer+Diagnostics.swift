import SegueDiagnostics
import SegueJSON

extension LanguageServer {
    /// What the server can do, answered to `initialize`: full text sync and every request it handles.
    static let initializeResult: JSON = [
        "capabilities": [
            "positionEncoding": "utf-16",
            "textDocumentSync": ["openClose": true, "change": 1, "save": false],
            "completionProvider": ["triggerCharacters": [":", " ", "."], "resolveProvider": false],
            "hoverProvider": true,
            "definitionProvider": true,
            "referencesProvider": true,
            "renameProvider": ["prepareProvider": true],
            "documentSymbolProvider": true,
            "codeActionProvider": ["codeActionKinds": ["quickfix"]],
        ],
        "serverInfo": ["name": "segue", "version": "1"],
    ]

    /// A Segue diagnostic as the protocol shows it; notes with a place become related information.
    static func lspDiagnostic(_ diagnostic: Diagnostic, in file: SourceFile?, sources: [String: SourceFile]) -> JSON {
        let severity: Int =
            switch diagnostic.severity {
            case .error: 1
            case .warning: 2
            case .note: 3
            }
        var message = diagnostic.message
        var related: [JSON] = []
        for note in diagnostic.notes {
            if let range = note.range, range != .synthesized, let noteFile = sources[range.path] {
                related.append([
                    "location": [
                        "uri": .string(DocumentURI.uri(of: range.path)),
                        "range": PositionMap(file: noteFile).range(range),
                    ],
                    "message": .string(note.message),
                ])
            } else {
                message += "\nnote: \(note.message)"
            }
        }
        let range: JSON =
            file.map { PositionMap(file: $0).range(diagnostic.range) } ?? [
                "start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0],
            ]
        var result: [String: JSON] = [
            "range": range, "severity": JSON(severity), "code": .string(diagnostic.code), "source": "segue",
            "message": .string(message),
        ]
        if !related.isEmpty { result["relatedInformation"] = .array(related) }
        return .object(result)
    }
}
