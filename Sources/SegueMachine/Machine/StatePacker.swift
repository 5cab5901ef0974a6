import SegueExpression
import SegueModel

/// Packs machine states into short byte strings and back, so an exploration can keep a million states as bytes
/// and compare and hash them as bytes: two states pack to the same bytes exactly when they are equal (`==`).
///
/// Numbers are variable-length integers; what is usually empty or nil is one zero byte; texts, numbers with a
/// fraction, lists, records, frames with locals and the rarely present parts (alerts, queues, playback, sessions,
/// the launch environment) are numbered in tables the packer keeps (`Interner`), each distinct value once.
/// `extra` is a number the caller keeps beside each state (`segue check`: which pages its calls asked for).
///
///     var packer = StatePacker()
///     var bytes: [UInt8] = []
///     packer.pack(state, extra: 0, into: &bytes)
///     bytes.withUnsafeBufferPointer { packer.unpack($0) }?.state == state  // true
public struct StatePacker: Sendable {
    private var values = Interner<Value>()
    private var texts = Interner<String>()
    private var locals = Interner<[String: Value]>()
    private var forms = Interner<FormState>()
    private var histories = Interner<[Int: [Int]]>()
    private var outsideStates = Interner<[Int]>()
    /// The environment and the rare parts by their shared storage (`CopyOnWrite`): unpacking hands the same box
    /// to every state that has it, copying nothing.
    private var environments = Interner<CopyOnWrite<LaunchEnvironment>>()
    private var rareParts = Interner<CopyOnWrite<RareParts>>()

    public init() {}

    /// Appends the bytes of `state` and `extra` to `bytes`.
    public mutating func pack(_ state: MachineState, extra: Int, into bytes: inout [UInt8]) {
        bytes.append((state.launched ? 1 : 0) | (state.ended ? 2 : 0))
        bytes.appendVarint(environments.number(of: state.launchEnvironment))
        bytes.appendVarint(UInt64(state.layers.count))
        for layer in state.layers {
            bytes.appendVarint(UInt64(layer.stack.count) << 1 | (layer.navigation ? 1 : 0))
            for instance in layer.stack { pack(instance, into: &bytes) }
        }
        pack(state.data, into: &bytes)
        bytes.appendVarint(UInt64(state.pendingCalls.count))
        for call in state.pendingCalls {
            bytes.appendInt(call.id)
            bytes.appendVarint(texts.number(of: call.service))
            bytes.appendVarint(texts.number(of: call.operation))
            bytes.appendInt(call.pc)
            pack(call.frame, into: &bytes)
            bytes.appendOptional(call.state)
        }
        bytes.appendVarint(UInt64(state.timers.count))
        for timer in state.timers {
            bytes.appendInt(timer.id)
            bytes.appendOptional(timer.name)
            bytes.appendInt(Int(timer.deadline.nanoseconds))
            bytes.appendOptional(timer.interval.map { Int($0.nanoseconds) })
            bytes.appendInt(timer.entry)
            pack(timer.frame, into: &bytes)
        }
        bytes.appendInt(Int(state.now.nanoseconds))
        if !state.hasRareParts {
            bytes.append(0)
        } else {
            bytes.appendVarint(rareParts.number(of: state.rare, storage: state.rare.storage) &+ 1)
        }
        bytes.appendInt(state.nextInstance)
        bytes.appendInt(state.nextCall)
        bytes.appendInt(state.nextTimer)
        bytes.appendInt(state.nextSend)
        bytes.appendInt(state.nextSession)
        bytes.appendInt(extra)
    }

    /// The state and extra `pack` wrote as exactly these bytes; nil when they are not such bytes.
    public func unpack(_ bytes: UnsafeBufferPointer<UInt8>) -> (state: MachineState, extra: Int)? {
        var reader = PackedReader(bytes)
        var state = MachineState()
        let flags = reader.byte()
        state.launched = flags & 1 != 0
        state.ended = flags & 2 != 0
        state.launchEnvironment = reader.entry(of: environments.table, or: LaunchEnvironment.standard)
        let layers = reader.count()
        state.layers.reserveCapacity(layers)
        for _ in 0..<layers {
            let header = reader.varint()
            guard header >> 1 <= UInt64(bytes.count) else { return nil }
            var stack: [ScreenInstance] = []
            stack.reserveCapacity(Int(header >> 1))
            for _ in 0..<Int(header >> 1) { stack.append(unpackInstance(&reader)) }
            state.layers.append(NavigationLayer(navigation: header & 1 != 0, stack: stack))
        }
        state.data = unpackValues(&reader)
        let calls = reader.count()
        state.pendingCalls.reserveCapacity(calls)
        for _ in 0..<calls {
            let id = reader.int()
            let service = reader.entry(of: texts.table, or: "")
            let operation = reader.entry(of: texts.table, or: "")
            let pc = reader.int()
            let frame = unpackFrame(&reader)
            state.pendingCalls.append(
                PendingCall(
                    id: id, service: service, operation: operation, pc: pc, frame: frame, state: reader.optional()))
        }
        let timers = reader.count()
        state.timers.reserveCapacity(timers)
        for _ in 0..<timers {
            let id = reader.int()
            let name = reader.optional()
            let deadline = ClockDuration(nanoseconds: Int64(reader.int()))
            let interval = reader.optional().map { ClockDuration(nanoseconds: Int64($0)) }
            let entry = reader.int()
            state.timers.append(
                ScheduledTimer(
                    id: id, name: name, deadline: deadline, interval: interval, entry: entry,
                    frame: unpackFrame(&reader)))
        }
        state.now = ClockDuration(nanoseconds: Int64(reader.int()))
        let rare = reader.varint()
        if rare > 0 {
            guard rare <= UInt64(rareParts.table.count) else { return nil }
            state.rare = rareParts.table[Int(rare - 1)]
        }
        state.nextInstance = reader.int()
        state.nextCall = reader.int()
        state.nextTimer = reader.int()
        state.nextSend = reader.int()
        state.nextSession = reader.int()
        let extra = reader.int()
        guard !reader.failed, reader.atEnd else { return nil }
        return (state, extra)
    }

    private mutating func pack(_ instance: ScreenInstance, into bytes: inout [UInt8]) {
        bytes.appendInt(instance.id)
        bytes.appendInt(instance.screen)
        bytes.append(UInt8(truncatingIfNeeded: instance.transition.ordinal))
        bytes.appendVarint(instance.active.bits)
        if let outside = instance.active.outside {
            bytes.appendVarint(outsideStates.number(of: outside) &+ 1)
        } else {
            bytes.append(0)
        }
        pack(instance.values, into: &bytes)
        if instance.form.fields.isEmpty, !instance.form.submitted {
            bytes.append(0)
        } else {
            let storage = instance.form.submitted ? nil : SharedStorage.of(instance.form.fields)
            bytes.appendVarint(forms.number(of: instance.form, storage: storage) &+ 1)
        }
        if instance.history.isEmpty {
            bytes.append(0)
        } else {
            bytes.appendVarint(histories.number(of: instance.history) &+ 1)
        }
    }

    private func unpackInstance(_ reader: inout PackedReader) -> ScreenInstance {
        let id = reader.int()
        let screen = reader.int()
        let ordinal = Int(reader.byte())
        let transition = PackedTag.kinds.indices.contains(ordinal) ? PackedTag.kinds[ordinal] : .root
        var active = StateSet(bits: reader.varint())
        let outside = reader.varint()
        if outside > 0 { active.outside = reader.entry(number: outside - 1, of: outsideStates.table, or: []) }
        let values = unpackValues(&reader)
        let form = reader.varint()
        var instance = ScreenInstance(
            id: id, screen: screen, values: values, active: active,
            form: form == 0 ? FormState() : reader.entry(number: form - 1, of: forms.table, or: FormState()),
            transition: transition)
        let history = reader.varint()
        if history > 0 { instance.history = reader.entry(number: history - 1, of: histories.table, or: [:]) }
        return instance
    }

    private mutating func pack(_ frame: Frame, into bytes: inout [UInt8]) {
        bytes.appendInt(frame.instance)
        bytes.appendInt(frame.owner)
        pack(frame.event, into: &bytes)
        if frame.locals.isEmpty {
            bytes.append(0)
        } else {
            bytes.appendVarint(locals.number(of: frame.locals, storage: SharedStorage.of(frame.locals)) &+ 1)
        }
        bytes.appendOptional(frame.component)
    }

    private func unpackFrame(_ reader: inout PackedReader) -> Frame {
        let instance = reader.int()
        let owner = reader.int()
        let event = unpackValue(&reader)
        let number = reader.varint()
        var frame = Frame(
            instance: instance, owner: owner, event: event,
            locals: number == 0 ? [:] : reader.entry(number: number - 1, of: locals.table, or: [:]))
        frame.component = reader.optional()
        return frame
    }

    private mutating func pack(_ list: [Value], into bytes: inout [UInt8]) {
        bytes.appendVarint(UInt64(list.count))
        for value in list { pack(value, into: &bytes) }
    }

    private func unpackValues(_ reader: inout PackedReader) -> [Value] {
        let count = reader.count()
        var list: [Value] = []
        list.reserveCapacity(count)
        for _ in 0..<count { list.append(unpackValue(&reader)) }
        return list
    }

    @inline(__always)
    private mutating func pack(_ value: Value, into bytes: inout [UInt8]) {
        switch value {
        case .null: bytes.append(PackedTag.null)
        case .bool(let flag): bytes.append(flag ? PackedTag.yes : PackedTag.no)
        case .int(let number):
            if number >= 0, number <= Int(UInt8.max - PackedTag.smallInt) {
                bytes.append(PackedTag.smallInt + UInt8(number))
            } else {
                bytes.append(PackedTag.int)
                bytes.appendInt(number)
            }
        // Numbers with a fraction, texts, lists and records by their number: equal by `==` is what decides.
        case .number, .string:
            bytes.append(PackedTag.interned)
            bytes.appendVarint(values.number(of: value))
        case .list(let items):
            bytes.append(PackedTag.interned)
            bytes.appendVarint(values.number(of: value, storage: SharedStorage.of(items)))
        case .record(let fields):
            bytes.append(PackedTag.interned)
            bytes.appendVarint(values.number(of: value, storage: SharedStorage.of(fields)))
        }
    }

    @inline(__always)
    private func unpackValue(_ reader: inout PackedReader) -> Value {
        let tag = reader.byte()
        switch tag {
        case PackedTag.null: return .null
        case PackedTag.no: return .bool(false)
        case PackedTag.yes: return .bool(true)
        case PackedTag.int: return .int(reader.int())
        case PackedTag.interned: return reader.entry(of: values.table, or: .null)
        case PackedTag.smallInt...: return .int(Int(tag - PackedTag.smallInt))
        default:
            reader.fail()
            return .null
        }
    }
}

/// A value's first byte: null, false, true, an integer that follows, a table number that follows, or
/// `smallInt` and up for the integers 0…(255 - smallInt) in that one byte.
private enum PackedTag {
    static let null: UInt8 = 0
    static let no: UInt8 = 1
    static let yes: UInt8 = 2
    static let int: UInt8 = 3
    static let interned: UInt8 = 4
    static let smallInt: UInt8 = 8

    /// Transition kinds by `TransitionKind.ordinal`, to read one back.
    static let kinds: [TransitionKind] = {
        var kinds = [TransitionKind](repeating: .root, count: TransitionKind.allCases.count)
        for kind in TransitionKind.allCases where kind.ordinal < kinds.count { kinds[kind.ordinal] = kind }
        return kinds
    }()
}
