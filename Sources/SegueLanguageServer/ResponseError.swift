import SegueJSON

/// A JSON-RPC error a request is answered with: the protocol's codes and a message for the editor's log.
struct ResponseError: Error, Equatable {
    var code: Int
    var message: String

    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602
    static let internalError = -32603
    static let serverNotInitialized = -32002
    static let requestCancelled = -32800

    static func invalidParams(_ message: String) -> ResponseError {
        ResponseError(code: invalidParams, message: message)
    }

    var json: JSON { ["code": JSON(code), "message": .string(message)] }
}

/// The messages the server sends: responses to requests and notifications of its own.
enum Message {
    static func response(id: JSON, result: JSON) -> JSON { ["jsonrpc": "2.0", "id": id, "result": result] }

    static func response(id: JSON, error: ResponseError) -> JSON {
        ["jsonrpc": "2.0", "id": id, "error": error.json]
    }

    static func notification(_ method: String, _ params: JSON) -> JSON {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }
}
