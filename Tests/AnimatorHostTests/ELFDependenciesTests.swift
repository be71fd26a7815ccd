import Foundation
import Glibc
import Testing
@testable import AnimatorHost
import TestSupport

/// DT_NEEDED read from the file, checked against binutils' `readelf -d` on the same files.
@Suite struct ELFDependenciesTests {
    func needed(_ path: String) throws -> [String] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0, "\(path)")
        defer { close(descriptor) }
        return ELFDependencies.needed(descriptor: descriptor)
    }

    /// readelf's "(NEEDED) Shared library: [NAME]" lines, in order.
    func readelf(_ path: String) throws -> [String] {
        let result = try runProcess("/usr/bin/readelf", ["-d", path])
        try #require(result.status == 0, "readelf is part of binutils, with the C compiler the tests use")
        return result.standardOutput.split(separator: "\n").compactMap { line in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]")
            else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    @Test func aSwiftPluginNeedsFoundationAndACPluginDoesNot() throws {
        let folder = TemporaryDirectory()
        try compileFixture(output: folder.file("libfixture.so"))
        for path in [PackageLayout.productsDirectory + "/libZoom.so", PackageLayout.productsDirectory + "/libFadeC.so",
                     folder.file("libfixture.so")] where FileManager.default.fileExists(atPath: path) {
            let expected = try readelf(path)
            #expect(!expected.isEmpty)
            #expect(try needed(path) == expected, "\(path)")
        }
        // AnimatorKit brings Foundation, as UIKit does; the C fixture links the C library only.
        #expect(try needed(PackageLayout.productsDirectory + "/libZoom.so").contains("libFoundation.so"))
        #expect(try !needed(folder.file("libfixture.so")).contains("libFoundation.so"))
    }

    @Test func whatIsNotAnELFLibraryHasNoDependencies() throws {
        let folder = TemporaryDirectory()
        let text = folder.file("notes.txt")
        try "not a library".write(toFile: text, atomically: true, encoding: .utf8)
        #expect(try needed(text).isEmpty)
        // A real library cut short inside its program headers, then inside its dynamic data.
        let library = try Data(contentsOf: URL(fileURLWithPath: PackageLayout.productsDirectory + "/libZoom.so"))
        for length in [63, 100, 4096] {
            let cut = folder.file("cut-\(length).so")
            try library.prefix(length).write(to: URL(fileURLWithPath: cut))
            #expect(try needed(cut).isEmpty, "\(length) bytes")
        }
        // An ELF header whose program header table lies beyond the file.
        var header = [UInt8](library.prefix(64))
        header[0x20..<0x28] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F][...]
        let forged = folder.file("forged.so")
        try Data(header).write(to: URL(fileURLWithPath: forged))
        #expect(try needed(forged).isEmpty)
    }
}
