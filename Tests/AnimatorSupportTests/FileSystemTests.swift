import AnimatorSupport
import Foundation
import Glibc
import Testing
import TestSupport

/// Listing a folder the way the plugin loader does: every name exactly, whatever its length.
@Suite struct FileSystemTests {
    @Test func aFolderListsEveryNameOfEveryLengthOnceSorted() throws {
        let temporary = TemporaryDirectory()
        let folder = temporary.path
        // Names of 1 to 255 bytes (the longest a Linux file system keeps): entries of every
        // length, so that one of them ends readdir's buffer whatever its size.
        let names = (1...255).map { length in String(repeating: "abcdefghij", count: 26).prefix(length - 1) + "z" }
        for name in names {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: nil), "\(name.count)")
        }
        // A name that is not UTF-8 is reported, escaped, and left out.
        let broken: [UInt8] = Array("bad-".utf8) + [0xFF, 0xFE] + Array(".so".utf8)
        let path = Array(folder.utf8) + [UInt8(ascii: "/")] + broken + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(descriptor >= 0)
        close(descriptor)
        var reported: [String] = []
        let listed = try FileSystem.contents(ofDirectory: folder) { reported.append($0) }
        #expect(listed == names.map(String.init).sorted())
        #expect(reported == ["bad-\\xff\\xfe.so"])
    }
}
