import Foundation

/// Runs the built `nibc` binary (beside the test bundle) and captures its output and exit status.
struct NibcProcess {
    struct Output {
        /// The exit status, or the signal number when the process was killed by one.
        var status: Int32
        /// False when the process ended by a signal (a trap is SIGILL or SIGTRAP), whatever `status` says.
        var exitedNormally = true
        var stdout: String
        var stderr: String
        /// Standard output's bytes (a binary1 report is not text).
        var stdoutData = Data()
    }

    /// The binary under test: `$NIBC_TEST_BINARY` when set (CI runs these tests again against the static release
    /// binary the README tells pipelines to use), else `.build/<config>/nibc`, next to the test runner.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["NIBC_TEST_BINARY"], !path.isEmpty { return URL(fileURLWithPath: path) }
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var dir = runner.deletingLastPathComponent()
        // On some platforms the runner sits inside a bundle (…/X.xctest/Contents/MacOS/X).
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("nibc").path), dir.pathComponents.count > 1 {
            dir = dir.deletingLastPathComponent()
        }
        return dir.appendingPathComponent("nibc")
    }

    /// Runs nibc (or `executable`, e.g. a shell that sets limits before exec'ing nibc) to completion.
    static func run(_ arguments: [String], currentDirectory: URL? = nil, executable: URL? = nil,
                    environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes concurrently so a large output cannot block the child.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, exitedNormally: process.terminationReason == .exit,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self), stdoutData: outData)
    }
}

/// Documents several command tests share.
enum NibcFixtures {
    /// A XIB with one warning (an unknown attribute, line 4) and one error (an outlet to an unknown id, line 5).
    static let brokenXIB = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch">
            <objects>
                <view contentMode="scaleToFill" id="v1" frobnicate="YES">
                    <connections><outlet property="a" destination="nope" id="c1"/></connections>
                </view>
            </objects>
        </document>
        """
}
