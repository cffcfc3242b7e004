import Foundation
import NibArchive
import NibTestSupport
import Testing

/// End-to-end tests of `nibc compile`: outputs, diagnostics, exit status, atomic writes, batches.
@Suite struct CompileCommandTests {
    static func scratch(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibc-compile-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static let login = ProjectCorpus.directory.appendingPathComponent("ios/LoginViewController.xib").path

    @Test func compilesAProjectXIBIntoAValidNib() throws {
        let dir = try Self.scratch("single")
        let out = dir.appendingPathComponent("Login.nib").path
        let result = try NibcProcess.run(["compile", Self.login, "-o", out])
        #expect(result.status == 0, "\(result.stderr)")
        let archive = try NibArchive(contentsOf: out)
        #expect(archive.value(ofObject: 0, forKey: "UINibTopLevelObjectsKey") != nil)
        #expect(try NibcProcess.run(["verify", out]).status == 0)
    }

    @Test func failedCompileLeavesExistingOutputUntouched() throws {
        let dir = try Self.scratch("atomic")
        let bad = dir.appendingPathComponent("Bad.xib")
        try Data("<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\">\n<objects>\n</document>\n".utf8).write(to: bad)
        let out = dir.appendingPathComponent("Bad.nib")
        let old = Data("previous contents".utf8)
        try old.write(to: out)
        let result = try NibcProcess.run(["compile", bad.path, "-o", out.path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(bad.path):4:1: error: end tag </document> does not match start tag <objects>"), "\(result.stderr)")
        #expect(try Data(contentsOf: out) == old)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func xmlLimitsAreOptionsWithLocatedErrors() throws {
        let dir = try Self.scratch("limits")
        let out = dir.appendingPathComponent("Login.nib").path
        // The project's login screen nests deeper than 4 levels and is larger than 1,000 bytes.
        let deep = try NibcProcess.run(["compile", Self.login, "-o", out, "--max-depth", "4"])
        #expect(deep.status == 1)
        #expect(deep.stderr.contains("error:") && deep.stderr.contains("nested deeper than the limit of 4"), "\(deep.stderr)")
        let large = try NibcProcess.run(["compile", Self.login, "-o", out, "--max-input-size", "1000"])
        #expect(large.status == 1)
        #expect(large.stderr.hasPrefix("\(Self.login):1:1: error:"), "\(large.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        // The defaults accept it.
        #expect(try NibcProcess.run(["compile", Self.login, "-o", out]).status == 0)
    }

    /// A write that fails half-way (here: past the file-size limit, which fails like a full disk) is an
    /// error naming the output; the old output stays and no temporary file is left.
    @Test func failedWriteLeavesExistingOutputUntouched() throws {
        let dir = try Self.scratch("fsize")
        let out = dir.appendingPathComponent("Login.nib")
        let old = Data("previous contents".utf8)
        try old.write(to: out)
        // ulimit -f counts 512- or 1024-byte blocks depending on the shell; the nib is larger than 4 KiB.
        let result = try NibcProcess.run(["-c", "ulimit -f 4 && exec \"$0\" compile \"$1\" -o \"$2\"",
                                          NibcProcess.binary.path, Self.login, out.path],
                                         executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("\(out.path): error: cannot write: File too large"), "\(result.stderr)")
        #expect(try Data(contentsOf: out) == old)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func missingOutputDirectoryIsAClearError() throws {
        let result = try NibcProcess.run(["compile", Self.login, "-o", "/nonexistent-dir/x.nib"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("/nonexistent-dir/x.nib: error: output directory '/nonexistent-dir' does not exist"))
    }

    @Test func unwritableOutputIsAClearError() throws {
        let dir = try Self.scratch("unwritable")
        // A directory where the output file should be: rename cannot replace it.
        let out = dir.appendingPathComponent("Login.nib")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: out.appendingPathComponent("inside"))
        let result = try NibcProcess.run(["compile", Self.login, "-o", out.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(out.path): error: cannot replace"), "\(result.stderr)")
        #expect(try Data(contentsOf: out.appendingPathComponent("inside")) == Data("keep".utf8))
    }

    @Test func batchCompileIsDeterministicWhateverTheJobCount() throws {
        let inputs = ProjectCorpus.directory.appendingPathComponent("ios").path
        let serial = try Self.scratch("serial"), parallel = try Self.scratch("parallel")
        let a = try NibcProcess.run(["compile", inputs, "--output-dir", serial.path, "--jobs", "1"])
        let b = try NibcProcess.run(["compile", inputs, "--output-dir", parallel.path, "--jobs", "4"])
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        #expect(a.stderr == b.stderr)
        // Compiled storyboards (directories) are compared file by file in StoryboardCommandTests.
        let names = try FileManager.default.contentsOfDirectory(atPath: serial.path).filter { $0.hasSuffix(".nib") }.sorted()
        #expect(names.count >= 4)
        #expect(names == (try FileManager.default.contentsOfDirectory(atPath: parallel.path).filter { $0.hasSuffix(".nib") }.sorted()))
        for name in names {
            #expect(try Data(contentsOf: serial.appendingPathComponent(name)) == Data(contentsOf: parallel.appendingPathComponent(name)), "\(name)")
        }
    }

    @Test func batchWithOneBadFileStillWritesTheOthersAndFails() throws {
        let dir = try Self.scratch("mixed")
        let bad = dir.appendingPathComponent("Broken.xib")
        try Data("<document".utf8).write(to: bad)
        let outDir = dir.appendingPathComponent("out")
        let result = try NibcProcess.run(["compile", Self.login, bad.path, "--output-dir", outDir.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(bad.path):1:"))
        #expect(FileManager.default.fileExists(atPath: outDir.appendingPathComponent("LoginViewController.nib").path))
        #expect(!FileManager.default.fileExists(atPath: outDir.appendingPathComponent("Broken.nib").path))
    }

    /// Every document under the shared corpus's ios/ and macos/ in one call: the outputs mirror the tree
    /// below each folder argument, so same-named documents (several LaunchScreen.xib, MainMenu.xib) do not
    /// collide, and each output is a valid nib.
    @Test func corpusBatchMirrorsTheInputTree() throws {
        let corpus = try SharedCorpus.require()
        let out = try Self.scratch("corpus-batch")
        let result = try NibcProcess.run(["compile", corpus.appendingPathComponent("ios").path,
                                          corpus.appendingPathComponent("macos").path, "--output-dir", out.path])
        #expect(result.status == 0, "\(result.stderr.split(separator: "\n").filter { $0.contains("error:") })")
        var expected = [String]()
        for folder in ["ios", "macos"] {
            let root = corpus.appendingPathComponent(folder).path + "/"
            for url in try SharedCorpus.files(under: folder, suffix: ".xib") {
                expected.append(String(url.deletingPathExtension().path.dropFirst(root.count)) + ".nib")
            }
        }
        let names = expected.map { ($0 as NSString).lastPathComponent }
        #expect(Set(names).count < names.count, "the corpus has same-named documents in different folders")
        let all = FileManager.default.enumerator(atPath: out.path)?.compactMap { $0 as? String } ?? []
        // Storyboards in the folders compile to X.storyboardc directories beside the nibs.
        let written = all.filter { $0.hasSuffix(".nib") && !$0.contains(".storyboardc/") }.sorted()
        #expect(written == expected.sorted())
        for folder in ["ios", "macos"] {
            let root = corpus.appendingPathComponent(folder).path + "/"
            for url in try SharedCorpus.files(under: folder, suffix: ".storyboard") {
                let plist = String(url.deletingPathExtension().path.dropFirst(root.count)) + ".storyboardc/Info.plist"
                #expect(all.contains(plist), "\(plist)")
            }
        }
        for name in written {
            #expect(try NibcProcess.run(["verify", out.appendingPathComponent(name).path]).status == 0, "\(name)")
        }
    }

    /// Two same-named files given one by one would write the same output: a usage error that says how
    /// to mirror instead; their folder as the argument mirrors them.
    @Test func sameNamedFilesCollideUnlessTheirFolderIsGiven() throws {
        let dir = try Self.scratch("collide")
        for sub in ["App", "Extension"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("src/\(sub)"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Self.login, toPath: dir.appendingPathComponent("src/\(sub)/LaunchScreen.xib").path)
        }
        let out = dir.appendingPathComponent("out")
        let files = try NibcProcess.run(["compile", dir.appendingPathComponent("src/App/LaunchScreen.xib").path,
                                         dir.appendingPathComponent("src/Extension/LaunchScreen.xib").path, "--output-dir", out.path])
        #expect(files.status == 1)
        #expect(files.stderr.contains("would both write") && files.stderr.contains("common folder"), "\(files.stderr)")
        let folder = try NibcProcess.run(["compile", dir.appendingPathComponent("src").path, "--output-dir", out.path])
        #expect(folder.status == 0, "\(folder.stderr)")
        for sub in ["App", "Extension"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("\(sub)/LaunchScreen.nib").path))
        }
    }

    /// `--diagnostics-format json`: one object per line with file, line, column, severity and message, in
    /// input order, for warnings, errors and the -v lines.
    @Test func jsonDiagnostics() throws {
        let dir = try Self.scratch("json")
        let xib = dir.appendingPathComponent("W.xib")
        try Data(NibcFixtures.brokenXIB.utf8).write(to: xib)
        let result = try NibcProcess.run(["compile", Self.login, xib.path, "--output-dir", dir.appendingPathComponent("out").path,
                                          "--diagnostics-format", "json", "-v"])
        #expect(result.status == 1)
        let objects = try result.stderr.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
        for object in objects {
            #expect(Set(object.keys) == ["file", "line", "column", "severity", "message"], "\(object)")
        }
        let warning = try #require(objects.first { $0["severity"] as? String == "warning" })
        // The column is the attribute's, not the element's.
        let line4 = try String(contentsOf: xib, encoding: .utf8).split(separator: "\n")[3]
        let column = try #require(line4.range(of: "frobnicate")).lowerBound.utf16Offset(in: line4) + 1
        #expect(warning["file"] as? String == xib.path && warning["line"] as? Int == 4 && warning["column"] as? Int == column)
        #expect((warning["message"] as? String)?.contains("frobnicate") == true)
        let error = try #require(objects.first { $0["severity"] as? String == "error" })
        #expect(error["line"] as? Int == 5 && error["message"] as? String == "reference to unknown id 'nope'")
        // Input order: the login screen's -v line comes before W.xib's messages.
        let firstW = try #require(objects.firstIndex { $0["file"] as? String == xib.path })
        let loginInfo = try #require(objects.firstIndex { $0["file"] as? String == Self.login && $0["severity"] as? String == "info" })
        #expect(loginInfo < firstW)
    }

    /// A long batch shows "nibc: compiled K of N" on a terminal (run under util-linux `script`, which gives
    /// the child a pseudo-terminal), erased at the end; without a terminal nothing extra is printed.
    @Test func progressLineOnlyOnATerminal() throws {
        let inputs = try SharedCorpus.require().appendingPathComponent("ios").path
        let count = try SharedCorpus.files(under: "ios", suffix: ".xib").count + SharedCorpus.files(under: "ios", suffix: ".storyboard").count
        #expect(count >= ProgressLineMinimum.value)
        let dir = try Self.scratch("progress")
        let command = "'\(NibcProcess.binary.path)' compile '\(inputs)' --output-dir '\(dir.appendingPathComponent("tty").path)'"
        let tty = try NibcProcess.run(["-qec", command, "/dev/null"], executable: URL(fileURLWithPath: "/usr/bin/script"))
        #expect(tty.status == 0, "\(tty.stdout)")
        #expect(tty.stdout.contains("nibc: compiled 1 of \(count)"), "\(tty.stdout.suffix(200))")
        #expect(tty.stdout.contains("nibc: compiled \(count) of \(count)"))
        #expect(tty.stdout.hasSuffix("\r\u{1B}[K"), "the line is erased at the end")
        let pipe = try NibcProcess.run(["compile", inputs, "--output-dir", dir.appendingPathComponent("pipe").path])
        #expect(pipe.status == 0)
        #expect(!pipe.stderr.contains("compiled") && !pipe.stderr.contains("\u{1B}"), "\(pipe.stderr)")
    }

    @Test func compressedOutputIsGzipAndReadsBack() throws {
        let dir = try Self.scratch("gzip")
        let plain = dir.appendingPathComponent("plain.nib").path, packed = dir.appendingPathComponent("packed.nib").path
        #expect(try NibcProcess.run(["compile", Self.login, "-o", plain]).status == 0)
        #expect(try NibcProcess.run(["compile", Self.login, "-o", packed, "--compress"]).status == 0)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: packed)))
        #expect(bytes.starts(with: [0x1F, 0x8B, 0x08]))
        #expect(bytes.count < (try Data(contentsOf: URL(fileURLWithPath: plain)).count))
        let diff = try NibcProcess.run(["diff", plain, packed])
        #expect(diff.status == 0, "\(diff.stdout)")
    }

    @Test func usageErrorsExitWithUsageStatus() throws {
        let result = try NibcProcess.run(["compile", Self.login, Self.login, "-o", "x.nib"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("-o takes one input"))
        let both = try NibcProcess.run(["compile", Self.login, "-o", "x.nib", "--output-dir", "d"])
        #expect(both.status == 64)
    }
}

/// `ProgressLine.minimumBatch` in the nibc target (a test target cannot import an executable's internals).
enum ProgressLineMinimum { static let value = 20 }
