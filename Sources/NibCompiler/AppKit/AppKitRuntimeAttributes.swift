import NibArchive
import XIB

extension AppKitCompiler {
    /// `<userDefinedRuntimeAttributes>` of an AppKit object → one `NSIBUserDefinedRuntimeAttributesConnector`
    /// (NSObject: the object; NSKeyPaths and NSValues: parallel arrays, the keys its `initWithCoder:` reads in
    /// the open AppKit reimplementations). The connector sorts after the object's other connections (no
    /// Apple-compiled pair in the corpus has one; the position is not confirmed by a sample).
    func runtimeAttributesConnector(_ node: XIBNode, object: Int) -> Int {
        var keyPaths: [Int] = []
        var values: [Int] = []
        for a in node.children where a.isNamed("userDefinedRuntimeAttribute") {
            a.visited = true
            guard let keyPath = a["keyPath"] else {
                ctx.error(at: a, "<userDefinedRuntimeAttribute> without keyPath")
                continue
            }
            let type = a["type"] ?? ""
            guard let value = runtimeAttributeValue(a, type: type) else {
                ctx.warning(at: a, "<userDefinedRuntimeAttribute keyPath=\"\(keyPath)\">: type '\(type)' is not supported yet; ignored")
                ctx.ignore(a)
                continue
            }
            keyPaths.append(str(keyPath))
            values.append(value)
        }
        var e = Entries()
        e.obj("NSObject", object)
        e.obj("NSKeyPaths", b.array(keyPaths))
        e.obj("NSValues", b.array(values))
        return b.graph.add(NibObject(className: "NSIBUserDefinedRuntimeAttributesConnector", entries: e.list))
    }

    /// The archived value of one attribute: NSNumber (number, boolean), NSString, NSColor, an image
    /// reference, an NSValue (size, point, rect, range); nil for a type with no rule (`nil` has no array element
    /// to stand for it).
    private func runtimeAttributeValue(_ a: XIBNode, type: String) -> Int? {
        switch type {
        case "number":
            if let r = a.child("real") { return b.number(r.double("value") ?? 0) }
            if let i = a.child("integer") { return b.number(ctx.integer(i, "value") ?? 0) }
            return a["value"].flatMap(Double.init).map { b.number($0) }
        case "boolean":
            return b.number(a["value"] == "YES")
        case "string", "localizedString":
            if let s = a.child("string") { return str(s.text) }
            return a["value"].map { str($0) }
        case "color":
            return color(a, "value")
        case "image":
            // A named image, archived like any other image reference (NSCustomResource).
            return a["value"].map { imageResource($0) }
        case "size", "point", "rect", "range":
            return runtimeAttributeGeometry(a, type: type)
        default:
            return nil
        }
    }

    /// A geometry attribute's `<size>`, `<point>`, `<rect>` or `<range>` child as an NSValue, in Foundation's
    /// keyed NSValue form: `NS.special` (1 point, 2 size, 3 rect, 4 range) and the value as Foundation prints it
    /// (`NS.sizeval` "{w, h}", `NS.pointval` "{x, y}", `NS.rectval` "{{x, y}, {w, h}}"), or a range's
    /// `NS.rangeval.location` and `.length`. The size form is the one the image pairs' `IBDesignSize` shows
    /// (93 samples); the others are the same coder's (no AppKit pair has a geometry runtime attribute).
    private func runtimeAttributeGeometry(_ a: XIBNode, type: String) -> Int? {
        guard let g = a.children.first(where: { $0.isNamed(type) }) else { return nil }
        g.visited = true
        g.markUsed("key")
        func n(_ name: String) -> Double {
            guard let v = g.double(name), v.isFinite else { return 0 }
            return v
        }
        var v = Entries()
        switch type {
        case "point":
            v.int("NS.special", 1)
            v.obj("NS.pointval", str(sizeString(n("x"), n("y"))))
        case "size":
            v.int("NS.special", 2)
            v.obj("NS.sizeval", str(sizeString(n("width"), n("height"))))
        case "rect":
            v.int("NS.special", 3)
            v.obj("NS.rectval", str(rectString(n("x"), n("y"), n("width"), n("height"))))
        default:
            v.int("NS.special", 4)
            v.int("NS.rangeval.location", Int(ctx.integer(g, "location") ?? 0))
            v.int("NS.rangeval.length", Int(ctx.integer(g, "length") ?? 0))
        }
        return b.graph.add(NibObject(className: "NSValue", entries: v.list))
    }
}
