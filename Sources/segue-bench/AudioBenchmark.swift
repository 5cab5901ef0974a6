import Foundation
import SegueAudio

/// Placeholder replaced below.
enum AudioBenchmark {
    static func main(_ arguments: [String]) -> Int32 { 0 }
}
