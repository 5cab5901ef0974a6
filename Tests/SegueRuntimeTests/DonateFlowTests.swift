import Foundation
import SegueExpression
import SegueModel
import Testing

@testable import SegueMachine

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
        errors: [nil, "Обязательное поле", "Обязательное поле", nil, nil])

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

    /// Buys the `index`-th option: the done alert shows over the donation form, and what was bought persists.
    static func purchase(_ store: TestStore, _ index: Int) {
        let product = products.listValue?[index]["id"] ?? .null
        buy(store, index)
        store.answer(3, .ok(.record(["transaction_id": .string("t1"), "product": product]))) {
            $0[data: "purchased"] = product
            $0.alert = AlertState(image: "done", title: "Отлично", message: "Покупка успешно произведена")
            $0.layers.append(
                NavigationLayer(
                    navigation: false, stack: [$0.instance(3, "donate_form", .present, form: Self.emptyForm)]))
            $0.nextInstance = 4
            $0.pendingCalls = []
        }
        store.receive(.persist(name: "purchased", value: product))
    }

    @Test func aPurchaseShowsTheDoneAlertThenPresentsTheForm() throws {
        let store = try Self.store()
        store.launch(Self.launched())
        Self.openDonate(store, latest: [])
        Self.purchase(store, 1)
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
        let store = try Self.store()
        store.launch(Self.launched())
        let long = String(repeating: "Спасибо за ваш проект, ", count: 8)
        let posts = [Self.entry("Анна", "Спасибо!"), Self.entry("Пётр", long)]
        Self.openDonate(store, latest: posts)
        let cards = try #require(store.machine.view(of: store.state)?.element("latest")?.items)
        #expect(cards.map { $0.first { $0.id == "more" }?.visible } == [false, true])
        // Tapping the card pushes the post inside the navigation controller (D6).
        store.tap("latest[1].more") {
            $0.layers[1].stack.append($0.instance(3, "donate_one_post", .show, values: [posts[1]]))
            $0.nextInstance = 4
        }
        #expect(store.machine.view(of: store.state)?.title == "Пётр Иванова")
    }

    @Test func olderSystemsGetSixteenPointMargins() throws {
        var harness = try Self.harness(device: .iPhone7)
        harness.launch()
        #expect(harness.machine.view(of: harness.state)?.layout?.margins == 16)
    }

    /// A form field after the user typed `text` into it.
    static func typed(_ text: String, error: String? = nil) -> FormState.Field {
        FormState.Field(value: .string(text), initial: .string(""), touched: true, dirty: !text.isEmpty, error: error)
    }

    @Test func theFormValidatesAsTheUserTypesAndSavesWithAPhotoUpload() throws {
        let store = try Self.store()
        let defaults: [String: Value] = ["MatimatikProfileID": .string("test-user")]
        store.launch(defaults: defaults, Self.launched(defaults: defaults))
        Self.openDonate(store, latest: [])
        Self.purchase(store, 0)
        store.send(.dismissAlert) { $0.alert = nil }
        var view = try #require(store.machine.view(of: store.state))
        #expect(view.element("save")?.enabled == false)
        #expect(view.element("choose_photo")?.text == "Выбрать фото")
        store.edit("name", "Анна Мария") { $0.top.form.fields[1] = Self.typed("Анна Мария", error: "Имя — одно слово") }
        view = try #require(store.machine.view(of: store.state))
        #expect(view.element("name")?.field?.error == "Имя — одно слово")
        #expect(view.element("surname")?.field?.error == nil)
        store.edit("name", "Анна") { $0.top.form.fields[1] = Self.typed("Анна") }
        store.edit("surname", "Иванова") { $0.top.form.fields[2] = Self.typed("Иванова") }
        store.edit("url", "javascript:alert(1)") {
            $0.top.form.fields[3] = Self.typed("javascript:alert(1)", error: "Введите ссылку вида https://…")
        }
        view = try #require(store.machine.view(of: store.state))
        #expect(view.element("url")?.field?.error == "Введите ссылку вида https://…")
        store.edit("url", "https://example.org") { $0.top.form.fields[3] = Self.typed("https://example.org") }
        store.tap("choose_photo") {
            $0.pendingCalls = [$0.call(4, "photos.pick", on: 3)]
            $0.nextCall = 5
        }
        store.receive(.callService(id: 4, service: "photos", operation: "pick", arguments: [:]))
        // A 40 × 20 photo in the square frame: at zoom 1 the frame covers its middle 20 × 20.
        store.answer(4, .ok(.record(["path": .string("/tmp/me.jpg"), "width": .int(40), "height": .int(20)]))) {
            $0.top.form.fields[0] = FormState.Field(
                value: Self.framed(zoom: 1, x: 0.5, y: 0.5), initial: .null, touched: false, dirty: true, error: nil)
            $0.pendingCalls = []
        }
        view = try #require(store.machine.view(of: store.state))
        #expect(view.element("choose_photo")?.text == "изменить фото")
        #expect(view.element("save")?.enabled == true)
        #expect(view.element("photo")?.field?.region == PhotoRegion(x: 0.25, y: 0, width: 0.5, height: 1))
        let form = store.program.screens[store.state.topInstance?.screen ?? 0]
        let field = try #require(form.element(named: "photo"))
        // Pinch past max_zoom stops at 4; a pan past the edges stops where the frame meets them.
        store.send(.pinch(element: field, zoom: 10)) {
            $0.top.form.fields[0].value = Self.framed(zoom: 4, x: 0.5, y: 0.5)
            $0.top.form.fields[0].touched = true
        }
        store.send(.pinch(element: field, zoom: 2)) {
            $0.top.form.fields[0].value = Self.framed(zoom: 2, x: 0.5, y: 0.5)
        }
        store.send(.pan(element: field, x: -1, y: 0.9)) {
            $0.top.form.fields[0].value = Self.framed(zoom: 2, x: 0.125, y: 0.75)
        }
        view = try #require(store.machine.view(of: store.state))
        #expect(view.element("photo")?.field?.region == PhotoRegion(x: 0, y: 0.5, width: 0.25, height: 0.5))
        store.tap("save") {
            $0.pendingCalls = [$0.call(5, "photos.crop", on: 3, event: .record([:]))]
            $0.nextCall = 6
        }
        store.receive(
            .callService(
                id: 5, service: "photos", operation: "crop",
                arguments: ["photo": Self.framed(zoom: 2, x: 0.125, y: 0.75)]))
        let cropped = Value.record(["path": .string("/tmp/me-crop.jpg"), "width": .int(10), "height": .int(10)])
        store.answer(5, .ok(cropped)) {
            $0.pendingCalls = [
                $0.call(6, "board.upload_photo", on: 3, event: .record([:]))
            ]
            $0.nextCall = 7
        }
        store.receive(
            .callService(
                id: 6, service: "board", operation: "upload_photo",
                arguments: ["photo_file": .string("/tmp/me-crop.jpg"), "user_id": .string("test-user")]))
        let photo = Value.record(["photo_id": .string("photo-7")])
        store.answer(6, .ok(.string("photo-7"))) {
            $0.pendingCalls = [$0.call(7, "board.add_entry", on: 3, event: photo)]
            $0.nextCall = 8
        }
        store.receive(
            .callService(
                id: 7, service: "board", operation: "add_entry",
                arguments: [
                    "buy_package": .string("donate.small"), "name": .string("Анна"), "photo_id": .string("photo-7"),
                    "surname": .string("Иванова"), "text": .string(""), "url": .string("https://example.org"),
                    "user_id": .string("test-user"),
                ]))
        store.answer(7, .ok(.null)) {
            $0[data: "has_entry"] = .bool(true)
            $0.alert = AlertState(image: "done", title: "Поздравляем", message: "Вы попали на доску почета")
            // The form closes at once; the event it sent goes on from Donate below, which refreshes its cards.
            $0.layers.removeLast()
            $0.pendingCalls = [$0.call(8, "board.list_entries", on: 2, event: .record([:]))]
            $0.nextCall = 9
        }
        store.receive([
            .persist(name: "has_entry", value: .bool(true)),
            .callService(
                id: 8, service: "board", operation: "list_entries", arguments: ["count": .int(6), "offset": .int(0)]),
        ])
        store.answer(8, .ok(.list([]))) {
            $0.pendingCalls = []
        }
        view = try #require(store.machine.view(of: store.state))
        #expect(view.element("delete")?.visible == true)
        #expect(view.element("add")?.visible == false)
    }

    /// The picked 40 × 20 `/tmp/me.jpg` as the photo field holds it, framed at `zoom` around (`x`, `y`).
    static func framed(zoom: Double, x: Double, y: Double) -> Value {
        .record([
            "path": .string("/tmp/me.jpg"), "width": .int(40), "height": .int(20), "zoom": .number(zoom),
            "center_x": .number(x), "center_y": .number(y), "aspect": .number(1), "max_side": .int(1024),
        ])
    }
}
