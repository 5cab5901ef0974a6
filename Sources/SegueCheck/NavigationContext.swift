import SegueModel

/// A stack a screen can be on top of, cut down to what navigation decides by, so that SegueModel's one navigation
/// model runs on it exactly as the runtime runs it on screen instances.
///
/// Entries are screen positions in the flow; a screen no `unwind` targets stands as `untracked`, and the screens
/// below the top are kept once each, in order of position. Two stacks that navigation cannot tell apart (the same
/// top screen, a modal layer below or not, a navigation controller on top or not, something to pop or not, the
/// same tracked screens below) have the same context, so the contexts of a flow are finitely many.
struct NavigationContext: Hashable {
    /// Stands for any screen that no `unwind` targets.
    static let untracked = -1

    /// The screen on top.
    let screen: Int
    /// The cut-down stack, root layer first.
    let layers: PresentationStack<Int>

    /// The context of the start screen at launch.
    init(start: Int, navigation: Bool) {
        var layers: PresentationStack<Int> = []
        layers.arrive(start, by: layers.navigationStep(.root), navigation: navigation)
        self.init(layers, top: start, tracked: [])
    }

    /// The context of any stack whose top entry is `top`, cutting it down.
    private init(_ stack: PresentationStack<Int>, top: Int, tracked: Set<Int>) {
        // Read in place, one pass: exploration cuts down every stack it reaches.
        var below: [Int] = []
        if !tracked.isEmpty {
            for layer in stack.indices {
                let count = stack[layer].stack.count - (layer == stack.count - 1 ? 1 : 0)
                for index in 0..<max(count, 0) {
                    let entry = stack[layer].stack[index]
                    if tracked.contains(entry), !below.contains(entry) { below.append(entry) }
                }
            }
            below.sort()
        }
        let navigation = stack.last?.navigation ?? false
        let canPop = (stack.last?.stack.count ?? 0) > 1
        if stack.count > 1 {
            layers = [
                PresentationLayer(navigation: false, stack: [Self.untracked] + below),
                PresentationLayer(navigation: navigation, stack: canPop ? [Self.untracked, top] : [top]),
            ]
        } else {
            // Without a modal below, whatever lies below the top is in its own push stack.
            layers = [
                PresentationLayer(navigation: navigation, stack: canPop ? [Self.untracked] + below + [top] : [top])
            ]
        }
        screen = top
    }

    /// The context after a transition to `target`, whose screen starts a navigation controller when `navigation`;
    /// nil for the transitions that go back (they return to a stack reached before) or do nothing.
    func forward(_ kind: TransitionKind, to target: Int, navigation: Bool, tracking tracked: Set<Int>)
        -> NavigationContext?
    {
        let step = layers.navigationStep(kind)
        switch step {
        case .push, .present, .replace:
            var next = layers
            next.arrive(target, by: step, navigation: navigation)
            return NavigationContext(next, top: target, tracked: tracked)
        case .back, .ignored:
            return nil
        }
    }

    /// The tracked screens below the top (`unwind` targets and responders), each once.
    var screensBelow: [Int] {
        var found: [Int] = []
        for layer in layers.indices {
            let count = layers[layer].stack.count - (layer == layers.count - 1 ? 1 : 0)
            for index in 0..<max(count, 0) where layers[layer].stack[index] != Self.untracked {
                found.append(layers[layer].stack[index])
            }
        }
        return found
    }

    /// Whether `kind` does its job here: a `show` pushes, the others are not ignored (`unwind` to `target`).
    func allows(_ kind: TransitionKind, unwindingTo target: Int? = nil) -> Bool {
        switch layers.navigationStep(kind, unwindTarget: { $0 == target }) {
        case .push: true
        case .present(let fallback): !fallback
        case .replace, .back: true
        case .ignored: false
        }
    }
}
