import NibArchive
import NibCompiler
import Testing
import XIB

/// `--minimum-deployment-target` chooses the compiled form as ibtool does: keyed archive for macOS before 10.13.
@Suite struct OutputFormatTests {
    @Test func macOSTargetsBefore10_13AreKeyed() {
        for target in ["10.7", "10.9", "10.12", "10.12.2", "10"] {
            #expect(NibOutputFormat.forTarget(platform: .macOS, minimumDeploymentTarget: target) == .keyedArchive, "\(target)")
        }
        for target in ["10.13", "10.15.4", "11.0", "14", "26.0"] {
            #expect(NibOutputFormat.forTarget(platform: .macOS, minimumDeploymentTarget: target) == .nibArchive, "\(target)")
        }
    }

    @Test func iOSAndUnknownTargetsStayNIBArchive() {
        #expect(NibOutputFormat.forTarget(platform: .iOS, minimumDeploymentTarget: "9.0") == .nibArchive)
        #expect(NibOutputFormat.forTarget(platform: .macOS, minimumDeploymentTarget: nil) == .nibArchive)
        // A target that does not parse keeps the current form rather than guessing an old one.
        for bad in ["", "x", "10.", ".9", "10.9.1.2", "10.-1", "１０.９"] {
            #expect(NibOutputFormat.forTarget(platform: .macOS, minimumDeploymentTarget: bad) == .nibArchive, "\(bad)")
        }
    }

    @Test func compileResultCarriesTheFormat() throws {
        let xib = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="22503" targetRuntime="MacOSX.Cocoa">
                <objects>
                    <customObject id="-2" userLabel="File's Owner"/>
                    <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
                    <customObject id="-3" userLabel="Application" customClass="NSObject"/>
                </objects>
            </document>
            """
        let old = try XIBCompiler(options: CompileOptions(minimumDeploymentTarget: "10.9")).compile(xib: Array(xib.utf8), fileName: "a.xib")
        let new = try XIBCompiler(options: CompileOptions(minimumDeploymentTarget: "10.13")).compile(xib: Array(xib.utf8), fileName: "a.xib")
        #expect(old.format == .keyedArchive)
        #expect(new.format == .nibArchive)
        // A keyed compile reproduces the last Xcode that writes keyed nibs (`XcodeVersion.writing(_:)`): the same graph
        // as a NIBArchive compile for that Xcode, another vocabulary than the newest's (no IBClassReference).
        var sameXcode = CompileOptions(minimumDeploymentTarget: "10.13")
        sameXcode.xcodeVersion = XcodeVersion(13, 4, 1)
        #expect(old.bytes == (try XIBCompiler(options: sameXcode).compile(xib: Array(xib.utf8), fileName: "a.xib")).bytes)
        #expect(old.bytes != new.bytes)
        let written = (old: NibGraph(try NibArchive(bytes: old.bytes)), new: NibGraph(try NibArchive(bytes: new.bytes)))
        #expect(written.new.objects.contains { $0.className == "IBClassReference" } && !written.old.objects.contains { $0.className == "IBClassReference" })
    }
}
