import Foundation
import SegueExpression
import Testing

@testable import SegueRuntime

/// The real donations flow (`flows/donate.yaml`), driven through its main path and rendered.
@Suite struct DonateFlowTests {
    static func harness(device: DeviceProfile = .iPhone15) throws -> Harness {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("flows/donate.yaml"), encoding: .utf8)
        return try Harness(text, device: device)
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
        var harness = try Self.harness()
        harness.launch(defaults: ["MatimatikProfileID": .string("test-user")])
        harness.tap("donate")
        #expect(harness.stack == [["main"], ["donate"]])
        #expect(harness.calls == [#"store.products({ids: ["donate.small", "donate.medium", "donate.large"]})"#])
        harness.answer(.ok(Self.products))
        #expect(harness.calls == [#"board.list_entries({count: 6, offset: 0})"#])
        harness.answer(.ok(.list([Self.entry("Анна", "Спасибо!")])))
        let view = try #require(harness.machine.view(of: harness.state))
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

    @Test func aPurchaseShowsTheDoneAlertThenPresentsTheForm() throws {
        var harness = try Self.harness()
        harness.launch()
        harness.tap("donate")
        harness.answer(.ok(Self.products))
        harness.answer(.ok(.null))
        harness.tap("options[1]")
        #expect(harness.calls == [#"store.purchase({product: "donate.medium"})"#])
        harness.answer(.ok(.record(["transaction_id": .string("t1"), "product": .string("donate.medium")])))
        #expect(
            harness.state.alert == AlertState(image: "done", title: "Отлично", message: "Покупка успешно произведена"))
        #expect(harness.stack == [["main"], ["donate"], ["donate_form"]])
        #expect(harness.data("purchased") == .string("donate.medium"))
        #expect(harness.last.effects.contains(.persist(name: "purchased", value: .string("donate.medium"))))
    }

    @Test func aFailedPurchaseShowsTheServersMessage() throws {
        var harness = try Self.harness()
        harness.launch()
        harness.tap("donate")
        harness.answer(.ok(Self.products))
        harness.answer(.ok(.null))
        harness.tap("options[0]")
        harness.answer(.error(ServiceError(service: "store", code: "11", message: "Недостаточно средств")))
        #expect(harness.state.alert == AlertState(image: "error", title: "Ошибка", message: "Недостаточно средств"))
        #expect(harness.stack == [["main"], ["donate"]])
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
