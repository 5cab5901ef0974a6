import Foundation
import SegueExpression
import SegueMachine
import SegueModel
import SegueTestFixtures
import Testing

@testable import SegueRender

@Suite struct ScreenDrawingTests {
    /// The donate form on a device, after buying the first option.
    func form(on device: DeviceProfile) async throws -> RenderFixture {
        let fixture = try await RenderFixture.make("donate", device: device)
        try await fixture.tap("donate")
        try await fixture.tap("options[0]")
        #expect(fixture.driver.view?.screen == "donate_form")
        return fixture
    }

    @Test func aFieldSitsInsideTheMarginsTheFlowComputesForEachDevice() async throws {
        for (device, margins) in [(DeviceProfile.iPhoneSE, 16.0), (DeviceProfile.iPhone16ProMax, 20.0)] {
            let fixture = try await form(on: device)
            defer { fixture.embedded.removeTemporaryFiles() }
            let name = try #require(fixture.draw().allItems.first { $0.role == "field" && $0.element == "name" })
            #expect(name.frame.x == margins, "\(device.name)")
            #expect(name.frame.width == device.width - 2 * margins, "\(device.name)")
            #expect(name.frame.height == 44)
            #expect(name.input?.kind == .edit)
            #expect(name.input?.path == "name")
            #expect(name.input?.placeholder == "Имя")
            #expect(name.input?.value == "")
        }
    }

    @Test func aFieldShowsItsValueAndTheRulesMessageUnderIt() async throws {
        let fixture = try await form(on: .iPhone15)
        defer { fixture.embedded.removeTemporaryFiles() }
        try await fixture.edit("name", "Анна Мария")
        let items = fixture.draw().allItems
        let field = try #require(items.first { $0.role == "field" && $0.element == "name" })
        #expect(field.input?.value == "Анна Мария")
        let error = try #require(items.first { $0.role == "field-error" })
        #expect(error.frame.y > field.frame.maxY)
        guard case .text(let run) = error.shape else {
            Issue.record("the error is not text")
            return
        }
        #expect(run.lines == ["Имя — одно слово"])
        #expect(run.color == "#FF3B30")
        // The submit button is disabled while the form has errors, so it carries no input.
        let save = try #require(items.first { $0.role == "button" && $0.element == "save" })
        #expect(!save.enabled && save.input == nil)
    }

    /// The donate flow is Russian (`locale: ru`): a built-in rule message under a field is the catalog's Russian.
    @Test func aBuiltInRuleMessageIsDrawnInTheFlowsLocale() async throws {
        let fixture = try await form(on: .iPhone15)
        defer { fixture.embedded.removeTemporaryFiles() }
        try await fixture.edit("surname", "Кто")
        try await fixture.edit("surname", "")
        let errors = fixture.draw().allItems.filter { $0.role == "field-error" }.compactMap { item -> [String]? in
            guard case .text(let run) = item.shape else { return nil }
            return run.lines
        }
        #expect(errors == [["Обязательное поле"]])
    }

    /// A slider's `label:` is drawn on a line above its track (7GUIs' timer: "Duration:").
    @Test func aSlidersLabelIsDrawnAboveIt() async throws {
        let fixture = try await RenderFixture.make("examples/7guis/timer.yaml", device: .iPhone15)
        defer { fixture.embedded.removeTemporaryFiles() }
        let items = fixture.draw().allItems
        let slider = try #require(items.first { $0.role == "slider" && $0.element == "duration" })
        let label = try #require(
            items.first { item in
                if case .text(let run) = item.shape { return run.lines == ["Duration:"] }
                return false
            })
        #expect(label.frame.maxY <= slider.frame.y)
        #expect(label.frame.x == slider.frame.x)
    }

    /// A theme style colours a text with its title colour (7GUIs' flight booker: a red "not a day").
    @Test func aTextTakesItsStylesColour() async throws {
        let fixture = try await RenderFixture.make("examples/7guis/flight-booker.yaml", device: .iPhone15)
        defer { fixture.embedded.removeTemporaryFiles() }
        try await fixture.edit("start", "31.02.2014")
        let warning = try #require(fixture.draw().allItems.first { $0.element == "start_invalid" })
        guard case .text(let run) = warning.shape else {
            Issue.record("the warning is not text: \(warning.shape)")
            return
        }
        #expect(run.lines == ["not a day"])
        #expect(run.color == "#FF3B30")
    }

    @Test func aMultilineFieldGrowsWithItsText() async throws {
        let fixture = try await form(on: .iPhone15)
        defer { fixture.embedded.removeTemporaryFiles() }
        let before = try #require(fixture.draw().allItems.first { $0.element == "text" && $0.role == "field" })
        try await fixture.edit("text", String(repeating: "Спасибо за проект! ", count: 20))
        let after = try #require(fixture.draw().allItems.first { $0.element == "text" && $0.role == "field" })
        #expect(before.frame.height == 5 * 22 + 22, "five lines to start")
        #expect(after.frame.height > before.frame.height)
    }

    @Test func aModalIsACardOverItsPresenterFromIOS13AndFullScreenBefore() async throws {
        let old = try await RenderFixture.make("donate", device: .iPhoneSE)
        defer { old.embedded.removeTemporaryFiles() }
        try await old.tap("donate")
        let full = old.draw()
        #expect(!full.allItems.contains { $0.role.hasSuffix("presenter") })
        let oldScreen = try #require(full.items.last { $0.role.hasPrefix("screen") })
        #expect(oldScreen.frame == Rect(x: 0, y: 0, width: 320, height: 568))

        let new = try await RenderFixture.make("donate", device: .iPhone15)
        defer { new.embedded.removeTemporaryFiles() }
        try await new.tap("donate")
        let card = new.draw()
        #expect(card.items.contains { $0.role == "screen presenter" && $0.element == "main" })
        let sheet = try #require(card.items.last { $0.role == "screen sheet" })
        #expect(sheet.frame == Rect(x: 0, y: 59 + 10, width: 393, height: 852 - 69))
        // The presenter under the card takes no input; the grabber swipes the sheet down.
        #expect(!card.inputs.contains { $0.input?.path == "donate" })
        #expect(card.inputs.contains { $0.input?.kind == .swipeDismiss })
    }

    @Test func aHeadlineTextIsSemiboldAndABodyTextIsNot() async throws {
        let fixture = try await RenderFixture.make("donate")
        defer { fixture.embedded.removeTemporaryFiles() }
        try await fixture.tap("donate")
        let card = try #require(fixture.draw().allItems.first { $0.input?.path == "latest[1]" })
        let runs = card.children.compactMap { item -> (String, Bool)? in
            guard case .text(let run) = item.shape, let element = item.element else { return nil }
            return (element, run.bold)
        }
        #expect(runs.first { $0.0 == "name" }?.1 == true)
        #expect(runs.first { $0.0 == "body" }?.1 == false)
    }

    @Test func theChosenPhotoIsEmbeddedInItsCropFrame() async throws {
        let fixture = try await form(on: .iPhone15)
        defer { fixture.embedded.removeTemporaryFiles() }
        let empty = try #require(fixture.draw().allItems.first { $0.role == "field photo" })
        #expect(!empty.children.contains { if case .framedPicture = $0.shape { true } else { false } })
        await fixture.driver.script(
            "photos.pick",
            .ok(.record(["path": .string("flows/donate/photo.png"), "width": .int(640), "height": .int(480)])))
        try await fixture.tap("choose_photo")
        let photo = try #require(fixture.draw().allItems.first { $0.role == "field photo" })
        #expect(photo.frame.width == photo.frame.height, "aspect 1")
        #expect(photo.input?.crop == CropFrame(aspect: 1, minZoom: 1, maxZoom: 4))
        guard case .framedPicture(let uri, let region) = photo.children.first?.shape else {
            Issue.record("no picture in the crop frame")
            return
        }
        #expect(uri.hasPrefix("data:image/png;base64,iVBOR"))
        // 640 × 480 in a square frame at zoom 1: the middle 480 × 480, the whole height.
        #expect(abs(region.x - 0.125) < 1e-9 && region.y == 0 && abs(region.width - 0.75) < 1e-9 && region.height == 1)
        let path = try #require(fixture.driver.program.path("photo", on: fixture.driver.state.topInstance?.screen ?? 0))
        await fixture.driver.send(.pinch(element: path.element, zoom: 2))
        await fixture.driver.send(.pan(element: path.element, x: 0, y: 0))
        let framed = try #require(fixture.draw().allItems.first { $0.role == "field photo" })
        guard case .framedPicture(_, let zoomed) = framed.children.first?.shape else {
            Issue.record("no picture in the crop frame after the pinch")
            return
        }
        // Zoom 2 shows 240 × 240 of it; panned to the top-left corner, as far as the frame stays on the picture.
        #expect(zoomed == PhotoRegion(x: 0, y: 0, width: 0.375, height: 0.5))
        #expect(framed.input?.kind == .crop && framed.input?.zoom == 2)
        #expect(SVGWriter().write(fixture.draw()).contains("viewBox=\"0 0 3750 5000\""))
        #expect(ImageFiles(roots: [repository.path]).dataURI(for: "flows/donate.yaml") == nil, "not a picture")
    }

    @Test func aServersPhotoURLNeverReadsAFileOutsideTheFlow() async throws {
        // Issue 16's hostile server: an entry's `photo_url` naming a picture on this machine draws the placeholder,
        // whether absolute or a way out of the flow's folder; a path inside it is drawn.
        let fixture = try await RenderFixture.make("donate")
        defer { fixture.embedded.removeTemporaryFiles() }
        let photo = repository.appendingPathComponent("flows/donate/photo.png").path
        func entry(_ id: Int, _ url: String) -> Value {
            .record([
                "id": .int(id), "user_id": .string("u\(id)"), "name": .string("Анна"), "surname": .string("Л"),
                "text": .string(""), "url": .null, "buy_package": .string("donate.small"), "photo_id": .null,
                "photo_url": .string(url), "created_at": .string("2026-01-01T00:00:00Z"),
            ])
        }
        await fixture.driver.script(
            "board.list_entries",
            .ok(
                .list([entry(1, photo), entry(2, "../flows/donate/photo.png"), entry(3, "../../flows/donate.yaml")]))
        )
        try await fixture.tap("donate")
        let pictures = fixture.draw().allItems.filter { if case .picture = $0.shape { true } else { false } }
        #expect(pictures.isEmpty, "\(pictures.count) pictures read from outside the flow's folder")
        #expect(ImageFiles(roots: [repository.path]).dataURI(for: photo) != nil, "the file itself is a picture")
        #expect(ImageFiles.isConfined("../flows/donate/photo.png") == false)
        #expect(ImageFiles.isConfined("covers/hamlet.png"))
    }

    @Test func aScrollingScreenScrollsOrIsDrawnFullLength() async throws {
        let fixture = try await RenderFixture.make("donate", device: .iPhoneSE)
        defer { fixture.embedded.removeTemporaryFiles() }
        try await fixture.tap("donate")
        let phone = fixture.draw()
        #expect(phone.height == 568)
        #expect(phone.contentHeight > 1000, "six cards and three options do not fit")
        #expect(phone.allItems.contains { $0.role == "scroll-indicator" })
        let full = ScreenDrawing(machine: fixture.driver.machine, state: fixture.driver.state, fullLength: true).draw()
        #expect(full.height == phone.contentHeight)
        #expect(!full.allItems.contains { $0.role == "scroll-indicator" })
        let all = try #require(full.inputs.first { $0.input?.path == "all" })
        #expect(all.frame.maxY <= full.height)
    }

    @Test func aCardsTextIsCutAtItsMaxLinesWithAnEllipsisAndItsMoreButton() async throws {
        let layout = TextLayout(width: 120, textScale: 1)
        let text = "To be, or not to be, that is the question: whether 'tis nobler in the mind to suffer"
        let lines = layout.wrap(text, maxLines: 2)
        #expect(lines.count == 2)
        #expect(lines[1].hasSuffix("…"))
        #expect(layout.advance(of: lines[1]) <= 120)
        #expect(layout.wrap(text).count == TextMeasure.lineCount(text, width: 120))
    }

    @Test func wrappingBreaksWhereLineCountCounts() {
        let texts = [
            "Спасибо!", "", "one", "a very long wordwithoutanyspacesthatmustbreakinsideitselfmanytimesover end",
            "Two\nparagraphs here\n\nand a blank one", "   leading and trailing   ", "日本語のテキストはとても幅が広い",
        ]
        for width in [40.0, 80, 120, 200, 353] {
            for text in texts where !text.isEmpty {
                let layout = TextLayout(width: width, textScale: 1)
                #expect(
                    layout.wrap(text).count == TextMeasure.lineCount(text, width: width), "\(text) at \(width)")
            }
        }
    }

    @Test func anAlertIsDrawnOnTopWithItsImageTitleAndMessage() async throws {
        let fixture = try await form(on: .iPhone15)
        defer { fixture.embedded.removeTemporaryFiles() }
        let list = fixture.draw()
        let alert = try #require(list.items.last)
        #expect(alert.role == "alert")
        #expect(alert.input?.kind == .dismissAlert)
        let items = list.allItems
        #expect(items.contains { $0.role == "alert-icon done" })
        let title = try #require(items.first { $0.role == "alert-title" })
        if case .text(let run) = title.shape { #expect(run.lines == ["Отлично"]) }
    }

    @Test func aCollectionIsAGridOfTheComputedColumnsAndCellWidths() async throws {
        for (device, columns) in [(DeviceProfile.iPhone15, 2), (DeviceProfile.iPhone16ProMax, 3)] {
            let fixture = try await RenderFixture.make("donate", device: device)
            defer { fixture.embedded.removeTemporaryFiles() }
            try await fixture.tap("donate")
            try await fixture.tap("all")
            let cells = fixture.draw().allItems.filter { $0.role == "cell" && $0.input?.kind == .select }
            let cellWidth = (device.width - 40 - Double(columns - 1) * 8) / Double(columns)
            #expect(cells.count == 12)
            #expect(cells.first?.frame.width == cellWidth)
            #expect(cells.first?.frame.height == 220)
            #expect(Set(cells.prefix(columns).map(\.frame.y)).count == 1, "one row of \(columns)")
            #expect(cells[columns].frame.y == cells[0].frame.y + 228)
            #expect(cells.first?.input?.path == "wall[0]")
        }
    }

    @Test func theScriptHighlightsTheLineBeingPlayedAndMarksItsEnd() async throws {
        let fixture = try await RenderFixture.make("pictone")
        defer { fixture.embedded.removeTemporaryFiles() }
        await fixture.driver.advance(by: 1.5)
        try await fixture.tap("featured")
        try await fixture.tap("lines[1].play")
        let items = fixture.draw().allItems
        let highlighted = items.filter { $0.role == "line highlighted" }
        #expect(highlighted.count == 1)
        if case .box(let fill, _, _, _) = highlighted.first?.shape { #expect(fill == "#CFE8FF") }
        #expect(highlighted.first?.children.contains { $0.input?.path == "lines[1].play" } == true)
        #expect(items.contains { $0.role == "end-marker" })
        #expect(items.contains { $0.input?.path == "share" })
        let slider = try #require(items.first { $0.role == "slider" })
        #expect(slider.input?.minimum == 0 && slider.input?.maximum == 2)
        let picker = try #require(items.first { $0.role == "picker" })
        #expect(picker.input?.options == ["sample"])
    }
}
