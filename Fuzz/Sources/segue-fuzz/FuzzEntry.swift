import Foundation

/// libFuzzer's two entry points: `SEGUE_FUZZ_TARGET` (set by scripts/fuzz.sh) picks which target every input goes to.
private let selectedTarget: FuzzTarget? = ProcessInfo.processInfo.environment["SEGUE_FUZZ_TARGET"].flatMap {
    FuzzTarget(rawValue: $0)
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>
) -> Int32 {
    guard let selectedTarget else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("segue-fuzz: set SEGUE_FUZZ_TARGET to one of: \(names)\n".utf8))
        exit(2)
    }
    // Globals and caches are made on first use: made here, they are not taken for leaks of the first inputs.
    selectedTarget.warmUp()
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    selectedTarget?.run(data)
    return 0
}
