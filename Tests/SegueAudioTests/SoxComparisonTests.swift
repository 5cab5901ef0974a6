import Foundation
import SegueAudio
import SegueRuntime
import Testing

/// The same operation done by Segue and by sox must give the same samples.
///
/// sox runs with `-D` (no dither): its automatic TPDF dither would add noise to every sample when an effect
/// changes sample values. sox computes in 32-bit integers and rounds once more on output than Segue (which works
/// in doubles and rounds once), so gain and bit-depth reduction may differ by at most 1 LSB; trim and lossless
/// conversions must match exactly.
@Suite(.enabled(if: tool("sox") != nil, "sox is not installed: install it (apt-get install sox) to compare with sox"))
struct SoxComparisonTests {
    let directory = TemporaryDirectory()
    let sox = tool("sox") ?? "/usr/bin/sox"

    private func noise(_ name: String, _ format: AudioFormat, frames: Int = 20_000, amplitude: Double = 0.8) throws
        -> String
    {
        let path = directory.file(name)
        try SignalGenerator.writeFile(
            path: path, signal: .noise(amplitude: amplitude, seed: 11), format: format, frames: frames)
        return path
    }

    private func soxRun(_ arguments: [String]) throws {
        let (status, errors) = try run(sox, arguments)
        #expect(status == 0, "sox \(arguments.joined(separator: " ")) failed: \(errors)")
    }

    private func maxDifference(_ a: [Int], _ b: [Int]) -> Int {
        zip(a, b).map { abs($0 - $1) }.max() ?? 0
    }

    @Test func trimMatchesSoxExactly() throws {
        let input = try noise("in.wav", AudioFormat(sampleRate: 48_000, channels: 2, encoding: .int16))
        try AudioEditor.trim(
            input: input, output: directory.file("segue.wav"),
            range: AudioTrimRange(start: 1234, end: 17_001, unit: .frames))
        try soxRun(["-D", input, directory.file("sox.wav"), "trim", "1234s", "=17001s"])
        let ours = try readWAV(directory.file("segue.wav"))
        let theirs = try readWAV(directory.file("sox.wav"))
        #expect(ours.0 == theirs.0)
        #expect(ours.1.count == (17_001 - 1234) * 2)
        #expect(ours.1.elementsEqual(theirs.1))
    }

    @Test(arguments: [0.5, 0.7071, 1.3, 1.9])
    func gainMatchesSoxWithinOneLSB(gain: Double) throws {
        let input = try noise("in.wav", AudioFormat(sampleRate: 44_100, channels: 2, encoding: .int16))
        try AudioEditor.applyGain(input: input, output: directory.file("segue.wav"), gain: gain)
        try soxRun(["-D", input, directory.file("sox.wav"), "vol", String(gain)])
        let ours = try integerSamples(directory.file("segue.wav"), bits: 16)
        let theirs = try integerSamples(directory.file("sox.wav"), bits: 16)
        #expect(ours.count == 40_000)
        #expect(ours.count == theirs.count)
        #expect(maxDifference(ours, theirs) <= 1)
        if gain > 1.25 {
            // Loud noise times 1.3 or more clips at full scale in both, never wraps around.
            #expect(ours.contains(32767) && theirs.contains(32767))
        }
    }

    @Test func gainOn24BitMatchesSoxWithinOneLSB() throws {
        let input = try noise("in.wav", AudioFormat(sampleRate: 48_000, channels: 1, encoding: .int24))
        try AudioEditor.applyGain(input: input, output: directory.file("segue.wav"), gain: 0.8)
        try soxRun(["-D", input, directory.file("sox.wav"), "vol", "0.8"])
        let ours = try integerSamples(directory.file("segue.wav"), bits: 24)
        let theirs = try integerSamples(directory.file("sox.wav"), bits: 24)
        #expect(ours.count == theirs.count)
        #expect(maxDifference(ours, theirs) <= 1)
    }

    @Test func widening16To32BitFloatMatchesSoxExactly() throws {
        let input = try noise("in.wav", AudioFormat(sampleRate: 16_000, channels: 1, encoding: .int16))
        try AudioEditor.convert(input: input, output: directory.file("segue.wav"), encoding: .float32)
        try soxRun([input, "-e", "floating-point", "-b", "32", directory.file("sox.wav")])
        let ours = try readWAV(directory.file("segue.wav"))
        let theirs = try readWAV(directory.file("sox.wav"))
        #expect(ours.0 == theirs.0)
        #expect(ours.1.elementsEqual(theirs.1))
    }

    @Test func narrowing24To16BitMatchesSoxWithinOneLSB() throws {
        let input = try noise("in.wav", AudioFormat(sampleRate: 48_000, channels: 2, encoding: .int24))
        try AudioEditor.convert(input: input, output: directory.file("segue.wav"), encoding: .int16)
        try soxRun(["-D", input, "-b", "16", directory.file("sox.wav")])
        let ours = try integerSamples(directory.file("segue.wav"), bits: 16)
        let theirs = try integerSamples(directory.file("sox.wav"), bits: 16)
        #expect(ours.count == theirs.count)
        #expect(maxDifference(ours, theirs) <= 1)
    }

    @Test(arguments: ["u8", "s16", "s24", "s32", "f32", "f64"])
    func soxReadsWhatSegueWritesAndViceVersa(encoding: String) throws {
        let format = AudioFormat(sampleRate: 22_050, channels: 4, encoding: SampleEncoding(name: encoding)!)
        let input = try noise("in.wav", format, frames: 3000)
        // A sox copy (its own header layout, fact chunk for floats) must decode to the same samples.
        try soxRun([input, directory.file("copy.wav")])
        let ours = try readWAV(input)
        let copy = try readWAV(directory.file("copy.wav"))
        #expect(copy.0 == format)
        #expect(copy.1.count == ours.1.count)
        let largest = zip(copy.1, ours.1).map { abs($0 - $1) }.max() ?? 0
        if format.encoding == .float32 {
            // sox converts through 32-bit integers, scaling by 2^31 - 1 one way and 2^31 the other: the float
            // copy may move by one float32 step (2^-24 relative, 2^-25 absolute for samples below 1).
            #expect(largest <= 1.0 / 33_554_432)
        } else if format.encoding == .float64 {
            // A float64 copy keeps sox's 32-bit integer precision.
            #expect(largest <= 1.0 / 2_147_483_648)
        } else {
            #expect(largest == 0)
        }
    }
}
