import SegueDiagnostics

/// A form field: its kind, placeholder and rules, checked as the user types and on submit.
///
///     - field: name
///       placeholder: Имя
///       rules: [required, single_word, { max_length: 100 }]
public struct FormField: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case text
        case multiline
        case url
        case photo
    }

    public var kind: Kind
    public var placeholder: ExpressionText?
    public var label: ExpressionText?
    public var rules: [FieldRule]
    /// For `multiline`: the height it starts at and whether it grows with its text (D13).
    public var multiline: MultilineOptions?
    /// For `photo`: how the user frames the picture (D14).
    public var crop: CropOptions?
    /// The initial value.
    public var initial: ExpressionText?
    /// `samples:`: texts `segue check` types besides the ones it derives (docs/check.md, "Form values").
    public var samples: [String] = []
    /// `change:`: run after every edit, with `event.value` the new text.
    public var change: [Action]?
    /// `submit:`: run when return is pressed in a single-line field, with `event.value` its text.
    public var submit: [Action]?
}

public struct MultilineOptions: Sendable {
    public var minLines: Int
    public var grows: Bool
    public var maxLines: Int?
}

/// Pan and pinch-zoom inside a fixed frame; never rotation.
public struct CropOptions: Sendable {
    /// Width / height of the crop frame.
    public var aspect: Double
    public var minZoom: Double
    public var maxZoom: Double
    public var rotation: Bool
    /// The longer side of the uploaded image, in pixels.
    public var maxSide: Int
}

/// A rule a field's value must satisfy, with an optional custom message.
public struct FieldRule: Sendable {
    public enum Kind: Sendable {
        case required
        /// Exactly one word: letters, with a hyphen or apostrophe inside; no spaces.
        case singleWord
        /// An absolute http or https URL with a host.
        case url
        /// In Characters (an emoji counts one).
        case maxLength(Int)
        case minLength(Int)
        case pattern(String)
    }

    public var kind: Kind
    public var message: String?
    public var range: SourceRange

    public var keyword: String {
        switch kind {
        case .required: "required"
        case .singleWord: "single_word"
        case .url: "url"
        case .maxLength: "max_length"
        case .minLength: "min_length"
        case .pattern: "pattern"
        }
    }
}
