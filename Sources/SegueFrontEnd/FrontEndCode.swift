/// The front end's own codes for file problems; they keep the `C` numbers they have always had (docs/diagnostics.md).
public enum FrontEndCode {
    /// A file imports itself, directly or through other files.
    public static let importCycle = "C001"
    /// A flow file could not be read (missing, unreadable, a directory): an I/O problem, not a flow problem.
    public static let unreadableFile = "C003"
    /// A file a service names (`configuration:`, `sample_photo:`, `input:`, `fixture:`, a `command:` program) is
    /// missing or cannot be read, or a custom service's outcomes file is not valid (at the place in that file).
    public static let unreadableFixture = "C004"
}
