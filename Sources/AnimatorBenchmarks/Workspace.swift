import AnimatorSupport
import CSystem
import Glibc

/// Scratch files for the benchmarks: fixture libraries compiled once and copied, so every
/// measurement loads files this process has never loaded.
struct Workspace {
    let root: String
    let packageRoot: String

    init() {
        do {
            root = try FileSystem.makeTemporaryFolder(prefix: "animator-bench-")
        } catch {
            fatalError("the benchmarks cannot make a working folder: \(error.reason)")
        }
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        packageRoot = path
    }

    /// Compiles the test fixture whose id comes from its file name.
    func compileFixture() -> String {
        let output = root + "/fixture.so"
        let status = spawnAndWait("/usr/bin/cc", ["-shared", "-fPIC", "-O2", "-I", packageRoot + "/Sources/AnimatorABI/include",
                                         "-DFIXTURE_ID_FROM_PATH", packageRoot + "/Tests/Fixtures/fixture_animator.c",
                                         "-o", output])
        precondition(status == 0, "cc failed")
        return output
    }

    /// A new folder holding `count` copies of `library`, named a0000.so, a0001.so, ...
    func folder(of library: String, count: Int, name: String) -> String {
        let folder = root + "/" + name
        mkdir(folder, 0o755)
        let bytes = readAll(library)
        for index in 0..<count {
            var digits = String(index)
            digits = String(repeating: "0", count: max(0, 4 - digits.count)) + digits
            let descriptor = open(folder + "/a\(digits).so", O_WRONLY | O_CREAT | O_TRUNC, 0o755)
            bytes.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        return folder
    }

    func remove() {
        FileSystem.removeTree(root)
    }
}

func readAll(_ path: String) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count <= 0 { return bytes }
        bytes += buffer[0..<count]
    }
}

/// Runs a program with the given environment (inherit when nil), output discarded, and
/// returns its exit status.
@discardableResult
func spawnAndWait(_ program: String, _ arguments: [String], environment: [String]? = nil) -> Int32 {
    var launch = ProcessLaunch(program, arguments)
    launch.descriptors = [.descriptor(0), .null, .null]
    launch.environment = environment
    guard let pid = try? launch.start() else { return -1 }
    var exitStatus: Int32 = 0
    waitpid(pid, &exitStatus, 0)
    return (exitStatus >> 8) & 0xFF
}

/// Runs a program and returns what it printed on standard output, or nil on failure.
func spawnCapturing(_ program: String, _ arguments: [String]) -> String? {
    var pipeEnds: [Int32] = [0, 0]
    guard ah_pipe_cloexec(&pipeEnds) == 0 else { return nil }
    var launch = ProcessLaunch(program, arguments)
    launch.descriptors = [.descriptor(0), .descriptor(pipeEnds[1]), .descriptor(2)]
    let pid = try? launch.start()
    close(pipeEnds[1])
    defer { close(pipeEnds[0]) }
    guard let pid else { return nil }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
        if count <= 0 { break }
        output += buffer[0..<count]
    }
    var exitStatus: Int32 = 0
    waitpid(pid, &exitStatus, 0)
    return exitStatus == 0 ? String(decoding: output, as: UTF8.self) : nil
}
