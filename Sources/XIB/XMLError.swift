/// A well-formedness or limit error found while reading XML, with the place it was found.
///
/// `description` prints `file:line:col: error: message`.
public typealias XMLError = KindedError<XMLErrorKind>

/// What went wrong while reading XML (`XMLError.Kind`), as a small closed set that tests and callers can match on.
public enum XMLErrorKind: String, Sendable, Hashable {
    /// A byte sequence that is not valid UTF-8.
    case invalidUTF8
    /// A character XML does not allow (control characters, U+FFFE, U+FFFF).
    case invalidCharacter
    /// The input is not UTF-8 (a UTF-16 byte-order mark, or another `encoding=`).
    case unsupportedEncoding
    /// The input ended inside markup.
    case unexpectedEndOfInput
    /// The `<?xml ...?>` declaration is malformed.
    case malformedXMLDeclaration
    /// `<?xml` appears somewhere other than the very start of the input.
    case misplacedXMLDeclaration
    /// Bad syntax inside a start or end tag.
    case malformedTag
    /// `<!` followed by something that is not a comment, CDATA section or DOCTYPE.
    case malformedMarkup
    /// A name that is not an XML name.
    case invalidName
    /// An end tag that does not match the open element.
    case mismatchedEndTag
    /// An end tag with no open element.
    case unexpectedEndTag
    /// The input ended while elements were still open.
    case unclosedElement
    /// The same attribute appears twice on one element.
    case duplicateAttribute
    /// A literal `<` inside an attribute value.
    case lessThanInAttributeValue
    /// An entity reference other than `&lt; &gt; &amp; &quot; &apos;`.
    case undefinedEntity
    /// A `&` that does not start a well-formed reference.
    case malformedReference
    /// A character reference to a code point XML does not allow.
    case invalidCharacterReference
    /// A comment containing `--`.
    case malformedComment
    /// A comment without `-->`.
    case unterminatedComment
    /// A CDATA section without `]]>`.
    case unterminatedCDATA
    /// A processing instruction without `?>`.
    case unterminatedProcessingInstruction
    /// A processing instruction with a bad target.
    case malformedProcessingInstruction
    /// `]]>` in character data.
    case cdataEndInText
    /// A malformed or misplaced DOCTYPE.
    case malformedDoctype
    /// A DOCTYPE with an internal subset (entity declarations are never processed).
    case unsupportedDoctype
    /// No root element.
    case missingRootElement
    /// A second root element.
    case multipleRootElements
    /// Text or CDATA outside the root element.
    case contentOutsideRoot
    /// Elements nested deeper than `XMLParseOptions.maxDepth`.
    case depthLimitExceeded
    /// More attributes on one element than `XMLParseOptions.maxAttributesPerElement`.
    case attributeLimitExceeded
    /// More elements and attributes than `XMLParseOptions.maxNodes`.
    case nodeLimitExceeded
    /// Input larger than `XMLParseOptions.maxInputSize`.
    case inputTooLarge
    /// A git merge-conflict marker (`<<<<<<<`, `=======`, `>>>>>>>`).
    case mergeConflictMarker
}

/// An error found by the tokenizer before it is given a line and column.
struct TokenizerFailure: Error {
    var kind: XMLError.Kind
    var offset: Int
    var message: String

    init(_ kind: XMLError.Kind, at offset: Int, _ message: String) {
        self.kind = kind
        self.offset = offset
        self.message = message
    }
}
