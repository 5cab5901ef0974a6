import SegueExpression
import Testing

@testable import SegueMachine

/// Recording a take: the line highlighted while it records, the level following the input.
extension MediaTests {
    /// Taps `record`: the take for line `b` (index 1) is asked for and shown as recording once it starts.
    static func record(_ store: TestStore) {
        store.tap("record") {
            $0.pendingCalls = [$0.call(1, "audio.record", on: 1)]
            $0.nextCall = 2
            $0.recording = RecordingState(instance: 1, line: 1, call: 1)
        }
        store.receive(
            .callService(
                id: 1, service: "audio", operation: "record",
                arguments: ["line": .string("b"), "character": .string("Bob")]))
    }

    @Test func aRecordingTakeIsHighlightedAndItsLevelFollowsTheInput() throws {
        let store = try launched()
        store.send(.inputLevel(0.3), trace: ["ignored input level 0.3: no take is recording"])
        Self.record(store)
        #expect(try view(store).highlightedLine == nil)
        store.answer(1, .ok(.record(["recording": .bool(true)]))) {
            $0.pendingCalls = []
            $0.recording?.capturing = true
        }
        #expect(try view(store).highlightedLine == 1)
        #expect(try view(store).highlightColor == "#FFD6D6")
        store.send(.inputLevel(0.3)) { $0[top: "level"] = .number(0.3) }
        // A level above 1 is clipped.
        store.send(.inputLevel(7)) { $0[top: "level"] = .number(1) }
        store.tap("stop_recording") {
            $0.pendingCalls = [$0.call(2, "audio.stop_recording", on: 1)]
            $0.nextCall = 3
        }
        store.receive(.callService(id: 2, service: "audio", operation: "stop_recording", arguments: [:]))
        store.answer(2, .ok(.record(["line": .string("b")]))) {
            $0.pendingCalls = []
            $0.recording = nil
        }
        #expect(try view(store).highlightedLine == nil)
    }

    @Test func aRecordingThatFailsToStartIsNotHighlighted() throws {
        let store = try launched()
        Self.record(store)
        store.answer(1, .error(ServiceError(service: "audio", code: "busy", message: "busy"))) {
            $0.pendingCalls = []
            $0.recording = nil
            $0.alert = AlertState(image: "error", title: "Error", message: "busy")
        }
        #expect(try view(store).highlightedLine == nil)
    }
}
