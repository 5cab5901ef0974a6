import Foundation
import SegueMachine
import Testing

@testable import SegueDriver
@testable import SegueRender

/// The contract with `segue serve` (docs/render.md): the drawing tags exactly what the input query offers, by the
/// paths the REPL and scenarios use, and its SVG is well-formed XML.
@Suite struct DrawingContractTests {
    /// The element inputs the query offers in a state, as (kind, path) tags.
    func offered(_ driver: FlowDriver, _ state: MachineState) -> Set<String> {
        guard let top = state.topInstance else { return [] }
        var tags: Set<String> = []
        for input in driver.machine.inputs(in: state) {
            guard let path = input.path else { continue }
            let reference = driver.program.reference(to: path, on: top.screen)
            switch input.action {
            case .tap: tags.insert((path.item != nil && path.part == nil ? "select " : "tap ") + reference)
            case .edit: tags.insert("edit " + reference)
            case .change: tags.insert("change " + reference)
            case .scroll: tags.insert("scroll_end " + reference)
            case .pinch, .pan: tags.insert("crop " + reference)
            default: continue
            }
        }
        return tags
    }

    func drawn(_ list: DisplayList) -> Set<String> {
        Set(list.inputs.compactMap { item in item.input?.path.map { "\(item.input!.kind.rawValue) \($0)" } })
    }

    @Test(arguments: ["donate", "pictone"])
    func everyScreenTagsExactlyTheElementInputsTheQueryOffers(flow: String) async throws {
        for device in RenderRequest.sideBySide {
            let fixture = try await RenderFixture.make(flow, device: device)
            defer { fixture.embedded.removeTemporaryFiles() }
            let stops = await ScreenTour(driver: fixture.driver).explore()
            #expect(stops.count == fixture.driver.program.screens.count, "every screen of \(flow) is reached")
            for stop in stops {
                let list = ScreenDrawing(machine: fixture.driver.machine, state: stop.state).draw()
                #expect(
                    drawn(list) == offered(fixture.driver, stop.state), "\(flow) \(stop.screen) on \(device.name)")
                let backOffered = fixture.driver.machine.inputs(in: stop.state).contains { $0.action == .back }
                let backDrawn = list.inputs.contains { $0.input?.kind == .back }
                #expect(!backDrawn || backOffered, "a back button only when the query offers back")
            }
        }
    }

    @Test func aPushedScreenHasABackButtonTaggedBack() async throws {
        let fixture = try await RenderFixture.make("donate")
        defer { fixture.embedded.removeTemporaryFiles() }
        try await fixture.tap("donate")
        try await fixture.tap("all")
        let back = try #require(fixture.draw().inputs.first { $0.input?.kind == .back })
        #expect(back.frame.y == 59 + 10)
        let svg = SVGWriter().write(fixture.draw())
        #expect(svg.contains("data-kind=\"back\""))
        #expect(svg.contains("data-path=\"wall[0]\""))
        // All 12 entries came in the first page, so there is no next page to scroll to.
        #expect(!svg.contains("scroll_end"))
    }

    @Test func aWallWithMorePagesTagsItsEndForScrolling() async throws {
        let fixture = try await RenderFixture.make("donate", boardEntries: 60)
        defer { fixture.embedded.removeTemporaryFiles() }
        try await fixture.tap("donate")
        try await fixture.tap("all")
        let end = try #require(fixture.draw().inputs.first { $0.input?.kind == .scrollEnd })
        #expect(end.input?.path == "wall")
        #expect(end.input?.count == 50)
        let cells = fixture.draw().allItems.filter { $0.role == "cell" }
        #expect(end.frame.y >= cells.map(\.frame.maxY).max() ?? 0, "below the last cell")
    }

    @Test func theSVGCarriesTheContractsAttributesAndIsWellFormed() async throws {
        let fixture = try await RenderFixture.make("donate")
        defer { fixture.embedded.removeTemporaryFiles() }
        try await fixture.tap("donate")
        try await fixture.tap("options[0]")
        try await fixture.edit("name", "<Анна> & \"Мария\"")
        let svg = SVGWriter().write(fixture.draw())
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("width=\"393\" height=\"852\""))
        #expect(
            svg.contains(
                "class=\"segue-input segue-field\" data-element=\"name\" data-kind=\"edit\" data-path=\"name\" data-x=\"20\""
            ))
        #expect(svg.contains("data-value=\"&lt;Анна&gt; &amp; &quot;Мария&quot;\" data-placeholder=\"Имя\""))
        // An empty photo field takes no input (the button picks a photo); `crop` tags one that holds a photo.
        #expect(!svg.contains("data-field-kind=\"photo\""))
        #expect(svg.contains("data-kind=\"dismiss_alert\""))
        try expectWellFormed(svg)
    }

    @Test func aSideBySidePictureHoldsBothDevicesAndIsWellFormed() async throws {
        let small = try await RenderFixture.make("pictone", device: .iPhoneSE)
        let large = try await RenderFixture.make("pictone", device: .iPhone16ProMax)
        defer {
            small.embedded.removeTemporaryFiles()
            large.embedded.removeTemporaryFiles()
        }
        let svg = SVGWriter().writeSideBySide([small.draw(), large.draw()])
        #expect(svg.contains("width=\"880\""), "40 + 320 + 40 + 440 + 40")
        #expect(svg.contains("iPhone SE · 320×568 pt"))
        #expect(svg.contains("iPhone 16 Pro Max · 440×956 pt"))
        try expectWellFormed(svg)
    }

    /// Runs `xmllint --noout`; skips with a message where libxml2-utils is missing.
    func expectWellFormed(_ svg: String) throws {
        guard
            let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            print("skipped: xmllint is not installed (apt-get install libxml2-utils)")
            return
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("segue-\(UUID().uuidString).svg")
        try Data(svg.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xmllint)
        process.arguments = ["--noout", file.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "xmllint: \(message)")
    }
}
