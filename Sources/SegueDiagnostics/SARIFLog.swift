/// A SARIF 2.1.0 log (the subset Segue writes), encoded with the property names the standard uses.
///
/// GitHub code scanning reads it: rules are diagnostic codes, results carry regions, fixes carry fix-its.
public struct SARIFLog: Sendable, Encodable {
    public static let schemaURI =
        "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    public var version = "2.1.0"
    public var runs: [Run]

    private enum CodingKeys: String, CodingKey {
        case schema = "$schema"
        case version
        case runs
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.schemaURI, forKey: .schema)
        try container.encode(version, forKey: .version)
        try container.encode(runs, forKey: .runs)
    }

    /// One run of one tool.
    public struct Run: Sendable, Encodable {
        public var tool: Tool
        /// Segue counts columns in Unicode scalars, not SARIF's default UTF-16 code units.
        public var columnKind = "unicodeCodePoints"
        public var results: [Result]
        /// Diagnostics with no place in a file, which a result (needing a location for code scanning) cannot hold.
        public var invocations: [Invocation]?
    }

    public struct Invocation: Sendable, Encodable {
        public var executionSuccessful: Bool
        public var toolExecutionNotifications: [Notification]
    }

    /// A diagnostic about the run rather than a place (`descriptor` names its code's rule).
    public struct Notification: Sendable, Encodable {
        public var descriptor: RuleReference
        public var level: String
        public var message: Message
    }

    public struct RuleReference: Sendable, Encodable {
        public var id: String
        public var index: Int
    }

    public struct Tool: Sendable, Encodable {
        public var driver: Driver
    }

    public struct Driver: Sendable, Encodable {
        public var name: String
        public var version: String
        public var informationUri: String?
        public var rules: [Rule]
    }

    /// A diagnostic code (SARIF's `reportingDescriptor`).
    public struct Rule: Sendable, Encodable {
        public var id: String
        public var shortDescription: Message
        public var fullDescription: Message
        public var help: Help
        public var helpUri: String?
    }

    public struct Help: Sendable, Encodable {
        public var text: String
        public var markdown: String
    }

    public struct Message: Sendable, Encodable {
        public var text: String
    }

    public struct Result: Sendable, Encodable {
        public var ruleId: String
        public var ruleIndex: Int
        /// `error`, `warning` or `note`: Segue's severities are SARIF's levels.
        public var level: String
        public var message: Message
        public var locations: [Location]
        public var relatedLocations: [Location]?
        public var fixes: [Fix]?
    }

    public struct Location: Sendable, Encodable {
        public var id: Int?
        public var physicalLocation: PhysicalLocation
        public var message: Message?
    }

    public struct PhysicalLocation: Sendable, Encodable {
        public var artifactLocation: ArtifactLocation
        public var region: Region?
    }

    public struct ArtifactLocation: Sendable, Encodable {
        public var uri: String
    }

    /// 1-based lines and columns (`endColumn` is the column after the last character) and the bytes, as in files.
    public struct Region: Sendable, Encodable {
        public var startLine: Int
        public var startColumn: Int
        public var endLine: Int
        public var endColumn: Int
        public var byteOffset: Int
        public var byteLength: Int
    }

    public struct Fix: Sendable, Encodable {
        public var description: Message
        public var artifactChanges: [ArtifactChange]
    }

    public struct ArtifactChange: Sendable, Encodable {
        public var artifactLocation: ArtifactLocation
        public var replacements: [Replacement]
    }

    public struct Replacement: Sendable, Encodable {
        public var deletedRegion: Region
        public var insertedContent: Message
    }
}
