import Foundation
import SegueExpression
import Testing

@testable import SegueRuntime

/// The real donations flow (`flows/donate.yaml`), driven through its main path and rendered.
@Suite struct DonateFlowTests {
    static func text() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("flows/donate.yaml"), encoding: .utf8)
    }

    static func harness(device: DeviceProfile = .iPhone15) throws -> Harness {
        try Harness(try text(), device: device)
    }

    static func store() throws -> TestStore { try TestStore(try text(), device: .iPhone15) }

    /// The donation form as it opens: no photo, every text empty, name and surname required.
    static let emptyForm = FormState(
        values: [.null, .string(""), .string(""), .string(""), .string("")],
        errors: [nil, "This field is required", "This field is required", nil, nil])

    /// The state right after a launch with `defaults`: `main` alone, nothing bought, the board not yet read.
    static func launched(defaults: [String: Value] = [:]) -> (inout ExpectedState) -> Void {
        { state in
            state.launched = true
            state.layers = [NavigationLayer(navigation: false, stack: [state.instance(1, "main", .root)])]
            state.data = [
                .list([]), .list([]), .list([]), .bool(true), .null, .bool(false),
                defaults["MatimatikProfileID"] ?? .null,
            ]
            state.nextInstance = 2
            state.environment = LaunchEnvironment(defaults: defaults, device: .iPhone15)
        }
    }

    /// Taps `donate`: the screen is presented in its navigation controller and asks the store for prices, then the
    /// board for the latest cards.
    static func openDonate(_ store: TestStore, latest: [Value]) {
        store.tap("donate") {
            $0.layers.append(NavigationLayer(navigation: true, stack: [$0.instance(2, "donate", .present)]))
            $0.nextInstance = 3
            $0.pendingCalls = [$0.call(1, "store.products", on: 2)]
            $0.nextCall = 2
        }
        store.receive(
            .callService(
                id: 1, service: "store", operation: "products",
                arguments: ["ids": .list(["donate.small", "donate.medium", "donate.large"].map(Value.string))]))
        store.answer(1, .ok(products)) {
            $0[data: "products"] = products
            // `send: refresh_latest` raised the event without a payload: its handler runs with an empty record.
            $0.pendingCalls = [$0.call(2, "board.list_entries", on: 2, event: .record([:]))]
            $0.nextCall = 3
        }
        store.receive(
            .callService(
                id: 2, service: "board", operation: "list_entries", arguments: ["count": .int(6), "offset": .int(0)]))
        store.answer(2, .ok(.list(latest))) {
            $0[data: "latest"] = latest.isEmpty ? .list([]) : .list(latest)
            $0.pendingCalls = []
        }
    }

    static let products: Value = .list(
        [("donate.small", "149,00 ₽"), ("donate.medium", "379,00 ₽"), ("donate.large", "749,00 ₽")].map {
            .record(["id": .string($0.0), "title": .string($0.0), "price": .string($0.1)])
        })

    static func entry(_ name: String, _ text: String) -> Value {
        .record([
            "user_id": .string("u"), "name": .string(name), "surname": .string("Иванова"), "text": .string(text),
            "url": .string("https://example.org"), "photo_url": .string(""), "created": .string("2024-01-01"),
        ])
    }

    @Test func donateIsPresentedAndLoadsPricesFromTheStore() throws {
        let store = try Self.store()
        let defaults: [String: Value] = ["MatimatikProfileID": .string("test-user")]
        store.launch(defaults: defaults, Self.launched(defaults: defaults))
        Self.openDonate(store, latest: [Self.entry("Анна", "Спасибо!")])
        let view = try #require(store.machine.view(of: store.state))
        #expect(view.title == "Поддержать")
        #expect(
            view.element("options")?.items?.map { $0.map(\.text) } == [
                ["donate.small", "149,00 ₽"], ["donate.medium", "379,00 ₽"], ["donate.large", "749,00 ₽"],
            ])
        #expect(view.element("add")?.visible == false)
        #expect(view.element("delete")?.visible == false)
        #expect(view.element("close")?.anchor == "top")
        #expect(view.layout == LayoutView(margins: 20, scroll: true, bottomInset: 20, style: "grouped_inset"))
        #expect(view.breadcrumb.map(\.description) == ["root main", "present donate"])
    }

    /// Taps the `index`-th option: its purchase is asked for.
    static func buy(_ store: TestStore, _ index: Int) {
        let product = products.listValue?[index] ?? .null
        store.tap("options[\(index)]") {
            $0.pendingCalls = [$0.call(3, "store.purchase", on: 2, event: .record(["item": product]))]
            $0.nextCall = 4
        }
        store.receive(
            .callService(
                id: 3, service: "store", operation: "purchase", arguments: ["product": product["id"] ?? .null]))
    }

    @Test func aPurchaseShowsTheDoneAlertThenPresentsTheForm() throws {
        let store = try Self.store()
        store.launch(Self.launched())
        Self.openDonate(store, latest: [])
        Self.buy(store, 1)
        store.answer(3, .ok(.record(["transaction_id": .string("t1"), "product": .string("donate.medium")]))) {
            $0[data: "purchased"] = .string("donate.medium")
            $0.alert = AlertState(image: "done", title: "Отлично", message: "Покупка успешно произведена")
            $0.layers.append(
                NavigationLayer(
                    navigation: false, stack: [$0.instance(3, "donate_form", .present, form: Self.emptyForm)]))
            $0.nextInstance = 4
            $0.pendingCalls = []
        }
        store.receive(.persist(name: "purchased", value: .string("donate.medium")))
    }

    @Test func aFailedPurchaseShowsTheServersMessage() throws {
        let store = try Self.store()
        store.launch(Self.launched())
        Self.openDonate(store, latest: [])
        Self.buy(store, 0)
        store.answer(3, .error(ServiceError(service: "store", code: "11", message: "Недостаточно средств"))) {
            $0.alert = AlertState(image: "error", title: "Ошибка", message: "Недостаточно средств")
            $0.pendingCalls = []
        }
    }

    @Test func theMoreButtonAppearsOnlyAfterTwoLines() throws {
        var harness = try Self.harness()
        harness.launch()
        harness.tap("donate")
        harness.answer(.ok(Self.products))
        let long = String(repeating: "Спасибо за ваш проект, ", count: 8)
        harness.answer(.ok(.list([Self.entry("Анна", "Спасибо!"), Self.entry("Пётр", long)])))
        let cards = try #require(harness.machine.view(of: harness.state)?.element("latest")?.items)
        #expect(cards.map { $0.first { $0.id == "more" }?.visible } == [false, true])
        // Tapping the card pushes the post inside the navigation controller (D6).
        harness.tap("latest[1].more")
        #expect(harness.stack == [["main"], ["donate", "donate_one_post"]])
        #expect(harness.machine.view(of: harness.state)?.title == "Пётр Иванова")
    }

    @Test func olderSystemsGetSixteenPointMargins() throws {
        var harness = try Self.harness(device: .iPhone7)
        harness.launch()
        #expect(harness.machine.view(of: harness.state)?.layout?.margins == 16)
    }

    @Test func theFormValidatesAsTheUserTypesAndSavesWithAPhotoUpload() throws {
        var harness = try Self.harness()
        harness.launch(defaults: ["MatimatikProfileID": .string("test-user")])
        harness.tap("donate")
        harness.answer(.ok(Self.products))
        harness.answer(.ok(.null))
        harness.tap("options[0]")
        harness.answer(.ok(.record(["transaction_id": .string("t1"), "product": .string("donate.small")])))
        harness.send(.dismissAlert)
        var view = try #require(harness.machine.view(of: harness.state))
        #expect(view.element("save")?.enabled == false)
        #expect(view.element("choose_photo")?.text == "Выбрать фото")
        harness.edit("name", "Анна Мария")
        view = try #require(harness.machine.view(of: harness.state))
        #expect(view.element("name")?.field?.error == "Имя — одно слово")
        #expect(view.element("surname")?.field?.error == nil)
        harness.edit("name", "Анна")
        harness.edit("surname", "Иванова")
        harness.edit("url", "javascript:alert(1)")
        view = try #require(harness.machine.view(of: harness.state))
        #expect(view.element("url")?.field?.error == "Введите ссылку вида https://…")
        harness.edit("url", "https://example.org")
        harness.tap("choose_photo")
        harness.answer(.ok(.record(["path": .string("/tmp/me.jpg"), "width": .int(10), "height": .int(10)])))
        view = try #require(harness.machine.view(of: harness.state))
        #expect(view.element("choose_photo")?.text == "изменить фото")
        #expect(view.element("save")?.enabled == true)
        harness.tap("save")
        #expect(harness.calls == [#"board.upload_photo({photo_file: "/tmp/me.jpg", user_id: "test-user"})"#])
        harness.answer(.ok(.string("photo-7")))
        #expect(
            harness.calls == [
                #"board.add_entry({buy_package: "donate.small", name: "Анна", photo_id: "photo-7", surname: "Иванова", text: "", url: "https://example.org", user_id: "test-user"})"#
            ])
        harness.answer(.ok(.null))
        #expect(harness.data("has_entry") == .bool(true))
        // The form refreshes Donate's latest cards before it closes.
        #expect(harness.calls.last == #"board.list_entries({count: 6, offset: 0})"#)
        harness.answer(.ok(.list([])))
        #expect(harness.stack == [["main"], ["donate"]])
        #expect(
            harness.state.alert == AlertState(image: "done", title: "Поздравляем", message: "Вы попали на доску почета")
        )
        view = try #require(harness.machine.view(of: harness.state))
        #expect(view.element("delete")?.visible == true)
        #expect(view.element("add")?.visible == false)
    }
}
