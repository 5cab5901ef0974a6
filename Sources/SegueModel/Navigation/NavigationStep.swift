/// What a transition does to a presentation stack, by UIKit's rules: decided here once, before anything runs, for
/// the runtime (on screen instances), the checker (on abstract screens) and the diagrams.
///
///     switch layers.navigationStep(.show) { case .push: …; case .present(let fallback): … }
public enum NavigationStep: Sendable, Hashable {
    /// The target is pushed onto the top layer's navigation controller.
    case push
    /// The target comes in a new modal layer on top (a navigation controller if it starts one); `fallback` when
    /// it was a `show` with no navigation controller to push in, which UIKit presents modally.
    case present(fallback: Bool)
    /// The target takes the top screen's place.
    case replace
    /// Every entry above `position` goes, top-down, layers with their whole push stacks.
    case back(to: StackPosition)
    /// Nothing happens, for this reason.
    case ignored(NavigationRefusal)
}

/// Why a transition does nothing from a stack.
public enum NavigationRefusal: Sendable, Hashable {
    /// Nothing is on screen yet.
    case nothingShown
    /// `root` once something is on screen.
    case alreadyLaunched
    /// `dismiss` in the root layer.
    case nothingPresented
    /// `pop` in a layer that is a single screen.
    case notInNavigation
    /// `pop` at a navigation controller's root.
    case atNavigationRoot
    /// `pop_to_root` at a navigation controller's root, or outside one.
    case alreadyAtRoot
    /// `unwind` whose screen is not below the top.
    case notBelow

    /// The reason as the trace words it, from the screen `from` (and the target screen `to`, for `unwind`).
    public func reason(from: String, to target: String?) -> String {
        switch self {
        case .nothingShown: "no screen is shown"
        case .alreadyLaunched: "the flow is already launched"
        case .nothingPresented: "nothing is presented modally"
        case .notInNavigation: "\(from) is not in a navigation controller"
        case .atNavigationRoot: "\(from) is the root of its navigation controller"
        case .alreadyAtRoot: "\(from) is already the root of its navigation controller"
        case .notBelow: "no \(target ?? "such screen") below \(from)"
        }
    }
}

extension Array {
    /// What `kind` does from this stack; `unwindTarget` tells an entry of `unwind`'s screen (ignored otherwise).
    @inlinable
    public func navigationStep<Entry>(
        _ kind: TransitionKind, unwindTarget: (Entry) -> Bool = { _ in false }
    ) -> NavigationStep where Element == PresentationLayer<Entry> {
        guard let top = topPosition() else {
            return kind == .root ? .present(fallback: false) : .ignored(.nothingShown)
        }
        let inNavigation = self[top.layer].navigation
        switch kind {
        case .root:
            return .ignored(.alreadyLaunched)
        case .present:
            return .present(fallback: false)
        case .show:
            return inNavigation ? .push : .present(fallback: true)
        case .replace:
            return .replace
        case .dismiss:
            guard top.layer > 0 else { return .ignored(.nothingPresented) }
            return .back(to: StackPosition(layer: top.layer - 1, index: self[top.layer - 1].stack.count - 1))
        case .pop:
            guard inNavigation else { return .ignored(.notInNavigation) }
            guard top.index > 0 else { return .ignored(.atNavigationRoot) }
            return .back(to: StackPosition(layer: top.layer, index: top.index - 1))
        case .popToRoot:
            guard inNavigation, top.index > 0 else { return .ignored(.alreadyAtRoot) }
            return .back(to: StackPosition(layer: top.layer, index: 0))
        case .unwind:
            guard let destination = nearestPosition(belowTopWhere: unwindTarget) else { return .ignored(.notBelow) }
            return .back(to: destination)
        }
    }

    /// What the system's back gesture performs here: `pop` where it pops, else `dismiss` where it dismisses; nil
    /// at the root screen, where it does nothing.
    @inlinable
    public func backTransition<Entry>() -> TransitionKind? where Element == PresentationLayer<Entry> {
        for kind in [TransitionKind.pop, .dismiss] {
            if case .ignored = navigationStep(kind) { continue }
            return kind
        }
        return nil
    }

    /// Brings `entry` on screen the way a forward step does (push, present, replace); `navigation` is whether its
    /// screen starts a navigation controller. Back steps go by `removeTopEntry()`, one entry at a time.
    @inlinable
    public mutating func arrive<Entry>(_ entry: Entry, by step: NavigationStep, navigation: Bool)
    where Element == PresentationLayer<Entry> {
        switch step {
        case .push:
            self[count - 1].stack.append(entry)
        case .present:
            append(PresentationLayer(navigation: navigation, stack: [entry]))
        case .replace:
            guard let top = topPosition() else { return }
            replaceEntry(at: top, navigation: navigation) { $0 = entry }
        case .back, .ignored:
            break
        }
    }
}
