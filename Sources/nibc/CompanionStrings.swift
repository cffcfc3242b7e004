import Foundation

/// ibtool's `--companion-strings-file LOCALE:PATH`: a strings file that belongs with a Base-localized document.
/// ibtool copies it into the locale's `.lproj` directory beside the compiled output's `Base.lproj`, named after the
/// output (so `Base.lproj/Main~iphone.nib` brings `de.lproj/Main~iphone.strings`), as text; the output must lie in a
/// directory named `Base.lproj` (ibtool's man page). Xcode passes one per localization of every Base-localized XIB and
/// storyboard (swift-build's `ResourceTaskConstructionTests`); the copy is the only thing the flag does to the build
/// product, since a Base.lproj document is compiled with `NSLocalizableString`s whatever the flags
/// (`../shared/docs/LOCALIZATION.md` §2).
struct CompanionStrings {
    var locale: String
    var path: String

    /// Parses `LOCALE:PATH` (split at the first colon; both parts non-empty, the locale one path component).
    init?(_ spec: String) {
        guard let colon = spec.firstIndex(of: ":") else { return nil }
        let locale = String(spec[..<colon]), path = String(spec[spec.index(after: colon)...])
        guard !locale.isEmpty, !path.isEmpty, !locale.contains("/"), locale != ".", locale != ".." else { return nil }
        self.locale = locale
        self.path = path
    }

    /// Where the copy goes for the compiled output `output` (a `.nib` or `.storyboardc` inside `Base.lproj`), or nil
    /// when the output is not in a `Base.lproj` directory.
    func destination(forOutput output: String) -> String? {
        let trimmed = output.hasSuffix("/") ? String(output.dropLast()) : output
        let baseLproj = (trimmed as NSString).deletingLastPathComponent
        guard (baseLproj as NSString).lastPathComponent == "Base.lproj" else { return nil }
        let name = ((trimmed as NSString).lastPathComponent as NSString).deletingPathExtension + ".strings"
        let root = (baseLproj as NSString).deletingLastPathComponent
        return ((root as NSString).appendingPathComponent(locale + ".lproj") as NSString).appendingPathComponent(name)
    }

    /// The message for an output outside `Base.lproj`.
    static func notInBaseLproj(_ output: String) -> String {
        "--companion-strings-file needs the compiled output inside a directory named \"Base.lproj\"; \"\(output)\" is not."
    }

    /// Reads every companion and pairs it with its destination, before anything is written: a missing file or an
    /// output outside `Base.lproj` fails the command with nothing written.
    static func prepare(_ companions: [CompanionStrings], output: String) throws(CommandFailure) -> [(bytes: [UInt8], destination: String)] {
        var out: [(bytes: [UInt8], destination: String)] = []
        for companion in companions {
            guard let destination = companion.destination(forOutput: output) else { throw CommandFailure(notInBaseLproj(output)) }
            guard let data = FileManager.default.contents(atPath: companion.path) else {
                throw CommandFailure("\(companion.path): error: cannot read the companion strings file for '\(companion.locale)'")
            }
            if out.contains(where: { $0.destination == destination }) {
                throw CommandFailure("\(companion.path): error: a second companion strings file for '\(companion.locale)'")
            }
            out.append(([UInt8](data), destination))
        }
        return out
    }
}
