import SegueExpression

extension Program {
    /// The elements a path goes through on a screen: the element, then the item's (or footer's) part; empty when
    /// the path names none.
    public func elements(along path: ElementPath, on screen: Int) -> [ElementProgram] {
        guard screens.indices.contains(screen), screens[screen].elements.indices.contains(path.element) else {
            return []
        }
        let element = screens[screen].elements[path.element]
        guard let part = path.part else { return [element] }
        let inner =
            path.item == nil && element.list != nil
            ? element.footer : (element.parts?.elements ?? [])
        return inner.indices.contains(part) ? [element, inner[part]] : [element]
    }

    /// The element a path names on a screen, if there is one.
    public func element(at path: ElementPath, on screen: Int) -> ElementProgram? {
        let chain = elements(along: path, on: screen)
        return chain.count == (path.part == nil ? 1 : 2) ? chain.last : nil
    }

    /// A path as people write it, the inverse of `path(_:on:)`: `save`, `latest[2]`, `latest[2].more`, and a
    /// script's footer element by its own name (`share`).
    public func reference(to path: ElementPath, on screen: Int) -> String {
        let chain = elements(along: path, on: screen)
        guard let head = chain.first else { return "\(path)" }
        if path.item == nil, head.list != nil, chain.count == 2 { return chain[1].name }
        var text = head.name
        if let item = path.item { text += "[\(item)]" }
        if chain.count == 2 { text += ".\(chain[1].name)" }
        return text
    }
}
