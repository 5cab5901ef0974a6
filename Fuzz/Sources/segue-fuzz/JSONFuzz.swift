import Foundation
import SegueJSON
import SegueRuntime

@testable import SegueServices

/// Bytes as JSON: the project's own parser (configuration files), then as a response body to every wall-of-honor
/// endpoint, with a success and an error status, through the envelope decoder and the result contracts.
enum JSONFuzz {
    static func run(_ data: Data) {
        _ = try? JSON.parse(data)
        for endpoint in WallOfHonorContract.endpoints {
            for status in [200, 500] {
                _ = APIResponseDecoder.outcome(status: status, body: data, endpoint: endpoint)
            }
        }
    }
}
