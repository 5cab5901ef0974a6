import SegueExpression
import SegueModel
import Testing

@testable import SegueMachine

/// A run shows built-in texts in the flow's locale (else the device's), with the flow's `messages:` on top.
@Suite struct LocalizedMessageTests {
    static func flow(_ head: String) -> String {
        """
        segue: 1
        flow: locale
        start: main
        \(head)
        services:
          board: { kind: api, endpoints: { list: { method: GET, path: /list, result: any } } }
        screens:
          main:
            elements:
              - field: name
                rules: [required, { max_length: 21 }]
              - field: word
                rules: [single_word]
              - field: link
                rules: [url]
              - field: code
                rules: [{ min_length: 5 }, { pattern: "[0-9]+" }]
              - button: load
                label: Load
                tap: [{ call: board.list }]
              - button: fail
                label: Fail
                tap: [{ call: board.list, error: [{ alert: { image: error, message: "${error.message}" } }] }]
        """
    }

    func errors(_ harness: Harness) -> [String?] {
        harness.machine.view(of: harness.state)?.elements.prefix(4).map { $0.field?.error } ?? []
    }

    @Test func eachRuleMessageIsInTheFlowsLocale() throws {
        var harness = try Harness(Self.flow("locale: ru"))
        harness.launch()
        harness.edit("name", String(repeating: "я", count: 22))
        harness.edit("word", "два слова")
        harness.edit("link", "ftp://a.b")
        harness.edit("code", "12")
        #expect(
            errors(harness) == [
                "Максимум 21 символ", "Введите одно слово", "Введите ссылку, которая начинается с http:// или https://",
                "Минимум 5 символов",
            ])
        harness.edit("name", "")
        harness.edit("code", "12345x")
        #expect(errors(harness)[0] == "Обязательное поле")
        #expect(errors(harness)[3] == "Значение в неверном формате")
    }

    @Test func withoutALocaleTheDevicesChooses() throws {
        var russianDevice = DeviceProfile.standard
        russianDevice.locale = "ru-RU"
        var harness = try Harness(Self.flow(""), device: russianDevice)
        harness.launch()
        harness.edit("name", "")
        #expect(errors(harness)[0] == "Обязательное поле")
        var english = try Harness(Self.flow(""))
        english.launch()
        english.edit("name", "")
        #expect(errors(english)[0] == "This field is required")
    }

    @Test func aFlowsMessagesOverrideTheCatalogAndARulesOwnMessageWins() throws {
        let head = """
            locale: ru
            messages:
              rule.required: { ru: Заполните поле, en: Fill it in }
              rule.max_length:
                ru: { one: "Не длиннее {max} знака", few: "Не длиннее {max} знаков", many: "Не длиннее {max} знаков", other: "?" }
            """
        var harness = try Harness(Self.flow(head))
        harness.launch()
        harness.edit("name", "")
        #expect(errors(harness)[0] == "Заполните поле")
        harness.edit("name", String(repeating: "я", count: 22))
        #expect(errors(harness)[0] == "Не длиннее 21 знака")
        var own = try Harness(
            Self.flow("locale: ru").replacingOccurrences(of: "[required,", with: "[{ required: true, message: Имя? },"))
        own.launch()
        own.edit("name", "")
        #expect(errors(own)[0] == "Имя?")
    }

    @Test func theDefaultErrorAlertAndAnUntitledErrorAlertTakeTheCatalogsTitle() throws {
        var harness = try Harness(Self.flow("locale: ru"))
        harness.launch()
        harness.tap("load")
        harness.answer(.error(ServiceError(service: "board", code: "x", message: "")))
        #expect(harness.state.alert == AlertState(image: "error", title: "Ошибка", message: "Что-то пошло не так"))
        var untitled = try Harness(Self.flow("locale: en"))
        untitled.launch()
        untitled.tap("fail")
        untitled.answer(.error(ServiceError(service: "board", code: "x", message: "Timed out")))
        #expect(untitled.state.alert == AlertState(image: "error", title: "Error", message: "Timed out"))
    }

    @Test func aStoresBuiltInTextIsShownInTheFlowsLocaleAndAScriptedOneStays() throws {
        let flow = """
            segue: 1
            flow: shop
            start: main
            locale: en
            messages:
              store.network: No App Store right now
            services:
              store: { kind: store }
            screens:
              main:
                elements:
                  - button: buy
                    label: Buy
                    tap: [{ call: store.purchase, with: { product: "'a'" }, cancelled: [] }]
            """
        var harness = try Harness(flow)
        harness.launch()
        harness.tap("buy")
        harness.answer(.error(ServiceError(service: "store", code: "network", message: "Нет соединения с App Store")))
        #expect(harness.state.alert?.message == "No App Store right now")
        harness.send(.dismissAlert)
        harness.tap("buy")
        harness.answer(
            .error(ServiceError(service: "store", code: "insufficient_funds", message: "Недостаточно средств")))
        #expect(harness.state.alert?.message == "Insufficient funds")
        harness.send(.dismissAlert)
        harness.tap("buy")
        harness.answer(.error(ServiceError(service: "store", code: "network", message: "Нет сети")))
        #expect(harness.state.alert?.message == "Нет сети")
    }
}
