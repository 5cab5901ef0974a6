import SegueModel
import Testing

@testable import SegueDiagram

/// `from → to (kind) label`, one line per edge, so a whole graph's edges compare at once.
func edgeLines(_ graph: TransitionGraph) -> [String] {
    graph.transitions.map { "\($0.from) → \($0.to ?? "?") (\($0.kind.rawValue)) \($0.label)" }
}

@Suite struct TransitionGraphTests {
    @Test func everyTransitionIsFoundWithItsTriggerGuardAndOutcome() {
        let graph = TransitionGraph(flow: Build.donations)
        #expect(
            edgeLines(graph) == [
                "main → donate (present) tap donate",
                "donate → form (present) on buy / store.purchase ok",
                "donate → post (show) on open",
                "donate → wall (show) tap all",
                "donate → main (dismiss) tap close",
                "post → donate (pop) tap back",
                "post → wall (pop) tap back",
                "wall → form (present) tap entry_action [!has_entry]",
                "wall → post (show) tap wall",
                "form → donate (dismiss) on save [form.valid] / board.add_entry 12",
                "form → donate (dismiss) on save [form.valid] / board.add_entry ok",
                "form → donate (dismiss) tap later",
                "form → wall (dismiss) on save [form.valid] / board.add_entry 12",
                "form → wall (dismiss) on save [form.valid] / board.add_entry ok",
                "form → wall (dismiss) tap later",
            ])
    }

    @Test func screensKeepDeclarationOrderWithTitlesAndMarks() {
        let graph = TransitionGraph(flow: Build.donations)
        #expect(graph.screens.map(\.name) == ["main", "donate", "post", "wall", "form"])
        #expect(graph.screens.map(\.title) == ["Main", "Поддержать", "${entry.name}", "Доска почета", "Доска почета"])
        #expect(graph.screens.filter(\.isNavigationRoot).map(\.name) == ["donate"])
        #expect(graph.screens.filter(\.isStart).map(\.name) == ["main"])
        #expect(graph.start == "main")
        #expect(graph.title == "Донаты")
    }

    @Test func aNavigationControllerHoldsTheScreensShownInsideIt() {
        let graph = TransitionGraph(flow: Build.donations)
        #expect(graph.navigationControllers == [NavigationController(root: "donate", members: ["post", "wall"])])
        #expect(graph.navigationController(containing: "post")?.root == "donate")
        #expect(graph.navigationController(containing: "form") == nil)
    }

    @Test func dismissWithNoPresenterPointsNowhere() {
        let flow = Build.flow(
            "f", start: "a", screens: [Build.screen("a", elements: [Build.button("close", tap: [Build.dismiss])])])
        #expect(edgeLines(TransitionGraph(flow: flow)) == ["a → ? (dismiss) tap close"])
    }

    @Test func popToRootAndUnwindReturnWhereTheyGo() {
        let flow = Build.flow(
            "f", start: "home",
            screens: [
                Build.screen("home", navigation: true, elements: [Build.button("go", tap: [Build.show("step")])]),
                Build.screen(
                    "step",
                    elements: [
                        Build.button("top", tap: [Build.navigate(.popToRoot)]),
                        Build.button("out", tap: [Build.navigate(.unwind, "home")]),
                        Build.button("swap", tap: [Build.navigate(.replace, "other")]),
                    ]),
                Build.screen("other"),
            ])
        #expect(
            edgeLines(TransitionGraph(flow: flow)) == [
                "home → step (show) tap go",
                "step → home (pop_to_root) tap top",
                "step → home (unwind) tap out",
                "step → other (replace) tap swap",
            ])
    }

    @Test func actionsAreWalkedEverywhere() {
        let flow = Build.flow(
            "f", start: "a",
            screens: [
                Build.screen(
                    "a",
                    onEnter: [
                        Build.after("3", [Build.present("b")]),
                        Build.call("api.load", error: [Build.present("c")], cancelled: [Build.present("d")]),
                    ],
                    handlers: [
                        Build.handler(
                            "next",
                            [
                                ("page < last", [Build.present("b")]),
                                (nil, [Build.branch("x && y", then: [], otherwise: [Build.present("c")])]),
                            ])
                    ]),
                Build.screen("b", onEnter: [Build.after("0.5", repeats: true, [Build.present("a")])]),
                Build.screen("c"),
                Build.screen("d"),
            ])
        #expect(
            edgeLines(TransitionGraph(flow: flow)) == [
                "a → b (present) on next [page < last]",
                "a → b (present) on_enter / after 3s",
                "a → c (present) on next [!(x && y)]",
                "a → c (present) on_enter / api.load error",
                "a → d (present) on_enter / api.load cancelled",
                "b → a (present) on_enter / every 0.5s",
            ])
    }

    @Test func componentTapsCountForTheScreenThatUsesThem() {
        let flow = Build.flow(
            "f", start: "a",
            screens: [Build.screen("a", elements: [Build.list("feed", item: "card", tap: nil)]), Build.screen("b")],
            components: [
                Build.component(
                    "card",
                    [Build.button("open", tap: [Build.present("b")]), Build.list("self", item: "card", tap: nil)])
            ])
        #expect(edgeLines(TransitionGraph(flow: flow)) == ["a → b (present) tap feed.open"])
    }

    @Test func nestedStatesAndGotosStayInsideTheirScreen() {
        let recording = Build.chart(
            initial: "countdown",
            [Build.state("countdown", onEnter: [Build.after("3", [Build.goto("live")])]), Build.state("live")])
        let flow = Build.flow(
            "f", start: "record",
            screens: [
                Build.screen(
                    "record", elements: [Build.button("record", tap: [Build.goto("recording")])],
                    states: Build.chart(
                        initial: "idle",
                        [
                            Build.state("idle"),
                            Build.state(
                                "recording",
                                handlers: [Build.handler("stop", [(nil, [Build.goto("idle"), Build.dismiss])])],
                                children: recording),
                        ]))
            ])
        let graph = TransitionGraph(flow: flow)
        let screen = graph.screens[0]
        #expect(screen.states.map(\.path) == ["idle", "recording"])
        #expect(screen.states.map(\.isInitial) == [true, false])
        #expect(screen.states[1].children.map(\.path) == ["recording.countdown", "recording.live"])
        #expect(
            graph.stateTransitions == [
                StateEdge(screen: "record", from: nil, to: "recording", label: "tap record"),
                StateEdge(screen: "record", from: "recording", to: "idle", label: "recording: on stop"),
                StateEdge(
                    screen: "record", from: "recording.countdown", to: "recording.live",
                    label: "recording.countdown: on_enter / after 3s"),
            ])
        #expect(edgeLines(graph) == ["record → ? (dismiss) recording: on stop"])
    }

    @Test func aTransitionWithSeveralTargetsIsAnEdgeToEach() {
        var go = Build.handler("go", [(nil, [])])
        go.alternatives[0].targets = [Build.name("a2"), Build.name("b2")]
        let regions = Build.chart(
            initial: nil, parallel: true,
            [
                Build.state("a", children: Build.chart(initial: nil, [Build.state("a1"), Build.state("a2")])),
                Build.state("b", children: Build.chart(initial: nil, [Build.state("b1"), Build.state("b2")])),
            ])
        let flow = Build.flow(
            "f", start: "s",
            screens: [
                Build.screen(
                    "s",
                    states: Build.chart(
                        initial: "x", [Build.state("x", handlers: [go]), Build.state("p", children: regions)]))
            ])
        #expect(
            TransitionGraph(flow: flow).stateTransitions == [
                StateEdge(screen: "s", from: "x", to: "p.a.a2", label: "x: on go"),
                StateEdge(screen: "s", from: "x", to: "p.b.b2", label: "x: on go"),
            ])
    }

    @Test func alertsAreNotesOnlyWhenAsked() {
        #expect(TransitionGraph(flow: Build.donations).alerts.isEmpty)
        let graph = TransitionGraph(flow: Build.donations, includeAlerts: true)
        #expect(
            graph.alerts == [
                AlertNote(
                    screen: "donate", image: .done, title: "Отлично", message: "Покупка успешно произведена",
                    label: "on buy / store.purchase ok"),
                AlertNote(
                    screen: "donate", image: .error, title: "Ошибка", message: nil,
                    label: "on buy / store.purchase error"),
            ])
    }

    @Test func aShowOutsideANavigationControllerPresentsSoDismissReturnsThere() {
        let flow = Build.flow(
            "f", start: "a",
            screens: [
                Build.screen("a", elements: [Build.button("more", tap: [Build.show("b")])]),
                Build.screen("b", elements: [Build.button("done", tap: [Build.dismiss])]),
            ])
        let graph = TransitionGraph(flow: flow)
        #expect(edgeLines(graph) == ["a → b (show) tap more", "b → a (dismiss) tap done"])
        #expect(graph.navigationControllers.isEmpty)
    }

    @Test func parallelRegionsAreMarked() {
        let flow = Build.flow(
            "f", start: "a",
            screens: [
                Build.screen(
                    "a", states: Build.chart(initial: nil, parallel: true, [Build.state("left"), Build.state("right")]))
            ])
        let graph = TransitionGraph(flow: flow)
        #expect(graph.screens[0].parallelStates)
        #expect(graph.screens[0].states.map(\.isInitial) == [false, false])
        let plantUML = PlantUMLRenderer().render(graph)
        #expect(
            plantUML.contains(
                "state \"a\" as s_a {\n  state \"left\" as s_a__left\n  --\n  state \"right\" as s_a__right\n}\n"))
    }

    @Test func aReplacedScreenReturnsWhereTheScreenItReplacedWould() {
        let flow = Build.flow(
            "f", start: "a",
            screens: [
                Build.screen("a", elements: [Build.button("open", tap: [Build.present("b")])]),
                Build.screen("b", navigation: true, elements: [Build.button("next", tap: [Build.show("c")])]),
                Build.screen("c", elements: [Build.button("swap", tap: [Build.navigate(.replace, "d")])]),
                Build.screen(
                    "d",
                    elements: [Build.button("back", tap: [Build.pop]), Build.button("close", tap: [Build.dismiss])]),
            ])
        let graph = TransitionGraph(flow: flow)
        #expect(
            edgeLines(graph) == [
                "a → b (present) tap open",
                "b → c (show) tap next",
                "c → d (replace) tap swap",
                "d → a (dismiss) tap close",
                "d → b (pop) tap back",
            ])
        #expect(graph.navigationControllers == [NavigationController(root: "b", members: ["c", "d"])])
    }

    @Test func negationBracketsOnlyWhatNeedsThem() {
        #expect(TransitionLabel.negated("has_entry") == "!has_entry")
        #expect(TransitionLabel.negated("empty(form.photo)") == "!empty(form.photo)")
        #expect(TransitionLabel.negated("a.b && c") == "!(a.b && c)")
        #expect(TransitionLabel.negated("f(x) + g(y)") == "!(f(x) + g(y))")
        #expect(TransitionLabel.negated("!x") == "!(!x)")
    }
}
