import SegueExpression
import SegueMachine
import SegueRuntime
import SegueServices

/// The `photos` service headless: `pick` stands in for the system photo picker and returns the flow's sample photo
/// (`sample_photo:`; a REPL or scenario scripts another with `outcome photos.pick ok {…}`), or fails saying none is
/// named; `inspect` and `crop` are the real image service.
public struct PhotoLibraryService: FlowService {
    public var operations: [String] { ["pick"] + inner.operations }

    private let inner: PhotoFlowService
    private let photos: any PhotoService
    private let samplePhoto: String?

    public init(photos: any PhotoService, samplePhoto: String?) {
        self.photos = photos
        self.inner = PhotoFlowService(photos: photos)
        self.samplePhoto = samplePhoto
    }

    public func call(_ operation: String, arguments: [String: Value]) async -> ServiceOutcome {
        guard operation == "pick" else { return await inner.call(operation, arguments: arguments) }
        guard let samplePhoto else {
            return .error(
                ServiceError(
                    service: "photos", code: "no_sample_photo",
                    message: "no sample photo: name one with `sample_photo:` on the photos service, or --sample-photo"))
        }
        do {
            let info = try await photos.inspect(path: samplePhoto)
            return .ok(.record(["path": .string(info.path), "width": .int(info.width), "height": .int(info.height)]))
        } catch {
            return .error(error)
        }
    }
}
