import Testing

@testable import SegueDiagnostics

/// A key's value is worked out once and remembered; a full memo starts over instead of growing.
struct BoundedMemoTests {
    @Test func aValueIsWorkedOutOnceUntilTheMemoIsFull() {
        let memo = BoundedMemo<Int, Int>(capacity: 2)
        var computed: [Int] = []
        func square(_ key: Int) -> Int {
            memo.value(for: key) {
                computed.append($0)
                return $0 * $0
            }
        }
        #expect(square(3) == 9 && square(3) == 9)
        #expect(computed == [3])
        #expect(square(4) == 16)
        // Full at two: the third key starts the memo over, so 3 is worked out again afterwards.
        #expect(square(5) == 25 && square(3) == 9)
        #expect(computed == [3, 4, 5, 3])
    }
}
