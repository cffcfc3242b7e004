import NibArchive
import XIB

// Formatter vocabulary: the XIB spellings of NSNumberFormatter's and NSDateFormatter's enumerations and the
// values their properties take (Apple's Foundation headers: NSNumberFormatterStyle, NSNumberFormatterPadPosition,
// NSNumberFormatterRoundingMode, NSNumberFormatterBehavior, NSDateFormatterStyle, NSDateFormatterBehavior).
// Both formatters archive the properties set on them as `NS.attributes`, a dictionary keyed by property name;
// the number formatter's pairs (4 formatters in 3 files) show its keys sorted by name.

extension AppKitCompiler {
    /// `numberStyle`: NSNumberFormatterStyle (7 is unused by the enumeration). Only "decimal" occurs in the
    /// corpus; the other spellings are the enumeration's case names, as IB writes its other enumerations.
    static let numberFormatterStyles: [String: Int64] = [
        "none": 0, "decimal": 1, "currency": 2, "percent": 3, "scientific": 4, "spellOut": 5, "ordinal": 6,
        "currencyISOCode": 8, "currencyPlural": 9, "currencyAccounting": 10,
    ]

    /// `paddingPosition`: NSNumberFormatterPadPosition.
    static let numberFormatterPaddingPositions: [String: Int64] = [
        "beforePrefix": 0, "afterPrefix": 1, "beforeSuffix": 2, "afterSuffix": 3,
    ]

    /// `roundingMode`: NSNumberFormatterRoundingMode (halfEven, 4, is the default).
    static let numberFormatterRoundingModes: [String: Int64] = [
        "ceiling": 0, "floor": 1, "down": 2, "up": 3, "halfEven": 4, "halfDown": 5, "halfUp": 6,
    ]

    /// `dateStyle` and `timeStyle`: NSDateFormatterStyle.
    static let dateFormatterStyles: [String: Int64] = ["none": 0, "short": 1, "medium": 2, "long": 3, "full": 4]

    /// `formatterBehavior` as the formatter's property holds it: NSNumberFormatterBehavior10_0 (1000) for
    /// "10_0", else NSNumberFormatterBehavior10_4 (1040) — "default10_4" and "custom10_4" both, as the pairs
    /// show (the NSDateFormatterBehavior values are the same). No compiled pair has a 10.0 formatter.
    func formatterBehaviorNumber(_ node: XIBNode) -> Int {
        b.number(Int64(node.peek("formatterBehavior", is: "10_0") ? 1000 : 1040))
    }

    /// The value of an enumeration attribute: its case name, or the raw number; a warning and `fallback`
    /// for anything else.
    func formatterEnum(_ node: XIBNode, _ attribute: String, _ table: [String: Int64], fallback: Int64) -> Int64? {
        guard let text = node.peek(attribute) else { return nil }
        if let v = table[text] ?? Int64(text) { return v }
        ctx.warning(at: node, "<\(node.name) \(attribute)='\(text)'>: unknown value; archived as \(fallback)")
        return fallback
    }

    /// An `NSDateFormatter`: `NS.attributes` (formatterBehavior, the date and time styles, and the custom format,
    /// lenient parsing and relative formatting when set), `NS.format` (the 10.0-behaviour format string) and
    /// `NS.natural` (10.0 natural-language parsing; IB offers no attribute for it). GNUstep's coder confirms the
    /// 10.0 pair (format, allowsNaturalLanguage); the attribute keys are the properties' names, as for the number
    /// formatter. No compiled pair holds a date formatter (the corpus has three, none with a reference).
    func encodeDateFormatter(_ node: XIBNode) -> Int {
        let i = define(node, "NSDateFormatter")
        node.markUsed("formatterBehavior", "dateStyle", "timeStyle", "dateFormat", "lenient", "doesRelativeDateFormatting")
        var attr: [String: Int] = ["formatterBehavior": formatterBehaviorNumber(node)]
        for key in ["dateStyle", "timeStyle"] {
            if let v = formatterEnum(node, key, Self.dateFormatterStyles, fallback: 0) { attr[key] = b.number(v) }
        }
        let tenZero = node.peek("formatterBehavior", is: "10_0")
        if let format = node.peek("dateFormat"), !tenZero { attr["dateFormat"] = str(format) }
        for key in ["lenient", "doesRelativeDateFormatting"] where node.peek(key, is: "YES") { attr[key] = b.number(true) }
        var e = Entries()
        e.obj("NS.attributes", sortedAttributes(attr))
        e.obj("NS.format", str(node.peek("dateFormat") ?? ""))
        e.bool("NS.natural", false)
        finish(i, "NSDateFormatter", e)
        return i
    }

    /// A formatter's `NS.attributes`: an NSMutableDictionary with its keys sorted by name.
    func sortedAttributes(_ attr: [String: Int]) -> Int {
        let keys = attr.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return b.dictionary("NSMutableDictionary", keys.compactMap { k in attr[k].map { (str(k), $0) } })
    }

    /// The number formatter's attributes beyond the ones every pair shows, each only when the document sets it
    /// (no pair sets them): the padding character, the significant-digit settings, partial-string validation
    /// and the multiplier.
    func optionalNumberFormatterAttributes(_ node: XIBNode, into attr: inout [String: Int]) {
        if let pad = node.peek("paddingCharacter") { attr["paddingCharacter"] = str(pad) }
        for key in ["usesSignificantDigits", "partialStringValidationEnabled"] {
            if let v = node.peek(key) { attr[key] = b.number(v == "YES") }
        }
        for key in ["minimumSignificantDigits", "maximumSignificantDigits"] {
            if let v = node.peek(key).flatMap({ Int64($0) }) { attr[key] = b.number(v) }
        }
        if let m = node.peek("multiplier").flatMap({ Double($0) }), m.isFinite {
            attr["multiplier"] = m.rounded() == m && abs(m) < 1e15 ? b.number(Int64(m)) : b.number(m)
        }
    }
}

// NSByteCountFormatter. No compiled pair holds one (the corpus has three, in CotEditor, none with a reference).
// The keys, their value kinds and the rule that each is written only when it differs from the initializer's
// value come from Foundation's own coder (its decoder, as a class dump of Foundation shows it): `NSUnits`,
// `NSKBSize` (countStyle) and `NSFormattingContext` as 32-bit integers, then `NSZeroPad` and `NSActual` (true
// when set) and `NSNoNonnumeric`, `NSNoUnit`, `NSNoCount`, `NSNoAdaptive` (true when the property is off; the
// initializer turns all four on). The XIB attributes are the properties' names, as for the other formatters.
extension AppKitCompiler {
    /// `countStyle`: NSByteCountFormatterCountStyle (Foundation's header).
    static let byteCountStyles: [String: Int64] = ["file": 0, "memory": 1, "decimal": 2, "binary": 3]

    /// `formattingContext`: NSFormattingContext (Foundation's header).
    static let formattingContexts: [String: Int64] = [
        "unknown": 0, "dynamic": 1, "standalone": 2, "listItem": 3, "beginningOfSentence": 4, "middleOfSentence": 5,
    ]

    /// An `NSByteCountFormatter`, in the key order of Foundation's coder; a property at its default writes no key.
    func encodeByteCountFormatter(_ node: XIBNode) -> Int {
        let i = define(node, "NSByteCountFormatter")
        node.markUsed("allowedUnits", "countStyle", "formattingContext", "zeroPadsFractionDigits", "includesActualByteCount",
                      "allowsNonnumericFormatting", "includesUnit", "includesCount", "adaptive")
        var e = Entries()
        if let text = node.peek("allowedUnits") {
            // NSByteCountFormatterUnits is a bit mask; 0 and useAll (0xFFFF) both mean "all units".
            if let units = Int32(text), units >= 0 {
                if units != 0 { e.int("NSUnits", Int(units)) }
            } else {
                ctx.warning(at: node, "<byteCountFormatter allowedUnits='\(text)'>: not a unit mask; all units archived")
            }
        }
        for (attribute, key, table) in [("countStyle", "NSKBSize", Self.byteCountStyles), ("formattingContext", "NSFormattingContext", Self.formattingContexts)] {
            if let v = formatterEnum(node, attribute, table, fallback: 0), v != 0, let v32 = Int32(exactly: v) { e.int(key, Int(v32)) }
        }
        for (attribute, key) in [("zeroPadsFractionDigits", "NSZeroPad"), ("includesActualByteCount", "NSActual")] where node.peek(attribute, is: "YES") {
            e.bool(key, true)
        }
        for (attribute, key) in [("allowsNonnumericFormatting", "NSNoNonnumeric"), ("includesUnit", "NSNoUnit"), ("includesCount", "NSNoCount"),
                                 ("adaptive", "NSNoAdaptive")] where node.peek(attribute, is: "NO") {
            e.bool(key, true)
        }
        finish(i, "NSByteCountFormatter", e)
        return i
    }
}
