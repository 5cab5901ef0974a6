extension Vocabulary {
    static let componentUse = KeyType.either([.name, .object(.componentUse)])
    static let assignments = KeyType.mapping(of: .expression)

    /// The keys every element kind takes after its own.
    public static let anchors = ["top", "bottom"]

    static let commonElementKeys: [KeySpec] = [
        KeySpec("visible", .expression, default: "true", doc: "shown only while this holds", example: "\"n > 0\""),
        KeySpec("enabled", .expression, default: "true", doc: "acted on only while this holds", example: "true"),
        KeySpec("style", .template, doc: "a style of `theme.styles`", example: "primary"),
        KeySpec("anchor", .oneOf(anchors), doc: "pinned to the screen's top or bottom", example: "bottom"),
        KeySpec("tap", .actions, doc: "run when tapped", example: "[dismiss]"),
    ]

    /// Element kinds in the order the docs list them, each with its own keys (before the common ones).
    static let elementKindTable: [(kind: KindSpec, keys: [KeySpec], oneRequired: [String])] = [
        (
            KindSpec(
                "text", place: .element("text"), doc: "a label",
                example: "`- { text: greeting, value: \"Hi, ${name}\" }`"),
            [
                KeySpec("value", .template, required: true, doc: "the text shown", example: "\"Hi, ${name}\""),
                KeySpec("max_lines", .wholeNumber(minimum: 1), doc: "lines shown before truncating", example: "2"),
                KeySpec("width", .expression, doc: "points available, for line counts", example: "300"),
                KeySpec("font", .name, doc: "a font of the device's type scale", example: "body"),
            ], []
        ),
        (
            KindSpec(
                "image", place: .element("image"), doc: "a picture",
                example: "`- { image: photo, source: \"${entry.image}\" }`"),
            [
                KeySpec(
                    "source", .template, required: true, doc: "a URL, file path or asset name", example: "logo.png"),
                KeySpec("placeholder", .string, doc: "shown while loading or on failure", example: "photo"),
            ], []
        ),
        (
            KindSpec(
                "button", place: .element("button"), doc: "a tappable button",
                example: "`- { button: save, label: Save, tap: [dismiss] }`"),
            [
                KeySpec("label", .template, doc: "its title (a button needs `label` or `icon`)", example: "Save"),
                KeySpec("icon", .template, doc: "an icon name", example: "heart"),
                KeySpec(
                    "submits", .bool, default: "false",
                    doc: "the form's submit button: enabled when its fields are valid",
                    example: "true"),
            ], ["label", "icon"]
        ),
        (
            KindSpec(
                "field", place: .element("field"), doc: "a form field",
                example: "`- { field: name, placeholder: Name, rules: [required] }`"),
            [
                KeySpec(
                    "kind", .oneOf(FormField.Kind.allCases.map(\.rawValue)), default: "text", doc: "what is entered",
                    example: "text"),
                KeySpec("placeholder", .template, doc: "shown while empty", example: "Your name"),
                KeySpec("label", .template, doc: "shown above the field", example: "Name"),
                KeySpec("initial", .expression, doc: "the value when the screen opens", example: "\"donor.name\""),
                KeySpec(
                    "rules", .list(of: rule), doc: "validation rules (below)", example: "[required, { max_length: 50 }]"
                ),
                KeySpec(
                    "samples", .list(of: .string),
                    doc: "texts `segue check` types into the field besides those its rules and comparisons suggest",
                    example: "[\"27.03.2014\", \"31.02.2014\"]"),
                KeySpec(
                    "change", .actions, doc: "run after every edit; `event.value` is the new text",
                    example: "[{ set: { celsius: \"parse_number(event.value) ?? celsius\" } }]"),
                KeySpec(
                    "submit", .actions, doc: "run when return is pressed in the field; `event.value` is its text",
                    example: "[{ send: search, with: { query: event.value } }]"
                )
                .excluding(
                    [KeyRequirement("kind", "multiline"), KeyRequirement("kind", "photo")],
                    because: "return adds a line to a multiline field, and a photo field has no keyboard"),
                KeySpec(
                    "multiline", .object(.multiline), doc: "line counts of a multiline field",
                    example: "{ min_lines: 1, grows: true }"
                ).needing(KeyRequirement("kind", "multiline")),
                KeySpec(
                    "crop", .object(.crop), doc: "how a picked photo is cropped", example: "{ aspect: 1, max_zoom: 4 }"
                ).needing(KeyRequirement("kind", "photo")),
            ], []
        ),
        (
            KindSpec(
                "list", place: .element("list"), doc: "a list of rows or cells",
                example: "`- { list: entries, items: entries, item: entry_row }`"),
            [
                KeySpec("items", .expression, required: true, doc: "the list shown", example: "entries"),
                KeySpec(
                    "item", componentUse, required: true, doc: "the component drawn for each `item`",
                    example: "entry_row"
                ).naming(.component),
                KeySpec(
                    "layout", .oneOf(layoutStyles), default: "table", doc: "how rows or cells are arranged",
                    example: "collection"),
                KeySpec("columns", .expression, doc: "cells per row of a collection", example: "2"),
                KeySpec("cell_width", .expression, doc: "a cell's width in points", example: "160"),
                KeySpec("cell_height", .expression, doc: "a cell's height in points", example: "200"),
                KeySpec(
                    "paging", .object(.paging), doc: "load more near the end", example: "{ size: 20, near_end: more }"),
                KeySpec("empty", .template, doc: "shown when there are no items", example: "Nothing yet"),
            ], []
        ),
        (
            KindSpec(
                "slider", place: .element("slider"), doc: "a continuous value",
                example: "`- { slider: volume, value: volume, change: [{ set: { volume: event.value } }] }`"),
            [
                KeySpec("value", .expression, required: true, doc: "the value shown", example: "volume"),
                KeySpec("min", .number(atLeast: nil, above: nil), default: "0", doc: "the lowest value", example: "0"),
                KeySpec(
                    "max", .number(atLeast: nil, above: nil), default: "1", doc: "the highest value (above `min`)",
                    example: "1"),
                KeySpec(
                    "change", .actions, doc: "run on every change; `event.value` is the new value",
                    example: "[{ set: { volume: event.value } }]"
                )
                .excluding(["tap"], because: "a slider runs `change:` when moved; put the actions in `change:`"),
                KeySpec("label", .template, doc: "shown beside it", example: "Volume"),
            ], []
        ),
        (
            KindSpec(
                "picker", place: .element("picker"), doc: "one of several options",
                example: "`- { picker: size, options: sizes, selected: size }`"),
            [
                KeySpec(
                    "options", .either([.expression, .list(of: .any)]), required: true,
                    doc: "the list of options: an expression, or a YAML list of them", example: "[S, M, L]"),
                KeySpec("selected", .expression, required: true, doc: "the option shown selected", example: "size"),
                KeySpec(
                    "change", .actions, doc: "run on every change; `event.value` is the option",
                    example: "[{ set: { size: event.value } }]"
                )
                .excluding(
                    ["tap"], because: "a picker runs `change:` when an option is picked; put the actions in `change:`"),
                KeySpec("label", .template, doc: "shown beside it", example: "Size"),
            ], []
        ),
        (
            KindSpec(
                "lines", place: .element("lines"), doc: "a script's lines, for playback and recording",
                example: "`- { lines: script, items: lines, item: line_row }`"),
            [
                KeySpec("items", .expression, required: true, doc: "the lines", example: "lines"),
                KeySpec("item", componentUse, doc: "the component drawn for each `line`", example: "line_row")
                    .naming(.component),
                KeySpec("end_marker", .template, doc: "shown after the last line", example: "The end"),
                KeySpec(
                    "footer", .elements, doc: "elements after the end", example: "[{ button: again, label: Again }]"),
            ], []
        ),
        (
            KindSpec(
                "meter", place: .element("meter"), doc: "a level meter drawn as bars",
                example: "`- { meter: input, level: level }`"),
            [
                KeySpec("level", .expression, required: true, doc: "the level, 0…1", example: "level"),
                KeySpec("bars", .wholeNumber(minimum: 1), default: "5", doc: "how many bars", example: "5"),
            ], []
        ),
        (
            KindSpec(
                "progress", place: .element("progress"),
                doc: "a linear gauge: a bar filled to a fraction 0…1 (not the audio `meter`'s dB scale)",
                example: "`- { progress: elapsed, value: \"elapsed / duration\" }`"),
            [
                KeySpec(
                    "value", .expression, required: true,
                    doc: "the fraction filled, 0…1 (below 0 is drawn empty, above 1 full)", example: "\"done / total\""),
                KeySpec("label", .template, doc: "shown beside the bar", example: "Elapsed time"),
            ], []
        ),
        (
            KindSpec(
                "use", place: .element("use"), doc: "a component's elements in place",
                example: "`- { use: card, with: { entry: item } }`"),
            [
                KeySpec("with", assignments, doc: "the component's arguments", example: "{ entry: item }")
                    .naming(.parameter),
                KeySpec("id", .name, doc: "the id of this use (default: the component's name)", example: "first_card"),
            ], []
        ),
    ]

    static let elementPlaces: [PlaceSpec] = elementKindTable.map { entry in
        // An element's id declares it; a use's names the component it shows.
        var head = KeySpec(
            entry.kind.name, .name, required: true,
            doc: entry.kind.name == "use" ? "the component's name" : "the element's id", example: "sample")
        if entry.kind.name == "use" { head = head.naming(.component) }
        if entry.kind.name == "field" {
            // Tapping into a field only focuses it; a `tap:` there ran on every edit (the compiler took it for
            // `change:`), so it is refused with where the actions belong.
            head = head.excluding(
                ["tap"], because: "a field runs `change:` when edited and `submit:` on return; put the actions there")
        }
        var spec = PlaceSpec(
            entry.kind.place, title: "a `\(entry.kind.name)` element", doc: entry.kind.doc,
            keys: [head] + entry.keys + commonElementKeys)
        spec.oneRequired = entry.oneRequired
        return spec
    }

    static let elementPartPlaces: [PlaceSpec] = [
        PlaceSpec(
            .componentUse, title: "a component use", doc: "a component with arguments",
            keys: [
                KeySpec("use", .name, required: true, doc: "the component", example: "entry_row").naming(.component),
                KeySpec("with", assignments, doc: "its arguments", example: "{ entry: item }").naming(.parameter),
            ]),
        PlaceSpec(
            .paging, title: "`paging`", doc: "a list that loads more near its end",
            keys: [
                KeySpec("size", .wholeNumber(minimum: 1), required: true, doc: "items per page", example: "20"),
                KeySpec("near_end", .name, required: true, doc: "the event sent near the end", example: "more")
                    .naming(.event),
                KeySpec("has_more", .expression, doc: "whether another page exists", example: "has_more"),
            ]),
        PlaceSpec(
            .multiline, title: "`multiline`", doc: "line counts of a multiline field",
            keys: [
                KeySpec(
                    "min_lines", .wholeNumber(minimum: 1), default: "1", doc: "lines shown when empty", example: "2"),
                KeySpec("grows", .bool, default: "true", doc: "grows with its text", example: "true"),
                KeySpec("max_lines", .wholeNumber(minimum: 1), doc: "where it stops growing and scrolls", example: "6"),
            ]),
        PlaceSpec(
            .crop, title: "`crop`", doc: "how a picked photo is cropped",
            keys: [
                KeySpec("aspect", .number(atLeast: nil, above: 0), default: "1", doc: "width / height", example: "1.5"),
                KeySpec(
                    "min_zoom", .number(atLeast: 1, above: nil), default: "1", doc: "the least zoom (covers the frame)",
                    example: "1"),
                KeySpec("max_zoom", .number(atLeast: 1, above: nil), default: "4", doc: "the most zoom", example: "4"),
                KeySpec("rotation", .bool, default: "false", doc: "the photo can be rotated", example: "false"),
                KeySpec(
                    "max_side", .wholeNumber(minimum: 16), default: "1024",
                    doc: "the longest side of the result in pixels", example: "1024"),
            ]),
    ]
}
