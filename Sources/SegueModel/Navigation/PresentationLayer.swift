/// One presentation layer: a single screen, or a navigation controller with its push stack.
///
/// Generic over what an entry is, so the runtime keeps screen instances in it and the checker abstract screens.
public struct PresentationLayer<Entry> {
    /// A navigation controller: `show` pushes onto `stack`.
    public var navigation: Bool
    /// Bottom first; a layer without a navigation controller holds exactly one screen.
    public var stack: [Entry]

    @inlinable
    public init(navigation: Bool, stack: [Entry]) {
        self.navigation = navigation
        self.stack = stack
    }
}

extension PresentationLayer: Sendable where Entry: Sendable {}
extension PresentationLayer: Equatable where Entry: Equatable {}
extension PresentationLayer: Hashable where Entry: Hashable {}
extension PresentationLayer: Codable where Entry: Codable {}

/// What UIKit's navigation acts on: the root layer first, then each modal on top.
public typealias PresentationStack<Entry> = [PresentationLayer<Entry>]

/// Where an entry sits in a presentation stack: its layer (the root layer is 0) and its place in that layer's stack.
public struct StackPosition: Sendable, Hashable {
    public var layer: Int
    public var index: Int

    @inlinable
    public init(layer: Int, index: Int) {
        self.layer = layer
        self.index = index
    }
}

extension Array {
    /// Where the screen the user sees is: the top of the top layer; nil when nothing is shown.
    @inlinable
    public func topPosition<Entry>() -> StackPosition? where Element == PresentationLayer<Entry> {
        guard let layer = indices.last, let index = self[layer].stack.indices.last else { return nil }
        return StackPosition(layer: layer, index: index)
    }

    /// The nearest entry below the top that `matches`, searching from the top down.
    @inlinable
    public func nearestPosition<Entry>(belowTopWhere matches: (Entry) -> Bool) -> StackPosition?
    where Element == PresentationLayer<Entry> {
        var layer = count - 1
        var skipTop = true
        while layer >= 0 {
            var index = self[layer].stack.count - 1
            while index >= 0 {
                if skipTop {
                    skipTop = false
                } else if matches(self[layer].stack[index]) {
                    return StackPosition(layer: layer, index: index)
                }
                index -= 1
            }
            layer -= 1
        }
        return nil
    }

    /// Whether some entry lies above `position`, so going back to it has the top entry still to leave.
    @inlinable
    public func hasEntries<Entry>(above position: StackPosition) -> Bool where Element == PresentationLayer<Entry> {
        guard let top = topPosition() else { return false }
        return top.layer > position.layer || (top.layer == position.layer && top.index > position.index)
    }

    /// Removes the top entry, and its layer when that leaves it empty. Going back is one removal at a time, so
    /// whoever walks it can run each screen's exits while that screen is still on the stack.
    @inlinable
    public mutating func removeTopEntry<Entry>() where Element == PresentationLayer<Entry> {
        guard let layer = indices.last else { return }
        if self[layer].stack.count > 1 {
            self[layer].stack.removeLast()
        } else {
            removeLast()
        }
    }

    /// Changes the entry at `position` in place into the one that replaces it; a layer of one screen is a
    /// navigation controller exactly when the new screen starts one (a pushed screen's layer stays one).
    @inlinable
    public mutating func replaceEntry<Entry>(
        at position: StackPosition, navigation: Bool, _ change: (inout Entry) -> Void
    ) where Element == PresentationLayer<Entry> {
        change(&self[position.layer].stack[position.index])
        if self[position.layer].stack.count == 1 { self[position.layer].navigation = navigation }
    }
}
