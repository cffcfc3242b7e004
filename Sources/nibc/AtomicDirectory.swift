import Foundation

/// Writes a directory of files (a compiled storyboard) so that a reader sees the old directory or the
/// complete new one: the files go to a temporary directory beside the target, which is renamed into
/// place. On any failure the temporary directory is removed and an existing target is left untouched.
enum AtomicDirectory {
    /// Writes `files` (paths relative to the directory, `/` separated) as the directory `path`.
    static func write(_ files: [(path: String, bytes: [UInt8])], to path: String) throws(CommandFailure) {
        let fm = FileManager.default
        let url = URL(fileURLWithPath: path)
        let parent = url.deletingLastPathComponent().path
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: parent, isDirectory: &isDir), isDir.boolValue else {
            throw CommandFailure("\(path): error: output directory '\(parent)' does not exist")
        }
        let stamp = "nibc-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let temp = parent + "/." + url.lastPathComponent + "." + stamp + ".tmp"
        func removeTemp() { try? fm.removeItem(atPath: temp) }
        guard mkdir(temp, 0o755) == 0 else {
            throw CommandFailure("\(path): error: cannot create directory: \(String(cString: strerror(errno)))")
        }
        for file in files {
            let target = temp + "/" + file.path
            let dir = (target as NSString).deletingLastPathComponent
            do {
                if dir != temp { try fm.createDirectory(atPath: dir, withIntermediateDirectories: true) }
                try AtomicFile.write(file.bytes, to: target)
            } catch let failure as CommandFailure {
                removeTemp()
                throw CommandFailure(failure.message.replacingOccurrences(of: temp, with: path))
            } catch {
                removeTemp()
                throw CommandFailure("\(path): error: cannot write: \((error as NSError).localizedDescription)")
            }
        }
        // An existing directory cannot be replaced by rename(2) unless empty: move it aside first and
        // put it back if the second rename fails.
        var aside: String?
        if fm.fileExists(atPath: path) {
            let old = parent + "/." + url.lastPathComponent + "." + stamp + ".old"
            guard rename(path, old) == 0 else {
                let message = String(cString: strerror(errno))
                removeTemp()
                throw CommandFailure("\(path): error: cannot replace: \(message)")
            }
            aside = old
        }
        if rename(temp, path) != 0 {
            let message = String(cString: strerror(errno))
            if let aside { _ = rename(aside, path) }
            removeTemp()
            throw CommandFailure("\(path): error: cannot replace: \(message)")
        }
        if let aside { try? fm.removeItem(atPath: aside) }
    }
}
