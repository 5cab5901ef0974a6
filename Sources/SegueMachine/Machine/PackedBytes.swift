/// The byte-level pieces of a packed state (`StatePacker`): variable-length integers written onto a byte array, a
/// bounds-checked reader over them, and the table that gives each distinct value a small number.
///
///     var bytes: [UInt8] = []
///     bytes.appendVarint(300)  // [0xAC, 0x02]
extension [UInt8] {
    /// An unsigned integer, seven bits a byte, low bits first (LEB128): 0…127 take one byte.
    @inline(__always)
    mutating func appendVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        append(UInt8(truncatingIfNeeded: rest))
    }

    /// A signed integer, zigzagged so that small negative numbers are short too (-1 → 1, 1 → 2).
    @inline(__always)
    mutating func appendInt(_ value: Int) {
        appendVarint(UInt64(bitPattern: Int64((value << 1) ^ (value >> 63))))
    }

    /// An optional integer: 0 for nil, else the zigzagged value plus one.
    @inline(__always)
    mutating func appendOptional(_ value: Int?) {
        guard let value else { return append(0) }
        appendVarint(UInt64(bitPattern: Int64((value << 1) ^ (value >> 63))) &+ 1)
    }
}

/// Reads what `[UInt8].appendVarint` and its siblings wrote; past the end (bytes that are not a packed state) it
/// reads zeros and remembers that it failed, so a caller checks once at the end instead of at every field.
struct PackedReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    private(set) var failed = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var atEnd: Bool { position == bytes.count }

    @inline(__always)
    mutating func byte() -> UInt8 {
        guard position < bytes.count else {
            failed = true
            return 0
        }
        defer { position += 1 }
        return bytes[position]
    }

    @inline(__always)
    mutating func varint() -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = byte()
            value |= UInt64(next & 0x7F) << shift
            if next < 0x80 { return value }
            shift += 7
            if shift > 63 {
                failed = true
                return value
            }
        }
    }

    @inline(__always)
    mutating func int() -> Int { Self.unzigzag(varint()) }

    @inline(__always)
    mutating func optional() -> Int? {
        let raw = varint()
        return raw == 0 ? nil : Self.unzigzag(raw &- 1)
    }

    /// A count of things to read: a number larger than the bytes left cannot be one, and stops the reader.
    @inline(__always)
    mutating func count() -> Int {
        let raw = varint()
        guard raw <= UInt64(bytes.count - min(position, bytes.count)) else {
            failed = true
            return 0
        }
        return Int(raw)
    }

    /// An index into `table`, or `fallback` (and a failed reader) when there is no such entry.
    @inline(__always)
    mutating func entry<T>(of table: [T], or fallback: T) -> T {
        entry(number: varint(), of: table, or: fallback)
    }

    /// The entry `number` of `table` (a number already read), or `fallback` and a failed reader.
    @inline(__always)
    mutating func entry<T>(number: UInt64, of table: [T], or fallback: T) -> T {
        guard number < UInt64(table.count) else {
            failed = true
            return fallback
        }
        return table[Int(number)]
    }

    /// Marks the bytes as not a packed state.
    mutating func fail() { failed = true }

    private static func unzigzag(_ raw: UInt64) -> Int {
        Int(Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
    }
}

/// Each distinct value once, numbered in the order first met: a packed state holds the number, and equal values
/// (by `==`, as `Hashable` says) get the same number, so equal states pack to equal bytes.
struct Interner<Element: Hashable & Sendable>: Sendable {
    private(set) var table: [Element] = []
    private var numbers: [Element: UInt64] = [:]
    /// The number given last: a run keeps handing over the same value (the launch environment).
    private var last = 0

    @inline(__always)
    mutating func number(of value: Element) -> UInt64 {
        if last < table.count, table[last] == value { return UInt64(last) }
        let number: UInt64
        if let known = numbers[value] {
            number = known
        } else {
            number = UInt64(table.count)
            table.append(value)
            numbers[value] = number
        }
        last = Int(number)
        return number
    }

    /// Numbers by the address of the storage a value's contents live in (an array's elements, a dictionary's
    /// table), for values the table holds: storage the table keeps alive is never changed (copy on write) and no
    /// other storage can take its address, so the same address is the same value, found without hashing it.
    private var byStorage: [UInt: UInt64] = [:]

    /// `number(of:)` for a value whose contents live at `storage` (nil: not shared storage, such as an empty list).
    @inline(__always)
    mutating func number(of value: Element, storage: UInt?) -> UInt64 {
        guard let storage else { return number(of: value) }
        if let known = byStorage[storage] { return known }
        let count = table.count
        let number = number(of: value)
        // Only storage the table itself now holds is remembered: `value` was added, with its storage.
        if table.count > count { byStorage[storage] = number }
        return number
    }
}

/// The address of the storage a value's contents live in, for `Interner.number(of:storage:)`: the same storage holds the same contents.
enum SharedStorage {
    /// A non-empty array's elements (an empty one has no storage of its own).
    @inline(__always)
    static func of<Element>(_ array: [Element]) -> UInt? {
        guard !array.isEmpty else { return nil }
        return array.withUnsafeBufferPointer { $0.baseAddress.map { UInt(bitPattern: $0) } }
    }

    /// A non-empty dictionary's table: the one reference a native dictionary is made of.
    @inline(__always)
    static func of<Key, Value>(_ dictionary: [Key: Value]) -> UInt? {
        guard !dictionary.isEmpty, MemoryLayout<[Key: Value]>.size == MemoryLayout<UnsafeRawPointer>.size else {
            return nil
        }
        return unsafeBitCast(dictionary, to: UInt.self)
    }
}
