import ArgumentParser
import CompiledStoryboard
import Foundation
import NibArchive
import NibRuntime

/// `nibc bench FILE`: how fast this nib decodes, and what caching its template saves per instantiation.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure decode speed and cached-vs-disk instantiation time of a nib.",
        discussion: """
            Prints the decode throughput (full verification and decode of every value, repeated for the \
            given time) in MB/s, and the time per instantiation from a cached template versus reading and \
            decoding the file again each time, with their ratio, all measured in this run. Every class is \
            instantiated as a generic object. Times vary with machine load.
            """)

    @Argument(help: "The nib file to measure (plain or gzip-framed NIBArchive, or a compiled .nib directory), or a compiled storyboard (.storyboardc: every controller and view per round).")
    var file: String

    @Option(help: "Time spent on each of the three measurements, in seconds.")
    var seconds: Double = 0.5

    func validate() throws {
        guard seconds > 0, seconds <= 600 else { throw ValidationError("--seconds must be in (0, 600]") }
    }

    func run() throws {
        do {
            try measure()
        } catch {
            printError(error.message)
            throw ExitCode(error.exitCode)
        }
    }

    func measure() throws(CommandFailure) {
        if StoryboardPackage.isStoryboardDirectory(file) { return try measureStoryboard() }
        // The template resolves compiled .nib directories to their archive file.
        let template: NibTemplate
        do { template = try NibTemplate(contentsOf: file, registry: NibClassRegistry()) } catch {
            throw CommandFailure("\(file): error: \(error)")
        }
        let path = template.path ?? file
        let fileBytes: [UInt8]
        do { fileBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) } catch {
            throw CommandFailure("\(path): error: \(error.localizedDescription)")
        }
        // Only the archive's figures are kept: the runs below hold their own copies (memory stays within
        // the limits scripts' budget for large nibs).
        let objectCount: Int, valueCount: Int, archiveBytes: Int, wasCompressed: Bool
        do {
            let archive = try loadArchive(path)
            (objectCount, valueCount, archiveBytes, wasCompressed) =
                (archive.objectCount, archive.valueCount, archive.byteCount, archive.wasCompressed)
        }
        let owner = BenchOwner()
        // Identifiers come from the file and may repeat (one object then stands for every placeholder of that
        // identifier, as a caller's dictionary would); a repeat is input, never a reason to trap.
        let externals: [String: AnyObject] = Dictionary(
            ((try? template.externalObjectIdentifiers()) ?? []).map { ($0, BenchOwner() as AnyObject) },
            uniquingKeysWith: { first, _ in first })
        func instantiate(_ t: NibTemplate) throws(CommandFailure) -> Int {
            do { return try t.instantiate(owner: owner, externalObjects: externals).count } catch {
                throw CommandFailure("\(file): error: instantiation failed: \(error)")
            }
        }
        _ = try instantiate(template)

        // 1. Decode: verification and a visit of every value, on the bytes as stored (gzip inflated).
        var sink = 0
        let (decodes, decodeSeconds) = try Self.repeatFor(seconds) { () throws(CommandFailure) in
            do { sink &+= Self.decodeAll(try NibArchive(bytes: fileBytes)) } catch {
                throw CommandFailure("\(path): error: \(error)")
            }
        }
        let mbPerSecond = Double(archiveBytes) * Double(decodes) / decodeSeconds / 1e6

        // 2. Cached template: instantiation only.
        let (cachedCount, cachedSeconds) = try Self.repeatFor(seconds) { () throws(CommandFailure) in sink &+= try instantiate(template) }
        let cached = cachedSeconds / Double(cachedCount)

        // 3. From disk every time: read, verify, decode, plan, instantiate. The cached plan is no longer
        // needed; dropping it keeps one plan in memory at a time.
        template.purgeCache()
        let (diskCount, diskSeconds) = try Self.repeatFor(seconds) { () throws(CommandFailure) in
            let fresh: NibTemplate
            do { fresh = try NibTemplate(contentsOf: path, registry: NibClassRegistry()) } catch {
                throw CommandFailure("\(path): error: \(error)")
            }
            sink &+= try instantiate(fresh)
        }
        let disk = diskSeconds / Double(diskCount)
        if sink == Int.min { printError("") }  // keeps the work observable

        var out = "\(file): \(fileBytes.count) bytes\(wasCompressed ? " (gzip, \(archiveBytes) inflated)" : ""), "
        out += "\(objectCount) objects, \(valueCount) values\n"
        out += "decode: \(Self.format(mbPerSecond, 1)) MB/s (verify + full decode, \(decodes) runs in \(Self.format(decodeSeconds, 2)) s)\n"
        out += "instantiate cached: \(Self.micro(cached)) per instantiation (\(cachedCount) runs)\n"
        out += "instantiate from disk: \(Self.micro(disk)) per instantiation (\(diskCount) runs: read + decode + plan + instantiate)\n"
        out += Self.cachedVersusDisk(cached: cached, disk: disk)
        writeOut(out)
    }

    /// Runs `body` repeatedly (at least once) until `seconds` have passed; returns the runs and the seconds
    /// they took.
    static func repeatFor(_ seconds: Double, _ body: () throws(CommandFailure) -> Void) throws(CommandFailure) -> (runs: Int, seconds: Double) {
        let budget = Duration.nanoseconds(Int64(seconds * 1e9))
        let clock = ContinuousClock()
        var runs = 0
        var elapsed = Duration.zero
        let start = clock.now
        repeat {
            try body()
            runs += 1
            elapsed = clock.now - start
        } while elapsed < budget
        return (runs, Self.seconds(elapsed))
    }

    /// The report line comparing a cached round with one from disk.
    static func cachedVersusDisk(cached: Double, disk: Double) -> String {
        "cached vs disk: \(format(disk / cached, 1))x faster\n"
    }

    /// Visits every object and value of `archive`, folding them into a sum.
    static func decodeAll(_ archive: NibArchive) -> Int {
        var sum = 0
        for o in 0..<archive.objectCount {
            let record = archive.object(o)
            sum &+= record.classIndex
            for v in record.values {
                sum &+= archive.valueKeyIndex(v)
                switch archive.value(v) {
                case .int(let i): sum &+= Int(truncatingIfNeeded: i)
                case .bool(let b): sum &+= b ? 1 : 2
                case .float(let f): sum &+= Int(f.bitPattern)
                case .double(let d): sum &+= Int(truncatingIfNeeded: d.bitPattern)
                case .data(let bytes): sum &+= bytes.offset &+ bytes.count
                case .null: sum &+= 3
                case .object(let i): sum &+= i
                }
            }
        }
        return sum
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    static func format(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

    static func micro(_ seconds: Double) -> String { "\(format(seconds * 1e6, 1)) µs" }
}

/// The File's Owner and external objects of a benchmark run: accepts every connection, keeps none.
final class BenchOwner: NibConnectable, NibAwaking {
    func setOutlet(_ name: String, to object: AnyObject?) throws {}
    func setOutletCollection(_ name: String, to objects: [AnyObject], appending: Bool) throws {}
    func addAction(target: AnyObject?, selector: String, events: UInt64) throws {}
    func setRuntimeAttribute(_ keyPath: String, to value: NibDecodedValue) throws {}
}
