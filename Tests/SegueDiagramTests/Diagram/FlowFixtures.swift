import SegueDiagnostics

@testable import SegueModel

/// Small constructors for flows built in code, so diagram tests need no YAML.
enum Build {
    static func name(_ text: String) -> Name { Name(text, at: .synthesized) }

    /// Diagrams read no expression numbers (only the checker and the compiler do), so every text here is #0.
    static func text(_ text: String) -> ExpressionText {
        ExpressionText(text, kind: .expression, id: ExpressionID(0), node: nil, range: .synthesized)
    }

    static func action(_ kind: Action.Kind) -> Action { Action(kind: kind, range: .synthesized) }

    static func navigate(_ kind: TransitionKind, _ target: String? = nil) -> Action {
        action(.navigate(Navigation(kind: kind, target: target.map(name), arguments: [], animated: true)))
    }

    static func present(_ target: String) -> Action { navigate(.present, target) }
    static func show(_ target: String) -> Action { navigate(.show, target) }
    static var dismiss: Action { navigate(.dismiss) }
    static var pop: Action { navigate(.pop) }

    static func call(
        _ operation: String, ok: [Action]? = nil, error: [Action]? = nil, cancelled: [Action]? = nil,
        codes: [(String, [Action])] = []
    ) -> Action {
        let parts = operation.split(separator: ".").map(String.init)
        return action(
            .call(
                Call(
                    service: name(parts[0]), operation: name(parts[1]), arguments: [], resultVariable: nil, ok: ok,
                    error: error, cancelled: cancelled, codes: codes.map { (code: name($0.0), actions: $0.1) })))
    }

    static func branch(_ condition: String, then: [Action], otherwise: [Action] = []) -> Action {
        action(.branch(condition: text(condition), then: then, otherwise: otherwise))
    }

    static func after(_ seconds: String, repeats: Bool = false, _ actions: [Action]) -> Action {
        action(.timer(TimerSpec(id: nil, delay: text(seconds), repeats: repeats, actions: actions)))
    }

    static func alert(_ image: AlertSpec.Image, _ title: String, _ message: String? = nil) -> Action {
        action(.alert(AlertSpec(image: image, title: text(title), message: message.map(text))))
    }

    static func send(_ event: String) -> Action {
        action(.send(event: name(event), arguments: [], delivery: SendDelivery(), options: nil))
    }
    static func goto(_ state: String) -> Action { action(.goto(name(state))) }

    static func button(_ id: String, tap: [Action]) -> Element {
        Element(
            id: name(id), kind: .button(ButtonContent(label: text(id), submits: false, icon: nil)), visible: nil,
            enabled: nil, style: nil, anchor: nil, tap: tap, range: .synthesized)
    }

    static func list(_ id: String, item component: String, tap: [Action]?) -> Element {
        let use = ComponentUse(component: name(component), arguments: [], range: .synthesized)
        let content = ListContent(
            items: text(id), item: use, layout: nil, columns: nil, cellWidth: nil, cellHeight: nil, paging: nil,
            empty: nil)
        return Element(
            id: name(id), kind: .list(content), visible: nil, enabled: nil, style: nil, anchor: nil, tap: tap,
            range: .synthesized)
    }

    static func handler(_ event: String, _ alternatives: [(String?, [Action])]) -> Handler {
        Handler(
            event: name(event),
            alternatives: alternatives.map {
                GuardedActions(guardExpression: $0.0.map(text), actions: $0.1, range: .synthesized)
            }, range: .synthesized)
    }

    static func state(
        _ stateName: String, onEnter: [Action] = [], handlers: [Handler] = [], children: StateChart? = nil
    ) -> StateNode {
        StateNode(
            name: name(stateName), onEnter: onEnter, onExit: [], handlers: handlers, children: children,
            range: .synthesized)
    }

    static func chart(initial: String?, parallel: Bool = false, _ states: [StateNode]) -> StateChart {
        StateChart(initial: initial.map { [name($0)] } ?? [], parallel: parallel, states: states, range: .synthesized)
    }

    static func component(_ componentName: String, _ elements: [Element]) -> Component {
        Component(name: name(componentName), parameters: [], elements: elements, layout: nil, range: .synthesized)
    }

    static func screen(
        _ screenName: String, title: String? = nil, navigation: Bool = false, elements: [Element] = [],
        onEnter: [Action] = [], handlers: [Handler] = [], states: StateChart? = nil
    ) -> Screen {
        var screen = Screen(name: name(screenName), range: .synthesized)
        screen.title = title.map { ExpressionText($0, kind: .template, id: ExpressionID(0), node: nil, range: .synthesized) }
        screen.navigation = navigation
        screen.elements = elements
        screen.onEnter = onEnter
        screen.handlers = handlers
        screen.states = states
        return screen
    }

    static func flow(
        _ id: String, start: String, title: String? = nil, screens: [Screen], components: [Component] = []
    ) -> Flow {
        var flow = Flow(id: name(id), start: name(start), path: "\(id).yaml", range: .synthesized)
        flow.title = title
        flow.screens = screens
        flow.components = components
        return flow
    }

    /// A small donations flow shaped like flows/donate.yaml: a modal navigation controller with a pushed post,
    /// a form presented after a purchase, and dismissals back.
    static var donations: Flow {
        flow(
            "donate", start: "main", title: "Донаты",
            screens: [
                screen("main", title: "Main", elements: [button("donate", tap: [present("donate")])]),
                screen(
                    "donate", title: "Поддержать", navigation: true,
                    elements: [
                        list("options", item: "option", tap: [send("buy")]),
                        button("all", tap: [show("wall")]),
                        button("close", tap: [dismiss]),
                    ],
                    handlers: [
                        handler(
                            "buy",
                            [
                                (
                                    nil,
                                    [
                                        call(
                                            "store.purchase",
                                            ok: [
                                                alert(.done, "Отлично", "Покупка успешно произведена"), present("form"),
                                            ],
                                            error: [alert(.error, "Ошибка")], cancelled: [])
                                    ]
                                )
                            ]),
                        handler("open", [(nil, [show("post")])]),
                    ]),
                screen("post", title: "${entry.name}", elements: [button("back", tap: [pop])]),
                screen(
                    "wall", title: "Доска почета",
                    elements: [
                        button(
                            "entry_action",
                            tap: [branch("has_entry", then: [send("remove")], otherwise: [present("form")])]),
                        list("wall", item: "card", tap: [show("post")]),
                    ]),
                screen(
                    "form", title: "Доска почета",
                    elements: [button("later", tap: [dismiss])],
                    handlers: [
                        handler(
                            "save",
                            [
                                (
                                    "form.valid",
                                    [call("board.add_entry", ok: [dismiss], codes: [("12", [dismiss])])]
                                )
                            ])
                    ]),
            ],
            components: [component("card", [button("more", tap: [send("open")])])])
    }
}

extension Build {
    /// A tiny flow touching every drawing feature: a navigation controller, a pushed screen, back-edges, nested
    /// states, a dismiss with nowhere to go, and titles that need escaping.
    static var tiny: Flow {
        flow(
            "tiny", start: "home", title: "Tiny \"flow\"",
            screens: [
                screen("home", title: "Главная \"дом\"", elements: [button("open", tap: [present("list")])]),
                screen(
                    "list", title: "Список", navigation: true,
                    elements: [button("item", tap: [show("detail")]), button("close", tap: [dismiss])]),
                screen(
                    "detail", title: "a\\b <c> #1",
                    elements: [button("back", tap: [pop])],
                    states: chart(
                        initial: "idle",
                        [
                            state("idle", handlers: [handler("go", [(nil, [goto("busy")])])]),
                            state("busy", onEnter: [after("2", [goto("idle")])]),
                        ])),
                screen("lost", elements: [button("x", tap: [dismiss])]),
            ])
    }
}
