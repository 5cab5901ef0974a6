import SegueExpression
import SegueMachine

/// Key-value settings that outlive the app (UserDefaults on Apple platforms).
public protocol DefaultsService: Sendable {
    func value(forKey key: String) async -> Value?
    func set(_ value: Value?, forKey key: String) async throws(ServiceError)
}
