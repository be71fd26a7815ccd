import CSystem
import Glibc
import Testing
import TestSupport
@testable import AnimatorSupport

/// A file written a piece at a time: whole or not at all, as `OutputFile.write` writes one.
@Suite struct OutputFileStreamTests {
    let folder = TemporaryDirectory()

    /// Bytes from a fixed generator (a linear congruential one), so every block differs.
    func bytes(_ count: Int, seed: UInt32) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(state >> 24)
        }
    }

    func entries() -> [String] {
        guard let directory = opendir(folder.path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    @Test func piecesLargeAndSmallMakeTheFileAndAReplacedFileKeepsItsMode() throws {
        let path = folder.file("out.bin")
        try OutputFile.write(path, [1, 2, 3])
        chmod(path, 0o600)
        // Pieces of every size around the 1 MiB block: the file is their concatenation.
        let pieces = [bytes(10, seed: 1), bytes(1 << 20, seed: 2), bytes((1 << 20) - 7, seed: 3), bytes(3, seed: 4),
                      bytes(3 << 20, seed: 5), []]
        let stream = try OutputFile.Stream(path)
        for piece in pieces { stream.write(piece) }
        stream.write("é\n")
        #expect(stream.count == pieces.reduce(0) { $0 + $1.count } + 3)
        // Until the end the old file is there, whole.
        #expect(try FileSystem.read(path, limit: 100) == [1, 2, 3])
        try stream.finish()
        #expect(try FileSystem.read(path, limit: 8 << 20) == pieces.flatMap { $0 } + [0xC3, 0xA9, 0x0A])
        var info = stat()
        stat(path, &info)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(entries() == ["out.bin"])
    }

    @Test func aStreamDroppedUnfinishedLeavesTheOldFileAndNoTemporaryFile() throws {
        let path = folder.file("kept.txt")
        try OutputFile.write(path, Array("the user's file".utf8))
        do {
            let stream = try OutputFile.Stream(path)
            stream.write(bytes(2 << 20, seed: 9))
            // Dropped here: a run that failed half way through its frames.
        }
        #expect(try FileSystem.read(path, limit: 100) == Array("the user's file".utf8))
        #expect(entries() == ["kept.txt"])
        let discarded = try OutputFile.Stream(path)
        discarded.write([1])
        discarded.discard()
        #expect(throws: Never.self) { try discarded.finish() }
        #expect(try FileSystem.read(path, limit: 100) == Array("the user's file".utf8))
        #expect(entries() == ["kept.txt"])
    }

    @Test func aFileBeingWrittenHasNoNameUntilItIsWhole() throws {
        // Where the file system has unnamed files (O_TMPFILE: ext4, tmpfs, btrfs, xfs), a
        // file being written is in no folder listing: a process killed half way leaves
        // nothing behind, and readers see the old file until the new one is whole.
        let probe = ah_open_unnamed(folder.path, 0o600)
        try #require(probe >= 0, "the test folder's file system has no unnamed files")
        close(probe)
        let path = folder.file("kept.txt")
        try OutputFile.write(path, Array("old".utf8))
        let stream = try OutputFile.Stream(path)
        let data = bytes(3 << 20, seed: 11)
        stream.write(data)
        stream.write([1])
        #expect(entries() == ["kept.txt"])
        #expect(try FileSystem.read(path, limit: 100) == Array("old".utf8))
        try stream.finish()
        #expect(entries() == ["kept.txt"])
        #expect(try FileSystem.read(path, limit: 8 << 20) == data + [1])
        var info = stat()
        stat(path, &info)
        #expect(info.st_mode & 0o777 == 0o644)
    }

    @Test func aFullDeviceIsAnErrorAtTheEndNamingTheFile() throws {
        // /dev/full takes no byte: ENOSPC. The error is kept and thrown by finish.
        let stream = try OutputFile.Stream("/dev/full")
        stream.write(bytes(3 << 20, seed: 7))
        stream.write([1, 2])
        #expect(throws: OutputFile.Failure.self) { try stream.finish() }
        do {
            let again = try OutputFile.Stream("/dev/full")
            again.write([1])
            try again.finish()
            Issue.record("a write to /dev/full succeeded")
        } catch {
            #expect(error.description == "/dev/full: \(String(cString: strerror(ENOSPC)))")
        }
    }

    @Test func whatCannotBeWrittenIsRefusedAtOnce() throws {
        let folderError = #expect(throws: OutputFile.Failure.self) { try OutputFile.Stream(folder.path) }
        #expect(folderError?.reason == "is a folder; name a file inside it")
        let readOnly = folder.file("read-only.txt")
        try OutputFile.write(readOnly, [1])
        chmod(readOnly, 0o444)
        let readOnlyError = #expect(throws: OutputFile.Failure.self) { try OutputFile.Stream(readOnly) }
        #expect(readOnlyError?.reason == "is read-only (mode 444); not replaced")
        symlink(folder.file("nowhere"), folder.file("dangling"))
        let danglingError = #expect(throws: OutputFile.Failure.self) { try OutputFile.Stream(folder.file("dangling")) }
        #expect(danglingError?.reason == "a symbolic link to nothing; refused")
        let missingError = #expect(throws: OutputFile.Failure.self) { try OutputFile.Stream(folder.path + "/no/such/file") }
        #expect(missingError?.reason == String(cString: strerror(ENOENT)))
    }

    @Test func throughALinkTheTargetIsReplacedAndTheLinkStays() throws {
        let target = folder.file("target.txt"), link = folder.file("link.txt")
        try OutputFile.write(target, [0])
        symlink(target, link)
        let stream = try OutputFile.Stream(link)
        stream.write(Array("new".utf8))
        try stream.finish()
        #expect(try FileSystem.read(target, limit: 100) == Array("new".utf8))
        var info = stat()
        lstat(link, &info)
        #expect(info.st_mode & S_IFMT == S_IFLNK)
    }
}
