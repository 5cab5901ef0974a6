/// Scales images down so their longer side fits a limit.
public enum ResampleFilter: String, Sendable, Hashable, CaseIterable {
    /// Each output pixel is the area-weighted mean of the source pixels it covers (best for large reductions).
    case box
    /// Each output pixel interpolates the four source pixels around its centre (sharper, aliases when halving).
    case bilinear
}

/// Downscaling with a box or bilinear filter; never enlarges.
enum ImageResampler {
    /// The size that fits `maxSide` keeping the aspect ratio (each side at least 1), or the size itself if it fits.
    static func fittedSize(width: Int, height: Int, maxSide: Int) -> (width: Int, height: Int) {
        let longer = max(width, height)
        guard longer > maxSide else { return (width, height) }
        let scale = Double(maxSide) / Double(longer)
        return (
            min(max(Int((Double(width) * scale).rounded()), 1), maxSide),
            min(max(Int((Double(height) * scale).rounded()), 1), maxSide)
        )
    }

    static func downscale(_ image: RGBImage, maxSide: Int, filter: ResampleFilter) -> RGBImage {
        let size = fittedSize(width: image.width, height: image.height, maxSide: maxSide)
        guard size.width != image.width || size.height != image.height else { return image }
        let columns = weights(source: image.width, output: size.width, filter: filter)
        let rows = weights(source: image.height, output: size.height, filter: filter)
        // Horizontal pass into floats, then vertical pass into bytes.
        var horizontal = [Double](repeating: 0, count: size.width * image.height * 3)
        for y in 0..<image.height {
            for (x, taps) in columns.enumerated() {
                var sums: (Double, Double, Double) = (0, 0, 0)
                for tap in taps {
                    let index = (y * image.width + tap.index) * 3
                    sums.0 += Double(image.pixels[index]) * tap.weight
                    sums.1 += Double(image.pixels[index + 1]) * tap.weight
                    sums.2 += Double(image.pixels[index + 2]) * tap.weight
                }
                let out = (y * size.width + x) * 3
                horizontal[out] = sums.0
                horizontal[out + 1] = sums.1
                horizontal[out + 2] = sums.2
            }
        }
        var result = RGBImage(width: size.width, height: size.height)
        for (y, taps) in rows.enumerated() {
            for x in 0..<size.width {
                for channel in 0..<3 {
                    var sum = 0.0
                    for tap in taps { sum += horizontal[(tap.index * size.width + x) * 3 + channel] * tap.weight }
                    result.pixels[(y * size.width + x) * 3 + channel] = UInt8(min(max(sum + 0.5, 0), 255))
                }
            }
        }
        return result
    }

    struct Tap {
        var index: Int
        var weight: Double
    }

    /// For each output position, the source positions it reads and their weights (summing to 1).
    static func weights(source: Int, output: Int, filter: ResampleFilter) -> [[Tap]] {
        let step = Double(source) / Double(output)
        return (0..<output).map { position in
            switch filter {
            case .box:
                let start = Double(position) * step
                let end = start + step
                var taps: [Tap] = []
                var index = Int(start)
                while Double(index) < end, index < source {
                    let covered = min(end, Double(index + 1)) - max(start, Double(index))
                    if covered > 1e-9 { taps.append(Tap(index: index, weight: covered / step)) }
                    index += 1
                }
                return taps
            case .bilinear:
                let center = min(max((Double(position) + 0.5) * step - 0.5, 0), Double(source - 1))
                let left = Int(center)
                let fraction = center - Double(left)
                if fraction < 1e-9 || left + 1 >= source { return [Tap(index: left, weight: 1)] }
                return [Tap(index: left, weight: 1 - fraction), Tap(index: left + 1, weight: fraction)]
            }
        }
    }
}
