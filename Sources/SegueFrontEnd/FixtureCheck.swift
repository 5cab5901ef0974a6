import Foundation
import SegueDiagnostics
import SegueModel

/// The fixture files a flow's services name (StoreKit configuration, sample photo, recording input) exist and can
/// be read, relative to the flow file; a missing one is `C004` at its key, before anything runs.
enum FixtureCheck {
    /// What each service kind's fixture is, for the message.
    static let purposes: [ServiceDeclaration.Kind: String] = [
        .store: "StoreKit configuration", .photos: "sample photo", .audio: "recording input",
    ]

    static func diagnostics(_ flow: Flow) -> [Diagnostic] {
        flow.services.compactMap { service in
            guard let fixture = service.fixture else { return nil }
            let purpose = purposes[service.kind] ?? "file"
            let problem: String
            switch FrontEnd.readableFile(fixture.resolved) {
            case .success: return nil
            case .failure(let failure): problem = failure.reason
            }
            return .error(
                FrontEndCode.unreadableFixture,
                "the \(purpose) `\(fixture.text)` of service `\(service.name.text)` cannot be read: \(problem)",
                at: fixture.range,
                notes: [DiagnosticNote("fixture paths are relative to the flow file: `\(fixture.resolved)`")])
        }
    }
}
