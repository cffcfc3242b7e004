extension NibGraph {
    /// Copies a verified archive into an owned graph. Object indices, value order, the key table and the
    /// class table (with fallback-only classes) are kept, so `NibArchiveWriter.write(_:)` reproduces the
    /// input byte for byte.
    public init(_ archive: NibArchive) {
        var keys = [String]()
        keys.reserveCapacity(archive.keyCount)
        for k in 0..<archive.keyCount { keys.append(archive.key(k)) }
        var classNames = [String]()
        var classes = [(name: String, fallbacks: [Int])]()
        var fallbacks = [String: [String]]()
        for c in 0..<archive.classCount {
            let name = archive.className(c)
            classNames.append(name)
            classes.append((name, archive.fallbacks(ofClass: c)))
        }
        for (name, list) in classes where !list.isEmpty {
            fallbacks[name] = list.map { classNames[$0] }
        }
        var objects = [NibObject]()
        objects.reserveCapacity(archive.objectCount)
        var emptyFirst = [Int: Int]()
        for o in 0..<archive.objectCount {
            let record = archive.object(o)
            var entries = [NibEntry]()
            entries.reserveCapacity(record.values.count)
            for v in record.values {
                let key = keys[archive.valueKeyIndex(v)]
                let type = archive.valueType(v)
                let value: NibGraphValue
                switch archive.value(v) {
                case .int(let i): value = type == NibValueType.integerType(for: i) ? .int(i) : .fixedWidthInteger(i, type)
                case .bool(let b): value = .bool(b)
                case .float(let f): value = .float(f)
                case .double(let d): value = .double(d)
                case .data(let bytes): value = .data(bytes.copyBytes())
                case .null: value = .null
                case .object(let i): value = .object(i)
                }
                entries.append(NibEntry(key: key, value: value))
            }
            if record.values.isEmpty && record.values.lowerBound != 0 {
                emptyFirst[o] = record.values.lowerBound
            }
            objects.append(NibObject(className: classNames[record.classIndex], entries: entries))
        }
        self.init(coderVersion: archive.coderVersion, objects: objects, classFallbacks: fallbacks,
                  hasLNETrailer: archive.trailer == .lne,
                  layout: NibTableLayout(keys: keys, classes: classes, emptyObjectFirstValue: emptyFirst))
    }
}
