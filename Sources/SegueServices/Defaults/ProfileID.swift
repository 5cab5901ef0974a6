import SegueExpression
import SegueMachine
import SegueRuntime

/// The user's id for the donations API, kept in the user defaults under `MatimatikProfileID` (requirement D17).
///
///     let userID = try await ProfileID.read(from: defaults)   // or ServiceError code "missing_user_id"
public enum ProfileID {
    /// The defaults key the seed app uses.
    public static let key = "MatimatikProfileID"
    /// The id demos and tests use when none is set.
    public static let testUserID = "segue-test-user"

    /// The id under `key`; a missing one is a `ServiceError` with code `missing_user_id`.
    public static func read(from defaults: any DefaultsService, key: String = key) async throws(ServiceError) -> String
    {
        try await defaults.requiredString(forKey: key, missingCode: "missing_user_id")
    }

    /// Sets the test id when the defaults have no usable id yet, and returns the id now in effect.
    @discardableResult
    public static func seedForDemo(_ defaults: any DefaultsService, id: String = testUserID, key: String = key)
        async throws(ServiceError) -> String
    {
        if let existing = try? await read(from: defaults, key: key) { return existing }
        try await defaults.set(.string(id), forKey: key)
        return id
    }
}
