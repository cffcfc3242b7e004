// A generated iOS storyboard of a chosen size and two independent edits of it, for the merge benchmark.

/// A storyboard of `scenes` scenes, each a view controller whose view holds `labels` labels pinned by
/// constraints, with an outlet per label: the shapes Xcode writes (4-space indentation, scene comments,
/// `<rect key="frame">`, `<fontDescription>`, `<color>`, `<constraints>`, `<connections>`).
enum GeneratedStoryboard {
    static func text(scenes: Int, labels: Int) -> String {
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="vc-0">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22504"/>
                <capability name="Safe area layout guides" minToolsVersion="9.0"/>
                <capability name="documents saved in the Xcode 8 format" minToolsVersion="8.0"/>
            </dependencies>
            <scenes>

        """
        for s in 0..<scenes {
            out += """
                    <!--Scene \(s)-->
                    <scene sceneID="sc-\(s)">
                        <objects>
                            <viewController id="vc-\(s)" customClass="Scene\(s)ViewController" customModule="App" customModuleProvider="target" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="v-\(s)">
                                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <subviews>

            """
            for l in 0..<labels {
                out += """
                                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Label \(s).\(l)" textAlignment="natural" lineBreakMode="tailTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="l-\(s)-\(l)">
                                                <rect key="frame" x="16" y="\(20 + 30 * l)" width="361" height="21"/>
                                                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                                <color key="textColor" systemColor="labelColor"/>
                                                <nil key="highlightedColor"/>
                                            </label>

                """
            }
            out += """
                                    </subviews>
                                    <viewLayoutGuide key="safeArea" id="sa-\(s)"/>
                                    <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                                    <constraints>

            """
            for l in 0..<labels {
                out += """
                                            <constraint firstItem="l-\(s)-\(l)" firstAttribute="leading" secondItem="sa-\(s)" secondAttribute="leading" constant="16" id="c-\(s)-\(l)"/>

                """
            }
            out += """
                                    </constraints>
                                </view>
                                <connections>

            """
            for l in 0..<labels {
                out += """
                                            <outlet property="label\(l)" destination="l-\(s)-\(l)" id="o-\(s)-\(l)"/>

                """
            }
            out += """
                                </connections>
                            </viewController>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="fr-\(s)" userLabel="First Responder" customClass="UIResponder" sceneMemberID="firstResponder"/>
                        </objects>
                        <point key="canvasLocation" x="\(s * 400)" y="0.0"/>
                    </scene>

            """
        }
        out += """
            </scenes>
            <resources>
                <systemColor name="labelColor">
                    <color white="0.0" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                </systemColor>
                <systemColor name="systemBackgroundColor">
                    <color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                </systemColor>
            </resources>
        </document>

        """
        return out
    }

    /// BASE, and OURS and THEIRS each changing a few labels' text: in different scenes (the first and last
    /// thirds; each changed scene is taken whole from the side that changed it), or with `sameScenes` in the same
    /// scenes (every seventh; different labels, so those scenes are merged element by element). Either way the
    /// merge is clean.
    static func threeVersions(scenes: Int, labels: Int, sameScenes: Bool = false) -> (base: [UInt8], ours: [UInt8], theirs: [UInt8]) {
        let base = text(scenes: scenes, labels: labels)
        var ours = base, theirs = base
        let oursScenes = sameScenes ? stride(from: 0, to: scenes, by: 7) : stride(from: 0, to: scenes / 3, by: 7)
        let theirsScenes = sameScenes ? stride(from: 0, to: scenes, by: 7) : stride(from: 2 * scenes / 3, to: scenes, by: 7)
        for s in oursScenes {
            ours = ours.replacingOccurrences(of: "text=\"Label \(s).0\"", with: "text=\"Ours \(s)\"")
        }
        for s in theirsScenes {
            theirs = theirs.replacingOccurrences(of: "text=\"Label \(s).1\"", with: "text=\"Theirs \(s)\"")
        }
        return (Array(base.utf8), Array(ours.utf8), Array(theirs.utf8))
    }
}
