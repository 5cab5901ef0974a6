import Foundation
import SegueAudio
import SegueDiagnostics
import SegueExpression
import SegueModel
import SegueRuntime
import SegueServices

/// Where the embedded services keep their data and what they are pointed at; every field has a default that works
/// on a fresh machine with no set-up.
public struct ServiceOptions: Sendable {
    /// The data directory (board, transactions, defaults, photos, takes, persisted flow data); nil keeps everything
    /// in memory and in a temporary directory, as tests want.
    public var dataDirectory: String?
    /// The Xcode StoreKit configuration the store reads, overriding the flow's `configuration:`; with neither, the
    /// store has no products.
    public var storeKitFile: String?
    /// A real API server; nil uses the local board.
    public var apiURL: String?
    /// The microphone stand-in: a WAV file to record from, overriding the flow's `input:`; with neither, recordings
    /// take a generated voice-like signal.
    public var audioInput: String?
    /// Record and play in real time instead of virtual time.
    public var realTime: Bool
    /// Demo entries on a new local board (the REPL shows a populated wall of honor).
    public var boardEntries: Int
    /// Initial user defaults; `MatimatikProfileID` is seeded with the test id when absent (D17) unless
    /// `seedProfileID` is false.
    public var defaults: [String: Value]
    public var seedProfileID: Bool
    /// The photo `photos.pick` returns when no outcome is scripted, overriding the flow's `sample_photo:`.
    public var samplePhoto: String?
    /// The directory the overrides above are resolved against when relative (the flow's own paths are relative to
    /// the flow file).
    public var root: String
    /// Whether a custom service's `command:` may start (docs/security.md). Nothing starts unless told: the default
    /// refuses to build the services of a flow that has a command.
    public var commands: CommandPolicy = .refuse
    /// Whether an `api` service may call a real server (`apiURL`, `SEGUE_API_URL`, the data directory's
    /// `config.json`); false keeps every board local, as `segue render` does.
    public var usesServers = true
    /// The project root the flow's own fixtures are read inside (`ProjectRoot`); nil: `--root`, else the flow
    /// file's folder.
    public var projectRoot: ProjectRoot? = nil

    public init(
        dataDirectory: String? = nil, storeKitFile: String? = nil, apiURL: String? = nil, audioInput: String? = nil,
        realTime: Bool = false, boardEntries: Int = 0, defaults: [String: Value] = [:], seedProfileID: Bool = true,
        samplePhoto: String? = nil, root: String = FileManager.default.currentDirectoryPath
    ) {
        self.dataDirectory = dataDirectory
        self.storeKitFile = storeKitFile
        self.apiURL = apiURL
        self.audioInput = audioInput
        self.realTime = realTime
        self.boardEntries = boardEntries
        self.defaults = defaults
        self.seedProfileID = seedProfileID
        self.samplePhoto = samplePhoto
        self.root = root
    }

    /// The real server `api` services call: `apiURL`, else `SEGUE_API_URL`, else `api_url` in the data directory's
    /// `config.json` (a run without a data directory reads none); nil for the local board, always without
    /// `usesServers`.
    public func apiServer(environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> APIServerAddress?
    {
        guard usesServers else { return nil }
        return try APIServerAddress.resolve(
            commandLine: apiURL, environment: environment, configFile: dataDirectory.map { $0 + "/config.json" })
    }
}

/// The services a flow declares, each backed by its embedded default (or a real server when configured).
public struct EmbeddedServices: Sendable {
    public var services: [String: any FlowService]
    public var persistence: any Persistence
    /// The virtual clock recordings follow, advanced with the flow's clock; nil in real time.
    public var audioClock: SteppedAudioClock?
    public var audio: AudioFlowService?
    /// Local boards by service name, for seeding and inspection.
    public var boards: [String: LocalBoard]
    /// Where files live (a temporary directory when no data directory was given).
    public var directory: String
    /// Whether `directory` was made for this run (no data directory given) and may be removed after it.
    public var isTemporary: Bool
    /// The real servers the `api` services call, by service name (none: every board is local), for banners.
    public var servers: [String: APIServerAddress] = [:]

    /// One line per real server, by service name (`board → http://… (from SEGUE_API_URL), not the local board`),
    /// which the REPL's banner and `segue serve`'s header print so no server is used unannounced.
    public var serverBanners: [String] {
        servers.sorted { $0.key < $1.key }.map { $0.value.banner(service: $0.key) }
    }

    /// The custom services' processes (`command:`), stopped when the run ends.
    public var processes: [ProcessService] = []

    /// Ends what the run started: service processes are stopped, and the temporary directory of a run that kept
    /// nothing is removed; a data directory is never touched.
    public func removeTemporaryFiles() {
        for process in processes { Task { await process.stop() } }
        guard isTemporary else { return }
        try? FileManager.default.removeItem(atPath: directory)
    }

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Builds every service `flow` declares.
    public static func make(for flow: Flow, options: ServiceOptions) async throws(Failure) -> EmbeddedServices {
        let directory: String
        if let given = options.dataDirectory {
            directory = given
        } else {
            directory = NSTemporaryDirectory() + "segue-" + UUID().uuidString.lowercased()
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "cannot create the data directory \(directory): \(error.localizedDescription)")
        }
        let persistent = options.dataDirectory != nil
        var result = EmbeddedServices(
            services: [:],
            persistence: persistent
                ? FilePersistence(path: directory + "/flow-\(flow.id.text).json") : MemoryPersistence(),
            audioClock: nil, audio: nil, boards: [:], directory: directory, isTemporary: !persistent)
        // Uploads send only what the photo service produced; kept with the photos so a restart keeps them.
        let uploads =
            persistent
            ? PhotoFileRegistry(file: directory + "/photos/.produced.json", within: directory) : PhotoFileRegistry()
        for declaration in flow.services {
            let name = declaration.name.text
            switch declaration.kind {
            case .store:
                result.services[name] = try makeStore(
                    declaration, options: options, directory: directory, persistent: persistent)
            case .api:
                result.services[name] = try await makeAPI(
                    declaration, types: flow.types, options: options, directory: directory, persistent: persistent,
                    uploads: uploads, into: &result)
            case .defaults:
                result.services[name] = try await makeDefaults(
                    options: options, directory: directory, persistent: persistent)
            case .photos:
                // Crops are written here: never through a symlink out of the data directory.
                do {
                    try RealDirectory.create(directory + "/photos", below: directory)
                } catch {
                    throw Failure(description: "the photo service: \(error)")
                }
                let output = URL(fileURLWithPath: directory + "/photos")
                result.services[name] = PhotoLibraryService(
                    photos: ImagePhotoService(outputDirectory: output, registry: uploads),
                    samplePhoto: try fixture(options.samplePhoto, declaration, options: options))
            case .audio:
                let (service, clock) = try await makeAudio(declaration, options: options, directory: directory)
                result.services[name] = service
                result.audio = service
                result.audioClock = clock
            case .custom:
                if let service = try makeCustom(declaration, commands: options.commands, project: options.projectRoot) {
                    result.services[name] = service
                    if let process = service as? ProcessService { result.processes.append(process) }
                }
            }
        }
        return result
    }

    /// The file a service reads: the command line's override (relative to `root`), else the flow's own fixture
    /// (relative to the flow file, inside its project root: `ProjectRoot`, its real path), else none.
    private static func fixture(_ override: String?, _ declaration: ServiceDeclaration, options: ServiceOptions)
        throws(Failure) -> String?
    {
        if let override { return override.hasPrefix("/") ? override : options.root + "/" + override }
        guard let fixture = declaration.fixture else { return nil }
        let project = options.projectRoot ?? ProjectRoot.startedFrom(fixture.range.path)
        switch project.locate(fixture.resolved) {
        case .success(let real): return real
        case .failure(.unreadable): return fixture.resolved  // the service says why it cannot read it
        case .failure(.outside):
            let key = (FlowDecoder.fixtureKeys[declaration.kind] ?? "fixture") + ":"
            throw failure(
                declaration, override: nil, reason(ProjectRoot.Refusal.outside, fixture, key: key, in: project))
        }
    }

    /// What a refusal of the flow's project root says about a fixture.
    private static func reason(_ refusal: any Error, _ fixture: FixturePath, key: String, in project: ProjectRoot)
        -> any Error
    {
        guard let refusal = refusal as? ProjectRoot.Refusal else { return refusal }
        switch refusal {
        case .outside:
            let message = project.outsideMessage(key: key, written: fixture.text)
            return Refused(description: message)
        case .unreadable(let error): return error
        }
    }

    private struct Refused: Error, CustomStringConvertible {
        var description: String
    }

    /// Why a fixture could not be used, at the key that names it when the flow named it.
    private static func failure(_ declaration: ServiceDeclaration, override: String?, _ error: any Error) -> Failure {
        guard override == nil, let fixture = declaration.fixture else { return Failure(description: "\(error)") }
        return Failure(
            description: "\(fixture.range.path):\(fixture.range.start.line):\(fixture.range.start.column): "
                + "error: service `\(declaration.name.text)`: \(error)")
    }

    private static func makeStore(
        _ declaration: ServiceDeclaration, options: ServiceOptions, directory: String, persistent: Bool
    ) throws(Failure) -> StoreFlowService {
        let data = persistent ? URL(fileURLWithPath: directory) : nil
        if options.storeKitFile == nil, let fixture = declaration.fixture {
            let project = options.projectRoot ?? ProjectRoot.startedFrom(fixture.range.path)
            do {
                let (configuration, outcomes) = try storeFiles(fixture, in: project)
                return StoreFlowService(
                    store: try ConfigurationStore(
                        configuration: configuration, outcomes: outcomes,
                        ledger: data.map(TransactionLedger.inDirectory) ?? .inMemory))
            } catch {
                let key = (FlowDecoder.fixtureKeys[.store] ?? "configuration") + ":"
                throw failure(declaration, override: nil, reason(error, fixture, key: key, in: project))
            }
        }
        do {
            guard let file = try fixture(options.storeKitFile, declaration, options: options) else {
                let store = try ConfigurationStore(
                    configuration: StoreKitConfiguration(products: []),
                    ledger: data.map(TransactionLedger.inDirectory) ?? .inMemory)
                return StoreFlowService(store: store)
            }
            let store = try ConfigurationStore(storeKitFile: URL(fileURLWithPath: file), dataDirectory: data)
            return StoreFlowService(store: store)
        } catch {
            throw failure(declaration, override: options.storeKitFile, error)
        }
    }

    /// The flow's StoreKit configuration and the outcomes file beside it, when there is one: each read in one open
    /// through the project root (`ProjectRoot.read`), so a file or folder swapped for a link out of the root after
    /// `segue validate` looked, or after it was found here, is refused, never read.
    private static func storeFiles(_ fixture: FixturePath, in project: ProjectRoot) throws -> (
        StoreKitConfiguration, StoreOutcomes
    ) {
        let limit = 64 << 20
        let configuration = try StoreKitConfiguration(
            data: project.read(fixture.resolved, limit: limit), file: fixture.resolved)
        let outcomesPath = PathName.deletingExtension(of: fixture.resolved) + ".outcomes.json"
        // A missing outcomes file is no outcomes; one that is there (or a link out of the root) is read or refused.
        if case .failure(.unreadable(let error)) = project.locate(outcomesPath), error.reason == "no such file" {
            return (configuration, StoreOutcomes())
        }
        return (configuration, try StoreOutcomes(data: project.read(outcomesPath, limit: limit), file: outcomesPath))
    }

    private static func makeAPI(
        _ declaration: ServiceDeclaration, types: [RecordTypeDeclaration], options: ServiceOptions, directory: String,
        persistent: Bool, uploads: PhotoFileRegistry, into result: inout EmbeddedServices
    ) async throws(Failure) -> APIFlowService {
        let name = declaration.name.text
        let endpoints = APIEndpointBuilder.endpoints(of: declaration)
        let results = APIEndpointBuilder.resultContracts(of: declaration, types: types)
        let address: APIServerAddress?
        do {
            address = try options.apiServer()
        } catch {
            throw Failure(description: "\(error)")
        }
        if let address {
            result.servers[name] = address
            return APIFlowService(
                endpoints: endpoints, service: HTTPAPIService(baseURL: address.url, serviceName: name),
                serviceName: name, results: results, uploads: uploads)
        }
        do {
            let configuration =
                persistent
                ? LocalBoard.Configuration(dataDirectory: directory, serviceName: name)
                : LocalBoard.Configuration.inMemory(dataDirectory: directory)
            let board = try LocalBoard(configuration)
            if options.boardEntries > 0 { _ = try await board.seedDemoEntries(count: options.boardEntries) }
            result.boards[name] = board
            return APIFlowService(
                endpoints: endpoints, service: board, serviceName: name, results: results, uploads: uploads)
        } catch {
            throw Failure(description: "the local board: \(error)")
        }
    }

    private static func makeDefaults(options: ServiceOptions, directory: String, persistent: Bool) async throws(Failure)
        -> DefaultsFlowService
    {
        let defaults: JSONDefaults
        do {
            defaults =
                persistent
                ? try JSONDefaults(file: URL(fileURLWithPath: directory + "/defaults.json"), within: directory)
                : JSONDefaults(values: options.defaults)
        } catch {
            throw Failure(description: "\(error)")
        }
        if persistent {
            for (key, value) in options.defaults { _ = try? await defaults.set(value, forKey: key) }
        }
        if options.seedProfileID { _ = try? await ProfileID.seedForDemo(defaults) }
        return DefaultsFlowService(defaults: defaults)
    }

    /// A custom service's answers: its outcomes file (inside `project`), or its process as `commands` allows; nil
    /// when it has neither (calls then need a scripted outcome or a service registered in Swift).
    private static func makeCustom(
        _ declaration: ServiceDeclaration, commands: CommandPolicy, project: ProjectRoot?
    ) throws(Failure)
        -> (any FlowService)?
    {
        let name = declaration.name.text
        let operations = declaration.operations.map(\.name.text)
        if let fixture = declaration.fixture {
            let file: SourceFile
            let project = project ?? ProjectRoot.startedFrom(fixture.range.path)
            do {
                let bytes = try project.read(fixture.resolved, limit: 8 << 20)
                file = SourceFile(path: fixture.resolved, bytes: Array(bytes))
            } catch {
                throw failure(declaration, override: nil, reason(error, fixture, key: "fixture:", in: project))
            }
            let (read, problems) = ServiceFixtureReader.read(file)
            guard let outcomes = read else {
                throw Failure(
                    description: DiagnosticRenderer(format: .human, sources: [file]).render(problems)
                        .trimmingCharacters(in: .newlines))
            }
            return FixtureService(name: name, fixture: outcomes, file: fixture.text, operations: operations)
        }
        if let command = declaration.command {
            switch commands {
            case .start:
                return ProcessService(
                    name: name, command: command, operations: operations,
                    timeout: declaration.callTimeout ?? ServiceCommand.defaultTimeout)
            case .refuse:
                throw Failure(
                    description: TerminalText.escaped(
                        "service `\(name)` would start `\(FlowReach.shellText(command.arguments))`, and this run "
                            + "starts no commands: the flow is not trusted (docs/security.md)", lineBreaks: false))
            case .skip(let reason):
                return NotStartedService(name: name, operations: operations, reason: reason)
            }
        }
        return nil
    }

    private static func makeAudio(_ declaration: ServiceDeclaration, options: ServiceOptions, directory: String)
        async throws(Failure) -> (AudioFlowService, SteppedAudioClock?)
    {
        let format = AudioFormat(sampleRate: 44_100, channels: 1, encoding: .int16)
        let input: RecordingInput =
            try fixture(options.audioInput, declaration, options: options).map { .file(path: $0) }
            ?? .signal(.voice(amplitude: 0.8, seed: 1), format)
        let clock: SteppedAudioClock? = options.realTime ? nil : SteppedAudioClock()
        do {
            try RealDirectory.create(directory + "/recordings/takes", below: directory)
            try RealDirectory.create(directory + "/exports", below: directory)
        } catch {
            throw Failure(description: "the audio engine: \(error)")
        }
        do {
            let engine = try FileAudioService(
                configuration: FileAudioService.Configuration(
                    directory: directory + "/recordings", input: input,
                    clock: clock ?? RealTimeAudioClock() as any AudioClock,
                    output: options.realTime ? SystemAudioOutput() : nil))
            // A take cut off when the process was killed gets its header repaired and is kept.
            _ = try? await engine.recoverInterruptedTakes()
            return (
                AudioFlowService(
                    audio: engine, exportDirectory: directory + "/exports", sampleDirectory: options.root), clock
            )
        } catch {
            throw Failure(description: "the audio engine: \(error)")
        }
    }
}
