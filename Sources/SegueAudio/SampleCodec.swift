/// Converts between a WAV file's stored samples and normalized `Double` samples (full scale is ±1).
///
/// Integers map as `value / 2^(bits-1)` (8-bit is unsigned, centred on 128); encoding rounds to the nearest
/// integer (halves away from zero) and clips to the type's range, so it never wraps around.
enum SampleCodec {
    /// Decodes `count` samples stored at `source` into `target`.
    static func decode(
        _ source: UnsafeRawPointer, count: Int, encoding: SampleEncoding, into target: UnsafeMutablePointer<Double>
    ) {
        switch encoding {
        case .uint8:
            let bytes = source.assumingMemoryBound(to: UInt8.self)
            for i in 0..<count { target[i] = Double(Int(bytes[i]) - 128) * (1.0 / 128) }
        case .int16:
            for i in 0..<count {
                let value = Int16(littleEndian: source.loadUnaligned(fromByteOffset: i * 2, as: Int16.self))
                target[i] = Double(value) * (1.0 / 32768)
            }
        case .int24:
            let bytes = source.assumingMemoryBound(to: UInt8.self)
            for i in 0..<count {
                let raw = Int32(bytes[3 * i]) << 8 | Int32(bytes[3 * i + 1]) << 16 | Int32(bytes[3 * i + 2]) << 24
                target[i] = Double(raw >> 8) * (1.0 / 8_388_608)
            }
        case .int32:
            for i in 0..<count {
                let value = Int32(littleEndian: source.loadUnaligned(fromByteOffset: i * 4, as: Int32.self))
                target[i] = Double(value) * (1.0 / 2_147_483_648)
            }
        case .float32:
            for i in 0..<count {
                let bits = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
                target[i] = Double(Float(bitPattern: bits))
            }
        case .float64:
            for i in 0..<count {
                let bits = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))
                target[i] = Double(bitPattern: bits)
            }
        }
    }

    /// Encodes `count` samples from `source` into stored form at `target`, clipping integers to their range.
    static func encode(
        _ source: UnsafePointer<Double>, count: Int, encoding: SampleEncoding, into target: UnsafeMutableRawPointer
    ) {
        switch encoding {
        case .uint8:
            let bytes = target.assumingMemoryBound(to: UInt8.self)
            for i in 0..<count { bytes[i] = UInt8(quantize(source[i], scale: 128, max: 127) + 128) }
        case .int16:
            for i in 0..<count {
                let value = Int16(quantize(source[i], scale: 32768, max: 32767))
                target.storeBytes(of: value.littleEndian, toByteOffset: i * 2, as: Int16.self)
            }
        case .int24:
            let bytes = target.assumingMemoryBound(to: UInt8.self)
            for i in 0..<count {
                let value = quantize(source[i], scale: 8_388_608, max: 8_388_607)
                bytes[3 * i] = UInt8(truncatingIfNeeded: value)
                bytes[3 * i + 1] = UInt8(truncatingIfNeeded: value >> 8)
                bytes[3 * i + 2] = UInt8(truncatingIfNeeded: value >> 16)
            }
        case .int32:
            for i in 0..<count {
                let value = Int32(quantize(source[i], scale: 2_147_483_648, max: 2_147_483_647))
                target.storeBytes(of: value.littleEndian, toByteOffset: i * 4, as: Int32.self)
            }
        case .float32:
            for i in 0..<count {
                target.storeBytes(of: Float(source[i]).bitPattern.littleEndian, toByteOffset: i * 4, as: UInt32.self)
            }
        case .float64:
            for i in 0..<count {
                target.storeBytes(of: source[i].bitPattern.littleEndian, toByteOffset: i * 8, as: UInt64.self)
            }
        }
    }

    /// Scales, rounds half away from zero and clips to `-scale...max`; NaN becomes 0.
    @inline(__always)
    static func quantize(_ sample: Double, scale: Double, max: Int) -> Int {
        let scaled = sample * scale
        if scaled >= Double(max) { return max }
        if scaled <= -scale { return -Int(scale) }
        if !(scaled == scaled) { return 0 }
        return Int(scaled < 0 ? scaled - 0.5 : scaled + 0.5)
    }
}
