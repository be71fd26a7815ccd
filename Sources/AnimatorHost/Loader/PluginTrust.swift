import AnimatorSupport
import Glibc

/// Whether anybody but the user (or root) could have planted or changed a plugin file:
/// the checks sudo and ssh make of the files they trust. The file (after its symbolic
/// links are resolved) and every folder from it up to the root must be owned by the user
/// or by root, and none may be writable by group or others, except a folder with the
/// sticky bit owned by root (/tmp: others may add files there, but not replace ours).
struct PluginTrust {
    /// A folder that cannot be trusted, and why ("is writable by group or others").
    struct Untrusted: Equatable {
        var folder: String
        var reason: String
    }

    /// The user the files must belong to (or root).
    let user: uid_t
    /// Verdicts on folders already examined (the folder and all above it), by real path.
    private var verdicts: [String: Untrusted?] = [:]
    /// Folders of files, resolved.
    private var resolvedFolders: [String: String] = [:]

    init(user: uid_t = getuid()) {
        self.user = user
    }

    /// The first folder, from `realPath` (resolved) up to the root, that cannot be trusted.
    mutating func untrustedFolder(_ realPath: String) -> Untrusted? {
        // Walk up to the root (or to a folder already judged), then judge top down.
        var chain: [String] = []
        var current = realPath
        while verdicts[current] == nil {
            chain.append(current)
            if current == "/" || !current.hasPrefix("/") { break }
            current = FileSystem.directoryName(current)
        }
        var above: Untrusted? = verdicts[current] ?? nil
        for folder in chain.reversed() {
            if above == nil { above = judge(folder) }
            verdicts[folder] = .some(above)
        }
        return verdicts[realPath] ?? nil
    }

    /// Why the folder at `realPath` cannot be trusted, in words ("the folder is writable
    /// by group or others", "a folder above it, /srv, belongs to user 1001, ..."), or nil.
    mutating func folderProblem(_ realPath: String) -> String? {
        guard let found = untrustedFolder(realPath) else { return nil }
        return found.folder == realPath ? "the folder \(found.reason)" : "a folder above it, \(found.folder), \(found.reason)"
    }

    /// Why the file at `path` (resolved here) cannot be trusted, in words, or nil.
    mutating func fileProblem(_ path: String) -> String? {
        // A file that is not a link is found at its folder's real path (resolved once per folder).
        var link = stat()
        let isLink = lstat(path, &link) != 0 || link.st_mode & S_IFMT == S_IFLNK
        let real: String?
        if isLink {
            real = FileSystem.realPath(path)
        } else {
            let folder = FileSystem.directoryName(path)
            if resolvedFolders[folder] == nil { resolvedFolders[folder] = FileSystem.realPath(folder) ?? folder }
            real = resolvedFolders[folder]! + "/" + FileSystem.baseName(path)
        }
        guard let real, let status = try? FileSystem.status(real) else {
            return "it cannot be examined"
        }
        let through = real == path ? "" : " (the link leads to \(real))"
        if status.owner != user && status.owner != 0 {
            return "the file belongs to user \(status.owner), neither you nor root\(through)"
        }
        if status.isWritableByOthers {
            return "the file is writable by group or others\(through)"
        }
        let directory = FileSystem.directoryName(real)
        guard let found = untrustedFolder(directory) else { return nil }
        return (found.folder == directory ? "its folder \(found.folder) " : "a folder above it, \(found.folder), ")
            + found.reason + through
    }

    /// Why this one folder (not those above it) cannot be trusted.
    private func judge(_ folder: String) -> Untrusted? {
        guard let status = try? FileSystem.status(folder) else { return Untrusted(folder: folder, reason: "cannot be examined") }
        if status.owner != user && status.owner != 0 {
            return Untrusted(folder: folder, reason: "belongs to user \(status.owner), neither you nor root")
        }
        if status.isWritableByOthers && !(status.isSticky && status.owner == 0) {
            return Untrusted(folder: folder, reason: "is writable by group or others"
                             + (status.isSticky ? " (sticky, but not owned by root)" : ""))
        }
        return nil
    }
}
