import NibArchive
import XIB

/// `<glkView>` → `GLKView`: the UIView keys, then GLKit's own.
///
/// GLKView's coder (decompiled iOS 26.1 GLKit; no compiled GLKView exists in the corpus) reads each of its keys only
/// when present (`containsValueForKey:`), falling back to the class defaults, so a key is written only for an
/// attribute the document sets. Its keys: `GLKViewDrawableColorFormatCoderKey`, `…DepthFormatCoderKey`,
/// `…StencilFormatCoderKey`, `…MultisampleCoderKey` (integers) and `GLKViewEnableSetNeedsDisplayCoderKey` (a bool,
/// default true). The corpus has only `enableSetNeedsDisplay="NO"` (2 documents of 2 projects); the drawable formats'
/// attribute spellings are not in the corpus, so they stay unencoded and the compiler warns of them if they appear.
extension UIKitCompiler {
    func encodeGLKView(_ node: XIBNode) -> Int {
        encodeViewObject(node, className: "GLKView", style: ViewStyle()) { e, _ in
            if let flag = node.bool("enableSetNeedsDisplay") { e.bool("GLKViewEnableSetNeedsDisplayCoderKey", flag) }
        }
    }
}
