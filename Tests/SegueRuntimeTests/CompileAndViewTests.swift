import SegueExpression
import Testing

@testable import SegueMachine

/// The checker's errors stop compilation, with positions and suggestions; interning; the rendered screen and the device.
@Suite struct CompileAndViewTests {
    static func messages(_ yaml: String) -> [String] {
        do {
            _ = try Harness.compile(yaml)
            return []
        } catch let error as CompileError {
            return error.diagnostics.map { "\($0.code) \($0.range.start.line):\($0.range.start.column) \($0.message)" }
        } catch {
            return ["\(error)"]
        }
    }

    @Test func everyProblemIsReportedWithItsPositionAndASuggestion() {
        let yaml = """
            segue: 1
            flow: broken
            start: main
            data:
              count: { type: int, default: 0 }
            screens:
              main:
                elements:
                  - button: a
                    label: A
                    tap: { present: detial }
                  - button: b
                    label: B
                    tap: [{ set: { cuont: 1 } }]
                  - button: c
                    label: "${count +}"
                  - use: card
              detail:
                elements: []
            """
        #expect(
            Self.messages(yaml) == [
                "C101 11:25 unknown screen `detial`; did you mean `detail`?",
                "C114 14:24 unknown data variable `cuont`; did you mean `count`?",
                "X005 16:16 unexpected `}`; expected an expression",
                "C105 17:14 unknown component `card`",
            ])
    }

    @Test func namesAreInternedAndEventsHaveDenseTables() throws {
        let program = try Harness.compileUnchecked(NavigationTests.flow)
        #expect(program.screens.map(\.name) == ["home", "modal", "detail", "other"])
        #expect(program.screen(named: "detail") == 2)
        #expect(program.events == ["noop"])
        #expect(program.screens[0].handlers.table == [])
        #expect(program.path("back", on: 2) == ElementPath(element: 4))
        #expect(program.path("nope", on: 2) == nil)
    }

    @Test func theViewResolvesStylesAnchorsAndTheBreadcrumb() throws {
        var harness = try DonateFlowTests.harness()
        harness.launch(persisted: ["purchased": .string("donate.small"), "has_entry": .bool(true)])
        harness.tap("donate")
        harness.answer(.ok(DonateFlowTests.products))
        harness.answer(.ok(.null))
        harness.tap("all")
        harness.answer(.ok(.list([DonateFlowTests.entry("Анна", "Спасибо!")])))
        let view = try #require(harness.machine.view(of: harness.state))
        #expect(view.screen == "donate_all_post")
        #expect(view.breadcrumb.map(\.description) == ["root main", "present donate", "show donate_all_post"])
        let button = try #require(view.element("entry_action"))
        #expect(button.visible && button.text == "Удалить запись" && button.style == "delete" && button.anchor == "top")
        let wall = try #require(view.element("wall"))
        // iPhone 15: 393 pt wide, 20 pt margins, two columns with an 8 pt gap.
        #expect(wall.columns == 2)
        #expect(wall.cellWidth == 172.5)
        #expect(wall.cellHeight == 220)
        #expect(wall.hasMore == false)
    }

    @Test func aFailingExpressionShowsAsTheElementsProblem() throws {
        var harness = try Harness(
            """
            segue: 1
            flow: view
            start: main
            data:
              user: { type: any, default: null }
            screens:
              main:
                elements:
                  - text: greeting
                    value: "Hi ${user.name}"
            """)
        harness.launch()
        let element = try #require(harness.machine.view(of: harness.state)?.element("greeting"))
        #expect(element.text == nil)
        #expect(element.problem?.contains("`user` is null, so `.name` cannot be read") == true)
    }

    @Test func devicesHaveBuiltInProfilesReadableInExpressions() throws {
        #expect(DeviceProfile.named("iphone 7") == .iPhone7)
        #expect(DeviceProfile.named("iPhone 99") == nil)
        #expect(DeviceProfile.builtIn.map(\.osMajor) == [12, 12, 13, 12, 13, 15, 17, 18])
        var harness = try Harness(
            """
            segue: 1
            flow: device
            start: main
            screens:
              main:
                elements:
                  - text: size
                    value: "${device.width}x${device.height} iOS ${device.os_major} ${device.locale} inset ${device.safe_bottom}"
            """, device: .iPhoneX)
        harness.launch()
        #expect(harness.machine.view(of: harness.state)?.element("size")?.text == "375x812 iOS 12 en-US inset 34")
    }
}
