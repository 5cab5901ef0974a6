import SegueExpression
import SegueMachine
import SegueRuntime

extension DefaultsService {
    /// The text under `key`, or a `ServiceError` with `code` when it is missing, null, empty or not text.
    ///
    ///     let id = try await defaults.requiredString(forKey: "MatimatikProfileID", missingCode: "missing_user_id")
    ///
    /// An integer is accepted and returned as its digits (ids are sometimes saved as numbers).
    public func requiredString(forKey key: String, missingCode code: String = "missing_value")
        async throws(ServiceError)
        -> String
    {
        switch await value(forKey: key) {
        case .string(let text) where !text.trimmingCharacters(in: .whitespaces).isEmpty:
            return text
        case .int(let number):
            return String(number)
        case nil, .null, .string:
            throw ServiceError(
                service: "defaults", code: code, message: "No value in the user defaults under \(key)",
                details: ["key": .string(key)])
        case let other?:
            throw ServiceError(
                service: "defaults", code: code,
                message: "The user defaults hold \(other.literal) under \(key), not text",
                details: ["key": .string(key)])
        }
    }
}
