import Foundation
import SegueDiagnostics
import SegueExpression
import SegueMachine
import SegueRuntime

/// Builds the HTTP request for one call: GET arguments in the query string; other methods as a form body, or as
/// `multipart/form-data` when an argument is a file (read from disk here).
public enum APIRequestEncoder {
    /// The endpoint's URL under `baseURL`: their paths joined with exactly one slash.
    public static func url(for endpoint: APIEndpoint, baseURL: URL) -> URL? {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        var path = endpoint.path
        while path.hasPrefix("/") { path.removeFirst() }
        return URL(string: path.isEmpty ? base : base + "/" + path)
    }

    /// The request, or a `ServiceError` when the URL cannot be formed (`bad_url`) or a file cannot be read (`01`).
    public static func request(
        for endpoint: APIEndpoint, arguments: [APIArgument], baseURL: URL, service: String = "api",
        boundary: String = "segue-" + UUID().uuidString
    ) throws(ServiceError) -> APIRequest {
        guard var url = url(for: endpoint, baseURL: baseURL) else {
            throw ServiceError(
                service: service, code: "bad_url",
                message: "Нельзя составить адрес из «\(baseURL.absoluteString)» и «\(endpoint.path)»",
                details: ["endpoint": .string(endpoint.name)])
        }
        if endpoint.method == .get, !arguments.isEmpty {
            let separator = url.absoluteString.contains("?") ? "&" : "?"
            url = URL(string: url.absoluteString + separator + formEncoded(arguments)) ?? url
        }
        var request = APIRequest(
            url: url, method: endpoint.method.rawValue, headers: ["Accept": "application/json"],
            timeout: endpoint.timeout)
        guard endpoint.method != .get else { return request }
        if arguments.contains(where: { $0.kind == .file }) {
            request.headers["Content-Type"] = "multipart/form-data; boundary=\(boundary)"
            request.body = try multipartBody(arguments, boundary: boundary, endpoint: endpoint, service: service)
        } else {
            request.headers["Content-Type"] = "application/x-www-form-urlencoded; charset=utf-8"
            request.body = Data(formEncoded(arguments).utf8)
        }
        return request
    }

    /// `name=value&…`, percent-encoding everything but RFC 3986's unreserved characters.
    public static func formEncoded(_ arguments: [APIArgument]) -> String {
        arguments.map { percentEncoded($0.name) + "=" + percentEncoded($0.text) }.joined(separator: "&")
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static func multipartBody(
        _ arguments: [APIArgument], boundary: String, endpoint: APIEndpoint, service: String
    ) throws(ServiceError) -> Data {
        var body = Data()
        for argument in arguments {
            body.append(Data("--\(boundary)\r\n".utf8))
            let name = argument.name.replacingOccurrences(of: "\"", with: "%22")
            if argument.kind == .file {
                let path = argument.text
                let contents: Data
                do {
                    // Never a FIFO, a device or a link, at most 16 MiB: only a regular file is sent.
                    contents = try SafeFile.read(path, limit: SafeFile.uploadLimit)
                } catch {
                    throw ServiceError(
                        service: service, code: WallOfHonorCode.missingInput.rawValue,
                        message: "Файл «\(path)» для параметра «\(argument.name)» не читается: \(error.reason)",
                        details: [
                            "endpoint": .string(endpoint.name), "parameter": .string(argument.name),
                            "rule": .string("file"),
                        ])
                }
                let filename = PathName.lastComponent(of: path).replacingOccurrences(of: "\"", with: "%22")
                body.append(Data("Content-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\n".utf8))
                body.append(Data("Content-Type: \(mediaType(ofFile: path))\r\n\r\n".utf8))
                body.append(contents)
            } else {
                body.append(Data("Content-Disposition: form-data; name=\"\(name)\"\r\n\r\n".utf8))
                body.append(Data(argument.text.utf8))
            }
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
    }

    /// The media type for a file, from its extension.
    static func mediaType(ofFile path: String) -> String {
        switch PathName.pathExtension(of: path).lowercased() {
        case "jpg", "jpeg": return "image/jpeg"
        case "png": return "image/png"
        case "heic": return "image/heic"
        case "gif": return "image/gif"
        default: return "application/octet-stream"
        }
    }
}
