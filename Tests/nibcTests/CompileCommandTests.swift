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
        let names = try FileManager.default.contentsOfDirectory(atPath: serial.path).sorted()
        #expect(names.count >= 4)
        #expect(names == (try FileManager.default.contentsOfDirectory(atPath: parallel.path).sorted()))
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
