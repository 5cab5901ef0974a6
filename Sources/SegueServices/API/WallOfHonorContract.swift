import SegueExpression
import SegueRuntime

/// The seed's wall-of-honor REST API as four `APIEndpoint` values: what `HTTPAPIService` sends and `LocalBoard`
/// answers.
///
///     let outcome = await service.call(WallOfHonorContract.listEntries, arguments: ["count": .int(6)])
///
/// Paths are the stub server's (`/board/list`, …); the seed leaves the real addresses open, so a flow may declare
/// other paths with the same parameters.
public enum WallOfHonorContract {
    /// Every code any endpoint may answer (seed requirement D16).
    public static let codes: [APIEndpoint.Code] = WallOfHonorCode.allCases.map(\.tableEntry)

    /// The largest page `list_entries` returns (seed requirement D18).
    public static let maximumPageSize = 100
    public static let defaultPageSize = 50

    /// `list_entries`: the board, newest first; `Data` is a list of entry records, `[]` for code `00`.
    public static let listEntries = APIEndpoint(
        name: "list_entries", method: .get, path: "/board/list",
        parameters: [
            .init(name: "offset", kind: .int, minimum: 0, defaultValue: .int(0)),
            .init(name: "count", kind: .int, minimum: 1, maximum: maximumPageSize, defaultValue: .int(defaultPageSize)),
        ],
        codes: codes, timeout: 15, emptyResult: .list([]))

    /// `upload_photo`: a multipart upload; `Data` is the new photo's id, a string.
    public static let uploadPhoto = APIEndpoint(
        name: "upload_photo", method: .post, path: "/board/photo",
        parameters: [
            .init(name: "user_id", kind: .string, required: true),
            .init(name: "photo_file", kind: .file, required: true),
        ],
        codes: codes, timeout: 60)

    /// `add_entry`: puts the user's entry on the board; `Data` is the entry record.
    public static let addEntry = APIEndpoint(
        name: "add_entry", method: .post, path: "/board/add",
        parameters: [
            .init(name: "user_id", kind: .string, required: true),
            .init(name: "name", kind: .string, required: true, maxLength: 100),
            .init(name: "surname", kind: .string, required: true, maxLength: 100),
            .init(name: "text", kind: .string, maxLength: 550),
            .init(name: "url", kind: .string, maxLength: 500),
            .init(name: "buy_package", kind: .string, required: true, maxLength: 100),
            .init(name: "photo_id", kind: .string, maxLength: 100),
        ],
        codes: codes, timeout: 15)

    /// `remove_entry`: takes the user's entry off the board; `Data` is the removed entry, null (code `00`) when there
    /// was none.
    public static let removeEntry = APIEndpoint(
        name: "remove_entry", method: .post, path: "/board/remove",
        parameters: [.init(name: "user_id", kind: .string, required: true)],
        codes: codes, timeout: 15)

    public static let endpoints: [APIEndpoint] = [listEntries, uploadPhoto, addEntry, removeEntry]

    /// The contract's endpoint with this operation name, or nil.
    public static func endpoint(named name: String) -> APIEndpoint? {
        endpoints.first { $0.name == name }
    }
}
