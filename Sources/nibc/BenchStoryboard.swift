import CompiledStoryboard
import Foundation
import NibRuntime

extension BenchCommand {
    /// `nibc bench X.storyboardc`: one round instantiates every controller of the storyboard and loads every
    /// view; timed with the storyboard kept open (scene and view templates cached) and opened afresh each round.
    func measureStoryboard() throws(CommandFailure) {
        func open() throws(CommandFailure) -> NibStoryboard {
            do { return try NibStoryboard(directory: file, registry: NibClassRegistry()) } catch {
                throw CommandFailure("\(file): error: \(error)")
            }
        }
        func round(_ storyboard: NibStoryboard) throws(CommandFailure) -> Int {
            var count = 0
            // References resolve to other storyboards, which a bench of this one does not measure.
            for id in storyboard.controllerIdentifiers where storyboard.info.references[id] == nil {
                do {
                    let c = try storyboard.instantiateController(identifier: id)
                    count += 1
                    if try c.view() != nil { count += 1 }
                } catch {
                    throw CommandFailure("\(file): error: \(id): \(error)")
                }
            }
            return count
        }
        let storyboard = try open()
        let perRound = try round(storyboard)
        var sink = 0
        let (cachedRounds, cachedSeconds) = try Self.repeatFor(seconds) { () throws(CommandFailure) in sink &+= try round(storyboard) }
        let cached = cachedSeconds / Double(cachedRounds)
        let (diskRounds, diskSeconds) = try Self.repeatFor(seconds) { () throws(CommandFailure) in sink &+= try round(try open()) }
        let disk = diskSeconds / Double(diskRounds)
        if sink == Int.min { printError("") }  // keeps the work observable

        let info = storyboard.info
        var out = "\(file): compiled storyboard (\(info.platform == .iOS ? "iOS" : "macOS")), \(info.nibNames.count) scenes, "
        out += "\(storyboard.package.nibs.count) nibs; a round instantiates \(perRound) controllers and views\n"
        out += "round cached: \(Self.micro(cached)) (\(cachedRounds) rounds, storyboard kept open)\n"
        out += "round from disk: \(Self.micro(disk)) (\(diskRounds) rounds: open + read + decode + plan + instantiate)\n"
        out += Self.cachedVersusDisk(cached: cached, disk: disk)
        writeOut(out)
    }
}
