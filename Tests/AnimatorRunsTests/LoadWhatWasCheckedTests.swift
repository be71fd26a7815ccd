import Foundation
import Glibc
import Testing
@testable import AnimatorHost
@testable import AnimatorSupport
import TestSupport

/// The loader loads the very file the host checked: a link flipped, or a file replaced,
/// between the check and the load is refused, and the other file's code never runs.
@Suite struct LoadWhatWasCheckedTests {
    @Test func aLinkFlippedAfterTheCheckIsRefusedAndTheOtherFileNeverRuns() throws {
        let folder = TemporaryDirectory()
        let good = folder.file("libgood.so"), evil = folder.file("libevil.so"), link = folder.file("libflip.so")
        try compileFixture("hostile_animator.c", defines: ["HOSTILE_ID=\"org.hostile.flip\"", "HOSTILE_NAME=\"flip\""],
                           output: good)
        // Its constructor prints: the scanning child's output would carry it.
        try compileFixture("hostile_animator.c", defines: ["HOSTILE_AT=1", "HOSTILE_DOES=7", "HOSTILE_ID=\"org.hostile.flip\"",
                                                           "HOSTILE_NAME=\"flip\""], output: evil)
        #expect(symlink(good, link) == 0)
        // The host checks the link's target as it is now...
        let checked = FileIdentity(try FileSystem.status(link))
        // ...then somebody flips the link before the child loads it.
        #expect(unlink(link) == 0 && symlink(evil, link) == 0)
        let printed = PrintedLines()
        var sandbox = PluginSandbox(executable: PackageLayout.productsDirectory + "/animator-host")
        sandbox.pluginOutput = { printed.append($0) }
        let scan = LibraryScanner.sandboxed(sandbox)
        let results = scan.scan([link], expecting: [checked])
        #expect(results[0].animators.isEmpty)
        #expect(results[0].problems == ["cannot be loaded: the file changed after it was checked (replaced or rewritten "
                                        + "since); not loaded, run again to check the new one"])
        #expect(printed.lines.isEmpty, "the other file's constructor ran: \(printed.lines)")
        // Checked as it is now, the flipped link loads (and its constructor runs).
        let now = FileIdentity(try FileSystem.status(link))
        let again = scan.scan([link], expecting: [now])
        #expect(again[0].animators.map(\.id) == ["org.hostile.flip"])
        #expect(again[0].animators.first?.file == now)
        #expect(printed.lines.contains("hostile says hello on stdout"))
    }

    @Test func everyLoadNamesTheOpenedFileDifferently() throws {
        // Descriptor numbers are reused; the dynamic linker must still see a new name.
        let descriptor = open("/etc/hostname", O_RDONLY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        let paths = (0..<3000).map { DynamicLibrary.descriptorPath(descriptor, spelling: $0) }
        #expect(Set(paths).count == paths.count)
        #expect(paths[0] == "/proc/self/fd/\(descriptor)")
        #expect(paths[5] == "/proc/self/fd/../fd/./../fd/\(descriptor)")
        // Each spelling leads to the same open file.
        var expected = stat(), through = stat()
        #expect(fstat(descriptor, &expected) == 0)
        for path in [paths[1], paths[5], paths[2999]] {
            #expect(stat(path, &through) == 0, "\(path)")
            #expect(through.st_ino == expected.st_ino && through.st_dev == expected.st_dev, "\(path)")
        }
    }

    @Test func aFileRewrittenInPlaceAfterTheCheckIsRefusedInProcessToo() throws {
        let folder = TemporaryDirectory()
        let library = folder.file("librewritten.so")
        try compileFixture("hostile_animator.c", defines: ["HOSTILE_ID=\"org.hostile.rewritten\"", "HOSTILE_NAME=\"rewritten\""],
                           output: library)
        var checked = FileIdentity(try FileSystem.status(library))
        // The same inode with other contents: size and times differ from what was checked.
        checked.size += 1
        let results = LibraryScanner.inProcess.scan([library], expecting: [checked])
        #expect(results[0].problems.first?.contains("the file changed after it was checked") == true, "\(results[0])")
        #expect(results[0].animators.isEmpty)
    }
}

/// Lines collected from a sandbox's output handler (called on the scanning thread).
final class PrintedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []

    func append(_ line: String) {
        lock.lock()
        collected.append(line)
        lock.unlock()
    }

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }
}
