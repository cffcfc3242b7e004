import Foundation
import NibArchive
import NibCompiler
import NibCompilerTestSupport
import NibTestSupport
import Testing

/// `<control>` (AppKitPlainControls.swift): a bare NSControl with a custom class and an action cell, as in Sequel
/// Ace's bundle editor, is archived as a control in its superview, not as a plain object on its own.
@Suite struct AppKitPlainControlTests {
    @Test func customControlWithActionCell() throws {
        let text = XIBEnvelope.macOS(objects: """
                <customView id="1">
                    <rect key="frame" x="0.0" y="0.0" width="300" height="60"/>
                    <autoresizingMask key="autoresizingMask"/>
                    <subviews>
                        <control verticalHuggingPriority="750" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="2" customClass="Recorder">
                            <rect key="frame" x="20" y="20" width="157" height="22"/>
                            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
                            <actionCell key="cell" controlSize="mini" alignment="left" id="3" customClass="RecorderCell">
                                <font key="font" metaFont="miniSystem"/>
                            </actionCell>
                            <connections>
                                <outlet property="delegate" destination="-2" id="4"/>
                            </connections>
                        </control>
                    </subviews>
                </customView>
            """)
        let nib = try CompiledXIB(text, options: CompileOptions(moduleName: "Finder"), fileName: "T.xib")
        #expect(nib.diagnostics.isEmpty, "\(nib.diagnostics)")
        let graph = nib.graph
        func string(_ v: NibGraphValue?) -> String? {
            guard case .object(let i)? = v, case .data(let d)? = graph.objects[i].value(forKey: "NS.bytes") else { return nil }
            return String(decoding: d, as: UTF8.self)
        }
        let swappers = graph.objects.enumerated().filter { $0.element.className == "NSClassSwapper" }
        let control = try #require(swappers.first { string($0.element.value(forKey: "NSOriginalClassName")) == "NSControl" })
        #expect(string(control.element.value(forKey: "NSClassName")) == "Recorder")
        guard case .object(let superview)? = control.element.value(forKey: "NSSuperview") else { Issue.record("no superview"); return }
        #expect(graph.objects[superview].className == "NSCustomView")
        #expect(control.element.value(forKey: "NSControlSize") == .int(2))
        guard case .object(let cell)? = control.element.value(forKey: "NSCell") else { Issue.record("no cell"); return }
        #expect(string(graph.objects[cell].value(forKey: "NSOriginalClassName")) == "NSActionCell")
        #expect(string(graph.objects[cell].value(forKey: "NSClassName")) == "RecorderCell")
        #expect(graph.objects[cell].value(forKey: "NSControlView") == .object(control.offset))
        #expect(graph.objects[cell].value(forKey: "NSSupport") != nil)
    }
}
