import Testing
@testable import NibArchive

/// Inputs that look hostile but are valid archives: the reader must accept them, and decoding,
/// copying and re-writing them must neither recurse without bound nor lose anything.
@Suite struct HostileValidArchiveTests {
    typealias R = RawArchive

    /// Verifies, copies into a graph, writes both ways and re-verifies; returns the archive.
    @discardableResult
    static func roundTrip(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> NibArchive {
        let archive = try NibArchive(bytes: bytes)
        let graph = NibGraph(archive)
        #expect(graph.objects.count == archive.objectCount, sourceLocation: sourceLocation)
        let preserved = try NibArchive(bytes: NibArchiveWriter(options: .preserveLayout).write(graph))
        #expect(RegressionReplayTests.byteDifference(graph, NibGraph(preserved)) == nil, sourceLocation: sourceLocation)
        _ = try NibArchive(bytes: NibArchiveWriter().write(graph))
        return archive
    }

    static func chain(_ count: Int, closing: Bool) -> NibGraph {
        var graph = NibGraph()
        for i in 0..<count {
            let next = i + 1 < count ? i + 1 : (closing ? 0 : -1)
            graph.add(NibObject(className: "UIView", entries: next >= 0 ? [NibEntry(key: "UISuperview", value: .object(next))] : []))
        }
        return graph
    }

    @Test func objectReferringToItself() throws {
        var graph = NibGraph()
        graph.add(NibObject(className: "NSObject", entries: [NibEntry(key: "self", value: .object(0))]))
        let archive = try Self.roundTrip(NibArchiveWriter().write(graph))
        #expect(archive.value(0) == .object(0))
    }

    @Test func deepChainOf200000Objects() throws {
        let bytes = NibArchiveWriter().write(Self.chain(200_000, closing: false))
        let archive = try Self.roundTrip(bytes)
        #expect(archive.objectCount == 200_000)
    }

    @Test func deepCycleOf100000Objects() throws {
        let archive = try Self.roundTrip(NibArchiveWriter().write(Self.chain(100_000, closing: true)))
        #expect(archive.value(archive.valueCount - 1) == .object(0))
    }

    @Test func objectsSharingAndSkippingValues() throws {
        // Objects 1 and 2 share values 1..<3; value 3 belongs to nobody.
        let bytes = R.with { $0.tables[0] = [0x80, 0x80, 0x81, 0x81, 0x81, 0x82, 0x82, 0x81, 0x82] }
        try Self.roundTrip(bytes)
    }

    @Test func emptyObjectWithFirstValueAtTheEnd() throws {
        let archive = try Self.roundTrip(R.with { $0.tables[0].replaceSubrange(6..<9, with: [0x82, 0x84, 0x80]) })
        #expect(archive.object(2).values == 4..<4)
    }

    @Test func nonMinimalVarintsAreAccepted() throws {
        let archive = try Self.roundTrip(R.with { $0.tables[0].replaceSubrange(0..<1, with: [0x00, 0x00, 0x00, 0x00, 0x80]) })
        #expect(archive.object(0).classIndex == 0)
    }

    @Test func emptyKeyAndKeyWithNUL() throws {
        let archive = try Self.roundTrip(R.with {
            $0.tables[1].replaceSubrange(0..<5, with: [0x80])
            $0.tables[1].replaceSubrange(1..<16, with: R.keyEntry([0x4E, 0x00, 0x53]))
        })
        #expect(archive.key(0) == "")
        #expect(archive.keyBytes(1).copyBytes() == [0x4E, 0x00, 0x53])
        #expect(archive.keyIndex(named: "") == 0)
    }

    @Test func emptyAndNonASCIIClassNames() throws {
        let archive = try Self.roundTrip(R.with {
            $0.tables[3].replaceSubrange(0..<11, with: R.classEntry([]))
            $0.tables[3] += R.classEntry(Array("Ünïcödé🙂".utf8))
            $0.counts[3] = 4
        })
        #expect(archive.className(0) == "")
        #expect(archive.className(3) == "Ünïcödé🙂")
    }

    @Test func validFallbacks() throws {
        let archive = try Self.roundTrip(R.with {
            $0.tables[3].replaceSubrange(0..<11, with: R.classEntry(Array("NSObject".utf8), fallbacks: [1, 2]))
        })
        #expect(archive.fallbacks(ofClass: 0) == [1, 2])
    }

    @Test func gapsAndReorderedTables() throws {
        let archive = try Self.roundTrip(R.with { $0.order = [3, 2, 1, 0]; $0.gaps = [2: [0xEE, 0xEE], 0: [0xFF]] })
        #expect(archive.notes.count == 2)
        #expect(archive.className(ofObject: 1) == "NSArray")
    }

    @Test func unknownTrailerIsIgnoredAndLNERecognised() throws {
        #expect(try Self.roundTrip(R.example + [0xFF]).trailer == .unknown(offset: 160, length: 1))
        #expect(try Self.roundTrip(R.example + [0x4C, 0x4E, 0x45, 0x00]).trailer == .lne)
    }

    @Test func gzipWithEveryOptionalHeaderField() throws {
        let framed = Gzip.compress(R.example)
        // FTEXT | FHCRC | FEXTRA | FNAME | FCOMMENT
        let header: [UInt8] = [0x1F, 0x8B, 8, 0x1F, 0, 0, 0, 0, 0, 3] + [3, 0, 1, 2, 3] + Array("a.nib".utf8) + [0] + Array("c".utf8) + [0] + [0xAB, 0xCD]
        let archive = try Self.roundTrip(header + framed[10...])
        #expect(archive.wasCompressed)
        #expect(archive.objectCount == 3)
    }

    // Swift's String == applies Unicode canonical equivalence: "é" (C3 A9) == "e\u{301}" (65 CC 81).
    // The archive compares bytes, so these are two different keys / class names and must stay so.
    static let precomposed: [UInt8] = [0xC3, 0xA9]
    static let decomposed: [UInt8] = [0x65, 0xCC, 0x81]

    @Test func canonicallyEquivalentKeysStayDistinct() throws {
        let bytes = R.with {
            $0.tables = [[0x80, 0x80, 0x82], R.keyEntry(Self.precomposed) + R.keyEntry(Self.decomposed),
                         [0x80, 0x04, 0x81, 0x05], R.classEntry(Array("NSObject".utf8))]
            $0.counts = [1, 2, 2, 1]
        }
        let archive = try Self.roundTrip(bytes)
        #expect(archive.keyIndex(named: "e\u{301}") == 1)
        let canonical = try NibArchive(bytes: NibArchiveWriter().write(NibGraph(archive)))
        #expect(canonical.keyCount == 2)
        #expect(canonical.keyBytes(canonical.valueKeyIndex(0)).copyBytes() == Self.precomposed)
        #expect(canonical.keyBytes(canonical.valueKeyIndex(1)).copyBytes() == Self.decomposed)
    }

    @Test func canonicallyEquivalentClassNamesWithFallback() throws {
        let bytes = R.with {
            $0.tables = [[0x80, 0x80, 0x80, 0x81, 0x80, 0x80], [], [],
                         R.classEntry(Self.precomposed, fallbacks: [1]) + R.classEntry(Self.decomposed)]
            $0.counts = [2, 0, 0, 2]
        }
        let archive = try Self.roundTrip(bytes)
        // Object 1 is unreachable, so the ibtool layout drops it; the preserving layout keeps both.
        let preserved = try NibArchive(bytes: NibArchiveWriter(options: .preserveLayout).write(NibGraph(archive)))
        #expect(preserved.classNameBytes(preserved.object(0).classIndex).copyBytes() == Self.precomposed)
        #expect(preserved.classNameBytes(preserved.object(1).classIndex).copyBytes() == Self.decomposed)
        #expect(preserved.fallbacks(ofClass: 0) == [1])
    }

    @Test func duplicateClassNamesWithFallbackBetweenThem() throws {
        let bytes = R.with {
            $0.tables = [[0x80, 0x80, 0x80, 0x81, 0x80, 0x80], [], [],
                         R.classEntry(Array("A".utf8), fallbacks: [1]) + R.classEntry(Array("A".utf8))]
            $0.counts = [2, 0, 0, 2]
        }
        try Self.roundTrip(bytes)
    }
}
