import SegueModel

/// An alert a screen shows, drawn as a note beside it.
public struct AlertNote: Sendable, Hashable {
    public var screen: String
    public var image: AlertSpec.Image
    public var title: String
    public var message: String?
    /// When it shows, in the same words as transition labels.
    public var label: String

    public init(screen: String, image: AlertSpec.Image, title: String, message: String?, label: String) {
        self.screen = screen
        self.image = image
        self.title = title
        self.message = message
        self.label = label
    }
}
