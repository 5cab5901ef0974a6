// segue-example: runs the donations flow headless with in-memory services and prints what the user sees.
//
//     swift run segue-example [flows/donate.yaml]
import Foundation
import SegueExpression
import SegueMachine
import SegueRuntime

/// Reads, checks and compiles a flow file, printing its errors on failure.
func compileFlow(at path: String) -> Program? {
    do {
        return try Compiler.compile(path: path)
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        return nil
    }
}

/// The screen as text: title, then each visible element, list items indented.
func printScreen(_ view: ScreenView?) {
    guard let view else { return print("(nothing on screen)") }
    print("── \(view.title ?? view.screen)   [\(view.breadcrumb.map(\.description).joined(separator: " › "))]")
    for element in view.elements where element.visible {
        let state = element.enabled ? "" : " (disabled)"
        if let items = element.items {
            print("  \(element.id):")
            for row in items {
                print(
                    "    • " + row.filter(\.visible).compactMap(\.text).filter { !$0.isEmpty }.joined(separator: " — "))
            }
        } else if let field = element.field {
            let value =
                field.value.isNull || field.value == .string("")
                ? "‹\(field.placeholder ?? "")›" : field.value.description
            print("  [\(element.id): \(value)]" + (field.error.map { "  ⚠︎ \($0)" } ?? ""))
        } else {
            print("  \(element.kind.rawValue) \(element.id): \(element.text ?? "")\(state)")
        }
    }
    if let alert = view.alert { print("  ⟪\(alert.image)⟫ \(alert.title): \(alert.message ?? "")") }
}

let path = CommandLine.arguments.dropFirst().first ?? "flows/donate.yaml"
guard let program = compileFlow(at: path) else { exit(1) }

let products: [Value] = [("donate.small", "149,00 ₽"), ("donate.medium", "379,00 ₽"), ("donate.large", "749,00 ₽")]
    .map { .record(["id": .string($0.0), "title": .string($0.0), "price": .string($0.1)]) }
let services: [String: any FlowService] = [
    "store": InMemoryService(operations: ["products", "purchase"]) { operation, arguments in
        operation == "products"
            ? .ok(.list(products))
            : .ok(.record(["transaction_id": .string("t-1"), "product": arguments["product"] ?? .null]))
    },
    "board": InMemoryService(operations: ["list_entries", "remove_entry"]) { _, _ in
        .ok(
            .list([
                .record([
                    "name": .string("Анна"), "surname": .string("Иванова"), "text": .string("Спасибо за проект!"),
                    "url": .string("https://example.org"), "photo_url": .string(""), "user_id": .string("u1"),
                    "created": .string("2024-05-01"),
                ])
            ]))
    },
    "defaults": InMemoryService(operations: ["get"]) { _, _ in .ok(.string("example-user")) },
]

let session = Session(program: program, services: services, persistence: MemoryPersistence())
await session.launch(device: .iPhone15)
printScreen(await session.view)

// Open the donation screen: it loads prices from the store and the latest entries from the board.
if let donate = program.path("donate", on: program.start) {
    await session.send(.tap(donate))
    await session.waitUntilIdle()
    printScreen(await session.view)
}

// Buy the medium option: the done alert, then the form.
if let screen = await session.state.topInstance?.screen, let option = program.path("options[1]", on: screen) {
    await session.send(.tap(option))
    await session.waitUntilIdle()
    printScreen(await session.view)
}
