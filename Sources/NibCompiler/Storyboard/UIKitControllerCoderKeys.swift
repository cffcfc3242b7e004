import NibArchive
import XIB

/// Controller coder keys that any storyboard controller may carry, and GLKViewController's own.
extension UIKitSceneNib {
    /// `autoresizesArchivedViewToFullSize="NO"|"YES"` → `UIAutoresizesArchivedViewToFullSize` (bool).
    ///
    /// UIViewController's coder asks `containsValueForKey:` then `decodeBoolForKey:` for this key and otherwise
    /// resizes the archived view (the key order of its decoding: after `UIParentViewController`, before the segue
    /// templates). No compiled controller in the corpus sets it; the corpus has one (a page view controller, `NO`),
    /// so this rests on UIKit's coder, and the value is written only when the document gives the attribute.
    static func autoresizesArchivedViewKey(_ node: XIBNode, into e: inout Entries) {
        if let flag = node.bool("autoresizesArchivedViewToFullSize") { e.bool("UIAutoresizesArchivedViewToFullSize", flag) }
    }

    /// `<value key="contentSizeForViewInPopover" type="size" width height>` → `UIPreferredContentSize`, a packed
    /// size. Apple's ibtool writes it so on a navigation controller (STORYBOARD.md §2.3, one sample); the property
    /// and the key are UIViewController's (its coder reads `UIPreferredContentSize` for every controller), so every
    /// controller gets it, after UIViewController's other keys and before the subclass's.
    static func preferredContentSizeKey(_ node: XIBNode, into e: inout Entries) {
        guard let size = node.children.first(where: { $0.name == "value" && $0.peek("key") == "contentSizeForViewInPopover" }) else { return }
        size.visited = true
        size.markAllAttributesUsed()
        if let w = size.double("width"), let h = size.double("height") { e.add("UIPreferredContentSize", packedDoubles([w, h])) }
    }

    /// `<glkViewController preferredFramesPerSecond=…>` → `GLKViewControllerPreferredFramesPerSecondCoderKey` (integer).
    ///
    /// GLKViewController's coder (decompiled iOS 26.1 GLKit) reads the key only when present and otherwise keeps its
    /// default of 30, so it is written only when the attribute is given (2 documents of the corpus, both 30; no
    /// compiled sample). A value that is not an integer is left out with a warning.
    static func glkViewControllerKeys(_ node: XIBNode, in ctx: CompileContext, into e: inout Entries) {
        guard let text = node["preferredFramesPerSecond"] else { return }
        if let fps = Int(text) {
            e.int("GLKViewControllerPreferredFramesPerSecondCoderKey", fps)
        } else {
            ctx.warning(at: node, "<glkViewController preferredFramesPerSecond='\(text)'>: not an integer; not archived")
        }
    }

    /// `<keyCommands><keyCommand input modifierFlags actionName discoverabilityTitle title?/>…` → `UIKeyCommands`, an
    /// NSArray of `UIKeyCommand`.
    ///
    /// UIViewController's coder reads `UIKeyCommands` (an object); the commands' keys are those UIKit's coders read
    /// (decompiled iOS 26.1 UIKitCore): UIMenuElement's `title` (empty when absent), UICommand's `discoverabilityTitle`
    /// and `action` (the selector's name), UIKeyCommand's `input` and `modifierFlags` (an integer), in that
    /// superclass-first order. Every other key they read (attributes, state, alternates, key codes, priorities) has a
    /// default when absent. One document of the corpus has key commands (one command, not compiled), so the keys rest
    /// on UIKit's coders alone. A `modifierFlags` that is not an integer is left out with a warning.
    static func keyCommandsKey(_ node: XIBNode, in c: UIKitCompiler, into e: inout Entries) {
        guard let list = node.children.first(where: { $0.name == "keyCommands" }) else { return }
        list.visited = true
        var commands: [Int] = []
        for command in list.children where command.name == "keyCommand" {
            command.visited = true
            var k = Entries()
            if let title = command["title"] { k.obj("title", c.b.string(title)) }
            if let title = command["discoverabilityTitle"] { k.obj("discoverabilityTitle", c.b.string(title)) }
            if let action = command["actionName"] { k.obj("action", c.b.string(action)) }
            if let input = command["input"] { k.obj("input", c.b.string(input)) }
            if let text = command["modifierFlags"] {
                if let flags = Int(text) {
                    k.int("modifierFlags", flags)
                } else {
                    c.ctx.warning(at: command, "<keyCommand modifierFlags='\(text)'>: not an integer; not archived")
                }
            }
            commands.append(c.b.graph.add(NibObject(className: "UIKeyCommand", entries: k.list)))
        }
        if !commands.isEmpty { e.obj("UIKeyCommands", c.b.array(commands)) }
    }
}
