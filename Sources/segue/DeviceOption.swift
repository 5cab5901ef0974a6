import SegueRuntime

/// `--device NAME` as `segue repl` and `segue serve` read it: the profile (iPhone 15 without the option), or nil
/// after printing the names there are.
func deviceOption(_ name: String?, command: String) -> DeviceProfile? {
    guard let name else { return .standard }
    guard let profile = DeviceProfile.named(name) else {
        let names = DeviceProfile.builtIn.map { $0.name.lowercased().filter { !$0.isWhitespace } }
        printError("segue \(command): unknown device `\(name)`; one of: \(names.joined(separator: ", "))")
        return nil
    }
    return profile
}
