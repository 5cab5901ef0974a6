/// The status codes the server answers with, and their reason phrases.
public enum HTTPStatus: Int, Sendable {
    case ok = 200
    case seeOther = 303
    case badRequest = 400
    case forbidden = 403
    case notFound = 404
    case methodNotAllowed = 405
    case requestTimeout = 408
    case conflict = 409
    case lengthRequired = 411
    case payloadTooLarge = 413
    case uriTooLong = 414
    case unsupportedMediaType = 415
    case unprocessable = 422
    case headersTooLarge = 431
    case internalError = 500
    case notImplemented = 501
    case unavailable = 503
    case versionNotSupported = 505

    public var reason: String {
        switch self {
        case .ok: "OK"
        case .seeOther: "See Other"
        case .badRequest: "Bad Request"
        case .forbidden: "Forbidden"
        case .notFound: "Not Found"
        case .methodNotAllowed: "Method Not Allowed"
        case .requestTimeout: "Request Timeout"
        case .conflict: "Conflict"
        case .lengthRequired: "Length Required"
        case .payloadTooLarge: "Payload Too Large"
        case .uriTooLong: "URI Too Long"
        case .unsupportedMediaType: "Unsupported Media Type"
        case .unprocessable: "Unprocessable Content"
        case .headersTooLarge: "Request Header Fields Too Large"
        case .internalError: "Internal Server Error"
        case .notImplemented: "Not Implemented"
        case .unavailable: "Service Unavailable"
        case .versionNotSupported: "HTTP Version Not Supported"
        }
    }
}
