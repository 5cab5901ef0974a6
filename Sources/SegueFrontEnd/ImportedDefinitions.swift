import SegueModel

/// What a flow takes from the files it imports: components, record types and event declarations.
public struct ImportedDefinitions: Sendable {
    public var components: [Component]
    public var types: [RecordTypeDeclaration]
    public var events: [EventDeclaration]

    public init(components: [Component] = [], types: [RecordTypeDeclaration] = [], events: [EventDeclaration] = []) {
        self.components = components
        self.types = types
        self.events = events
    }
}
