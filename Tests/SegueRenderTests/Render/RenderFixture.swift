import Foundation
import SegueCheck
import SegueMachine
import SegueTestFixtures

@testable import SegueDriver
@testable import SegueRender

/// A seed flow on its embedded services, driven to a screen, for the drawing's tests.
struct RenderFixture {
    let driver: FlowDriver
    let embedded: EmbeddedServices

    /// `flow`: a seed flow's name, or a path from the repository's root (`examples/7guis/timer.yaml`).
    static func make(_ flow: String, device: DeviceProfile = .standard, boardEntries: Int = 12) async throws
        -> RenderFixture
    {
        let relative = flow.hasSuffix(".yaml") ? flow : "flows/\(flow).yaml"
        let loaded = FlowLoader().load(path: repository.appendingPathComponent(relative).path)
        guard let checked = loaded.checked else { throw FixtureProblem(message: "\(flow) does not load") }
        let embedded = try await EmbeddedServices.make(
            for: checked.flow, options: ServiceOptions(boardEntries: boardEntries, root: repository.path))
        let driver = FlowDriver(program: Compiler.compile(checked), embedded: embedded, device: device)
        await driver.launch()
        return RenderFixture(driver: driver, embedded: embedded)
    }

    struct FixtureProblem: Error {
        var message: String
    }

    /// Taps an element by the name people write, failing when the input query refuses it.
    func tap(_ reference: String) async throws {
        guard case .success(let path) = driver.machine.path(reference, in: driver.state, for: .tap),
            driver.machine.refusal(of: .tap(path), in: driver.state) == nil
        else { throw FixtureProblem(message: "cannot tap \(reference)") }
        await driver.send(.tap(path))
    }

    func edit(_ field: String, _ text: String) async throws {
        guard case .success(let path) = driver.machine.path(field, in: driver.state, for: .edit) else {
            throw FixtureProblem(message: "no field \(field)")
        }
        await driver.send(.edit(element: path.element, value: .string(text)))
    }

    func draw() -> DisplayList {
        ScreenDrawing(
            machine: driver.machine, state: driver.state,
            images: ImageFiles(roots: [repository.appendingPathComponent("flows").path, repository.path]).resolver
        ).draw()
    }
}
