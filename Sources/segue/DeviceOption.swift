import SegueMachine
import SegueModel

/// `--device NAME`, declared once for `segue repl`, `render` and `serve`.
let deviceNames = DeviceProfile.builtIn.map { $0.name.lowercased().filter { !$0.isWhitespace } }

extension CommandOption {
    static func device(_ help: String...) -> CommandOption {
        CommandOption(names: ["--device"], value: "NAME", help: help, completion: .words(deviceNames))
    }
}

/// `--device NAME` as `segue repl` and `segue serve` read it: the profile (iPhone 15 without the option), or nil
/// after printing the names there are.
func deviceOption(_ name: String?, command: String) -> DeviceProfile? {
    guard let name else { return .standard }
    guard let profile = DeviceProfile.named(name) else {
        printError("segue \(command): unknown device `\(name)`; one of: \(deviceNames.joined(separator: ", "))")
        return nil
    }
    return profile
}

/// `--locale CODE` as `segue repl`, `render` and `serve` read it: the code when built-in texts exist in its
/// language (the value is nil without the option), or a failure after printing the languages there are.
func localeOption(_ code: String?, command: String) -> Result<String?, LocaleOptionError> {
    guard let code else { return .success(nil) }
    guard MessageLanguage(locale: code) != nil else {
        printError("segue \(command): no built-in texts in locale `\(code)`; one of: \(MessageLanguage.supportedList)")
        return .failure(LocaleOptionError())
    }
    return .success(code)
}

/// `--locale` named a language Segue has no built-in texts in (already reported).
struct LocaleOptionError: Error {}
