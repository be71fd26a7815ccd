import AnimatorABI
import Foundation
import Testing
import TestSupport
@testable import AnimatorHost

/// The table a plugin receives: every function host.h declares is there, none left NULL,
/// whichever file under HostFunctions/ installs it.
@Suite struct HostTableTests {
    /// The function slots of `struct ah_host`, read from the header itself: every
    /// `(*name)(const ah_host *` between the struct's opening line and its closing brace
    /// (callbacks among the parameters take no host).
    func declaredFunctions() throws -> [String] {
        let header = try String(contentsOfFile: PackageLayout.includeDirectory + "/animator_host/host.h", encoding: .utf8)
        let start = try #require(header.range(of: "\nstruct ah_host {"))
        let end = try #require(header.range(of: "\n};", range: start.upperBound..<header.endIndex))
        let body = header[start.upperBound..<end.lowerBound]
        return body.matches(of: /\(\*([a-z_0-9]+)\)\(const ah_host \*/).map { String($0.output.1) }
    }

    @Test func everyDeclaredFunctionIsInstalled() throws {
        let declared = try declaredFunctions()
        // Batch 1.0's four and 1.6's last are among them: the parse found the whole struct.
        #expect(declared.prefix(4) == ["log", "context_operation", "context_is_animated", "context_is_interactive"])
        #expect(declared.count > 100)
        let session = HostSession()
        let slots = Dictionary(uniqueKeysWithValues: Mirror(reflecting: session.table.pointee).children.compactMap { child in
            child.label.map { ($0, child.value) }
        })
        var missing: [String] = []
        for name in declared {
            guard let value = slots[name] else {
                Issue.record("\(name) is declared in host.h but is no field of ah_host")
                continue
            }
            // An unset slot is an Optional holding nothing.
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional, mirror.children.isEmpty { missing.append(name) }
        }
        #expect(missing.isEmpty, "left NULL: \(missing)")
    }
}
