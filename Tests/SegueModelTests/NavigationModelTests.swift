import Foundation
import SegueModel
import Testing

/// UIKit's navigation rules as SegueModel states them once: each transition kind from each kind of stack, the step
/// it decides and the stack it leaves.
@Suite struct NavigationModelTests {
    /// A stack written as the tests read it: layers bottom first, split by `|`; a navigation controller as
    /// `nav(a > b)` with its push stack bottom first; a single screen by its name.
    static func stack(_ text: String) -> PresentationStack<String> {
        guard !text.isEmpty else { return [] }
        return text.split(separator: "|").map { part in
            let layer = part.trimmingCharacters(in: .whitespaces)
            guard layer.hasPrefix("nav("), layer.hasSuffix(")") else {
                return PresentationLayer(navigation: false, stack: [layer])
            }
            let inner = layer.dropFirst(4).dropLast()
            return PresentationLayer(
                navigation: true, stack: inner.split(separator: ">").map { $0.trimmingCharacters(in: .whitespaces) })
        }
    }

    static func text(_ layers: PresentationStack<String>) -> String {
        layers.map { $0.navigation ? "nav(\($0.stack.joined(separator: " > ")))" : $0.stack.joined(separator: " > ") }
            .joined(separator: " | ")
    }

    /// Runs `kind` on `layers` the way the runtime does: a forward step brings the target, a back step removes the
    /// top entry until the destination is on top.
    static func run(_ kind: TransitionKind, _ target: String?, navigation: Bool, on layers: PresentationStack<String>)
        -> (step: NavigationStep, after: String)
    {
        var layers = layers
        let step = layers.navigationStep(kind) { $0 == target }
        switch step {
        case .push, .present, .replace:
            if let target { layers.arrive(target, by: step, navigation: navigation) }
        case .back(let destination):
            while layers.hasEntries(above: destination) { layers.removeTopEntry() }
        case .ignored:
            break
        }
        return (step, text(layers))
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var from: String
        var kind: TransitionKind
        var target: String?
        /// Whether the target screen starts a navigation controller.
        var navigation = false
        var step: NavigationStep
        var after: String

        var testDescription: String { "\(kind.rawValue) \(target ?? "") from \(from.isEmpty ? "nothing" : from)" }
    }

    static let rows: [Row] = [
        // Launch: the start screen's layer is a navigation controller when it starts one.
        Row(from: "", kind: .root, target: "main", step: .present(fallback: false), after: "main"),
        Row(
            from: "", kind: .root, target: "list", navigation: true, step: .present(fallback: false), after: "nav(list)"
        ),
        Row(from: "", kind: .show, target: "main", step: .ignored(.nothingShown), after: ""),
        Row(from: "main", kind: .root, target: "main", step: .ignored(.alreadyLaunched), after: "main"),

        // A root screen, no navigation controller.
        Row(from: "main", kind: .present, target: "sheet", step: .present(fallback: false), after: "main | sheet"),
        Row(
            from: "main", kind: .present, target: "form", navigation: true, step: .present(fallback: false),
            after: "main | nav(form)"),
        Row(from: "main", kind: .show, target: "detail", step: .present(fallback: true), after: "main | detail"),
        Row(from: "main", kind: .dismiss, step: .ignored(.nothingPresented), after: "main"),
        Row(from: "main", kind: .pop, step: .ignored(.notInNavigation), after: "main"),
        Row(from: "main", kind: .popToRoot, step: .ignored(.alreadyAtRoot), after: "main"),
        Row(from: "main", kind: .unwind, target: "main", step: .ignored(.notBelow), after: "main"),
        Row(from: "main", kind: .replace, target: "other", step: .replace, after: "other"),
        Row(from: "main", kind: .replace, target: "list", navigation: true, step: .replace, after: "nav(list)"),

        // Inside a navigation controller at depth 1: its root.
        Row(from: "nav(list)", kind: .show, target: "detail", step: .push, after: "nav(list > detail)"),
        Row(from: "nav(list)", kind: .pop, step: .ignored(.atNavigationRoot), after: "nav(list)"),
        Row(from: "nav(list)", kind: .popToRoot, step: .ignored(.alreadyAtRoot), after: "nav(list)"),
        Row(from: "nav(list)", kind: .dismiss, step: .ignored(.nothingPresented), after: "nav(list)"),
        // A layer of one screen takes the new screen's navigation.
        Row(from: "nav(list)", kind: .replace, target: "plain", step: .replace, after: "plain"),

        // At depth 2.
        Row(
            from: "nav(list > detail)", kind: .pop, step: .back(to: StackPosition(layer: 0, index: 0)),
            after: "nav(list)"),
        Row(
            from: "nav(list > detail)", kind: .popToRoot, step: .back(to: StackPosition(layer: 0, index: 0)),
            after: "nav(list)"),
        Row(from: "nav(list > detail)", kind: .show, target: "more", step: .push, after: "nav(list > detail > more)"),
        Row(
            from: "nav(list > detail)", kind: .present, target: "sheet", step: .present(fallback: false),
            after: "nav(list > detail) | sheet"),
        // A pushed screen's replacement stays in the push stack, whatever it declares.
        Row(from: "nav(list > detail)", kind: .replace, target: "other", step: .replace, after: "nav(list > other)"),
        Row(
            from: "nav(list > detail)", kind: .unwind, target: "list",
            step: .back(to: StackPosition(layer: 0, index: 0)),
            after: "nav(list)"),
        Row(from: "nav(list > detail)", kind: .dismiss, step: .ignored(.nothingPresented), after: "nav(list > detail)"),

        // Deeper: pop goes one down, pop to root all the way.
        Row(
            from: "nav(list > a > b)", kind: .pop, step: .back(to: StackPosition(layer: 0, index: 1)),
            after: "nav(list > a)"),
        Row(
            from: "nav(list > a > b)", kind: .popToRoot, step: .back(to: StackPosition(layer: 0, index: 0)),
            after: "nav(list)"),

        // A modal over a modal.
        Row(
            from: "main | sheet | confirm", kind: .dismiss, step: .back(to: StackPosition(layer: 1, index: 0)),
            after: "main | sheet"),
        Row(
            from: "main | sheet | confirm", kind: .pop, step: .ignored(.notInNavigation),
            after: "main | sheet | confirm"),
        Row(
            from: "main | sheet | confirm", kind: .show, target: "x", step: .present(fallback: true),
            after: "main | sheet | confirm | x"),
        Row(
            from: "main | sheet | confirm", kind: .unwind, target: "main",
            step: .back(to: StackPosition(layer: 0, index: 0)), after: "main"),
        Row(
            from: "main | sheet | confirm", kind: .unwind, target: "sheet",
            step: .back(to: StackPosition(layer: 1, index: 0)), after: "main | sheet"),
        Row(
            from: "main | sheet | confirm", kind: .unwind, target: "elsewhere", step: .ignored(.notBelow),
            after: "main | sheet | confirm"),
        // `unwind` to the top screen alone: nothing of it is below.
        Row(
            from: "main | sheet | confirm", kind: .unwind, target: "confirm", step: .ignored(.notBelow),
            after: "main | sheet | confirm"),

        // A modal over a pushed stack: dismiss closes the modal, the push stack below stays whole.
        Row(
            from: "nav(list > detail) | sheet", kind: .dismiss, step: .back(to: StackPosition(layer: 0, index: 1)),
            after: "nav(list > detail)"),
        Row(
            from: "nav(list > detail) | sheet", kind: .unwind, target: "list",
            step: .back(to: StackPosition(layer: 0, index: 0)), after: "nav(list)"),
        // A presented navigation controller: show pushes inside it, dismiss closes it with its whole push stack.
        Row(from: "main | nav(form)", kind: .show, target: "x", step: .push, after: "main | nav(form > x)"),
        Row(
            from: "main | nav(form > x > y)", kind: .dismiss, step: .back(to: StackPosition(layer: 0, index: 0)),
            after: "main"),
        Row(from: "main | nav(form)", kind: .pop, step: .ignored(.atNavigationRoot), after: "main | nav(form)"),
        // Unwind goes to the nearest instance from the top down.
        Row(
            from: "nav(a > b > a > c)", kind: .unwind, target: "a", step: .back(to: StackPosition(layer: 0, index: 2)),
            after: "nav(a > b > a)"),
    ]

    @Test(arguments: rows) func transition(_ row: Row) {
        let result = Self.run(row.kind, row.target, navigation: row.navigation, on: Self.stack(row.from))
        #expect(result.step == row.step)
        #expect(result.after == row.after)
    }

    @Test func theBackGesturePopsThenDismissesAndDoesNothingAtTheRoot() {
        #expect(Self.stack("main | nav(form > x)").backTransition() == .pop)
        #expect(Self.stack("main | nav(form)").backTransition() == .dismiss)
        #expect(Self.stack("nav(list > detail)").backTransition() == .pop)
        #expect(Self.stack("nav(list)").backTransition() == nil)
        #expect(Self.stack("main").backTransition() == nil)
        #expect(Self.stack("").backTransition() == nil)
    }

    @Test func refusalsReadAsTheTraceShowsThem() {
        #expect(NavigationRefusal.nothingPresented.reason(from: "main", to: nil) == "nothing is presented modally")
        #expect(
            NavigationRefusal.atNavigationRoot.reason(from: "list", to: nil)
                == "list is the root of its navigation controller")
        #expect(NavigationRefusal.notBelow.reason(from: "detail", to: "home") == "no home below detail")
    }

    @Test func kindsWrittenAsActionsAreEveryKindButRoot() {
        #expect(
            TransitionKind.actions.map(\.rawValue) == [
                "present", "show", "dismiss", "pop", "pop_to_root", "unwind", "replace",
            ])
        #expect(TransitionKind.actions.filter(\.goesBack) == [.dismiss, .pop, .popToRoot, .unwind])
    }
}
