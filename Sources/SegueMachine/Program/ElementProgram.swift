import SegueModel

/// One element, with its expressions compiled: what every kind has (name, visibility, style, taps), and in `body`
/// what only its kind has. List items and component uses carry their own elements.
public struct ElementProgram: Sendable {
    /// The kind of an element without its payload, as views, refusals and the REPL name it.
    public enum Kind: String, Sendable, Hashable, Codable {
        case text, image, button, field, list, slider, picker, lines, meter, progress, component
    }

    /// What only the element's kind has, one payload per kind of the language's `Element.Kind`. Indirect: an
    /// element is copied on every input the machine resolves (`Runner.target`), and a boxed payload copies as one
    /// reference instead of the payload's bytes and each of its references.
    public indirect enum Body: Sendable {
        case text(TextProgram)
        case image(ImageProgram)
        case button(ButtonProgram)
        case field(FieldElementProgram)
        case list(ListProgram)
        case slider(SliderProgram)
        case picker(PickerProgram)
        case lines(LinesProgram)
        case meter(MeterProgram)
        case progress(ProgressProgram)
        case component(ComponentProgram)
    }

    public var name: String
    public var body: Body
    public var visible: Int?
    public var enabled: Int?
    public var style: Int?
    public var anchor: String?
    /// The actions a tap runs; a slider's, picker's or field's `change:` actions.
    public var tap: Int?

    public var kind: Kind {
        switch body {
        case .text: .text
        case .image: .image
        case .button: .button
        case .field: .field
        case .list: .list
        case .slider: .slider
        case .picker: .picker
        case .lines: .lines
        case .meter: .meter
        case .progress: .progress
        case .component: .component
        }
    }

    /// The expression whose value the element shows as its text: a text's text, an image's source, a button's
    /// label, a slider's or picker's value, a meter's level, a progress bar's value; nil for the other kinds.
    public var content: Int? {
        switch body {
        case .text(let text): text.value
        case .image(let image): image.source
        case .button(let button): button.label
        case .slider(let slider): slider.value
        case .picker(let picker): picker.selected
        case .meter(let meter): meter.level
        case .progress(let progress): progress.value
        case .field, .list, .lines, .component: nil
        }
    }

    /// The items a list or a script's lines show.
    public var list: ListProgram? {
        switch body {
        case .list(let list): list
        case .lines(let lines): lines.list
        case .text, .image, .button, .field, .slider, .picker, .meter, .progress, .component: nil
        }
    }

    /// For `lines`: the elements after the end marker (the share button, P13); a path with a part and no item
    /// addresses them.
    public var footer: [ElementProgram] {
        switch body {
        case .lines(let lines): lines.footer
        case .text, .image, .button, .field, .list, .slider, .picker, .meter, .progress, .component: []
        }
    }

    /// For a component use: its arguments and elements.
    public var component: ComponentProgram? {
        switch body {
        case .component(let use): use
        case .text, .image, .button, .field, .list, .slider, .picker, .lines, .meter, .progress: nil
        }
    }

    /// The component whose elements a path's part addresses: a list's or a script's item, or a component use.
    public var parts: ComponentProgram? { list?.item ?? component }

    /// For `field`: its index in the screen's form.
    public var field: Int? {
        if case .field(let field) = body { field.form } else { nil }
    }

    /// For `field`: the actions return runs (`submit:`); nil for other kinds and a field without them.
    public var submit: Int? {
        if case .field(let field) = body { field.submit } else { nil }
    }

    /// A submit button: enabled only when the whole form is valid.
    public var submits: Bool {
        if case .button(let button) = body { button.submits } else { false }
    }

    /// A slider's bounds, the domain of its `change`.
    public var bounds: ClosedRange<Double>? {
        if case .slider(let slider) = body { slider.bounds } else { nil }
    }
}

/// A text: its value, and how it is laid out.
public struct TextProgram: Sendable {
    public var value: Int
    public var maxLines: Int?
    /// The width it is measured in, when it names one.
    public var width: Int?
    /// Its style in the device's type scale (`headline`, `body`).
    public var font: String?
}

/// An image: its source, and the symbol drawn while the source is empty or cannot be loaded
/// (`person.crop.circle`).
public struct ImageProgram: Sendable {
    public var source: Int
    public var placeholder: String?
}

/// A button: its label and icon (`play.fill`), and whether it submits the form.
public struct ButtonProgram: Sendable {
    public var label: Int
    /// A submit button: enabled only when the whole form is valid.
    public var submits: Bool
    public var icon: Int?
}

/// A slider: its value and the bounds it moves between (the domain of its `change`).
public struct SliderProgram: Sendable {
    public var value: Int
    public var bounds: ClosedRange<Double>
    /// The text shown with it (`label:`), a template.
    public var label: Int?
}

/// A picker: the selected option and the options expression.
public struct PickerProgram: Sendable {
    public var selected: Int
    public var options: Int
    /// The text shown with it (`label:`), a template.
    public var label: Int?
}

/// A script's lines: the items, and the elements after the end marker (the share button, P13).
public struct LinesProgram: Sendable {
    /// The lines, drawn by the item component (one without elements when none is named), the end marker as
    /// `empty`.
    public var list: ListProgram
    public var footer: [ElementProgram]
}

/// A level meter: its level (0…1) and how many bars it is drawn with.
public struct MeterProgram: Sendable {
    public var level: Int
    public var bars: Int
}

/// A progress bar: its value (a fraction 0…1) and the text shown beside the bar.
public struct ProgressProgram: Sendable {
    public var value: Int
    public var label: Int?
}

/// A field element: where it is in the form, and what return does in it.
public struct FieldElementProgram: Sendable {
    /// Its index in the screen's form (`ScreenProgram.fields`); nil for a field inside a component, a list item or
    /// a footer, which is not part of the form.
    public var form: Int?
    /// Its `submit:` actions, run with `event.value` its text when return is pressed (a single-line field).
    public var submit: Int?
}

/// A list or collection: items, the component each item is drawn by, paging.
public struct ListProgram: Sendable {
    public var items: Int
    public var item: ComponentProgram
    public var layout: String?
    public var columns: Int?
    public var cellWidth: Int?
    public var cellHeight: Int?
    public var pageSize: Int?
    public var nearEnd: Int?
    public var hasMore: Int?
    /// A list's `empty` text, or a script's `end_marker`.
    public var empty: Int?
}

/// A component used in a place: argument expressions (evaluated where it is used) and its elements.
public struct ComponentProgram: Sendable {
    public var name: String
    public var arguments: [(name: String, value: Int)]
    public var elements: [ElementProgram]
    /// Its named values, an index into `Program.componentLets`; nil when it declares none.
    public var lets: Int? = nil
}

/// A form field with its rules.
public struct FieldProgram: Sendable {
    public var name: String
    public var element: Int
    public var kind: FormField.Kind
    public var placeholder: Int?
    public var label: Int?
    public var initial: Int?
    public var rules: [FieldRuleProgram]
    public var minLines: Int?
    public var grows: Bool
    /// For a multiline field that grows: the most lines it grows to.
    public var maxLines: Int? = nil
    /// For a photo field: the frame the user pans and zooms the picture in.
    public var crop: CropFrame? = nil
    /// The field's `samples:`, texts `segue check` types besides those it derives.
    public var samples: [String] = []
}

/// A compiled field rule: what it checks and the message shown when it fails.
public struct FieldRuleProgram: Sendable, Hashable {
    public enum Check: Sendable, Hashable {
        case required
        case singleWord
        case url
        case maxLength(Int)
        case minLength(Int)
        case pattern(String)
    }

    public var check: Check
    /// The flow's own message for the rule; nil: the catalog's (`FieldValidator.defaultMessage`).
    public var message: String?

    public init(check: Check, message: String? = nil) {
        self.check = check
        self.message = message
    }
}
