import Foundation
import Glibc

/// Where the package and its build products are, seen from a running test.
public enum PackageLayout {
    /// The package's root folder.
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The folder of the ABI headers (what `-I` takes).
    public static var includeDirectory: String { root + "/Sources/AnimatorABI/include" }

    /// The folder of the test fixtures' C sources.
    public static var fixturesDirectory: String { root + "/Tests/Fixtures" }

    /// The build products folder: the one holding the running test binary.
    public static let productsDirectory: String = {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        var url = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // On some layouts the test binary sits inside an .xctest bundle folder.
        while url.path.contains(".xctest") { url.deleteLastPathComponent() }
        return url.path
    }()
}

/// A fresh folder (mode 0700) removed when the value is released.
public final class TemporaryDirectory: @unchecked Sendable {
    /// Its absolute path.
    public let path: String

    /// Creates the folder.
    public init() {
        let base = NSTemporaryDirectory().hasSuffix("/") ? String(NSTemporaryDirectory().dropLast()) : NSTemporaryDirectory()
        var template = Array((base + "/animator-host-test-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        path = String(cString: made!)
    }

    private var removeOnRelease = true

    deinit {
        if removeOnRelease { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Keeps the folder after release (for libraries the process has loaded: deleting a
    /// loaded file lets a new file reuse its inode, and dlopen would hand back the old one),
    /// until the test process exits.
    ///
    /// - Returns: the folder's path.
    public func keep() -> String {
        removeOnRelease = false
        KeptFolders.shared.add(path)
        return path
    }

    /// A path inside the folder, creating intermediate folders.
    public func file(_ name: String) -> String {
        let full = path + "/" + name
        try? FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        return full
    }
}

/// Folders kept for the process's life, removed when it exits.
private final class KeptFolders: @unchecked Sendable {
    static let shared = KeptFolders()
    private let lock = NSLock()
    private var paths: [String] = []

    private init() {
        atexit { KeptFolders.shared.removeAll() }
    }

    func add(_ path: String) {
        lock.withLock { paths.append(path) }
    }

    private func removeAll() {
        for path in lock.withLock({ paths }) { try? FileManager.default.removeItem(atPath: path) }
    }
}

/// What a finished process did.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
}

/// Runs a program to completion and collects its output.
public func runProcess(_ executable: String, _ arguments: [String],
                       environment: [String: String]? = nil) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Read both pipes concurrently so a full one cannot block the child; the semaphore
    // orders the reader's write before the read below (polling `isFinished` did not).
    nonisolated(unsafe) var errorData = Data()
    let read = DispatchSemaphore(value: 0)
    let reader = Thread {
        errorData = error.fileHandleForReading.readDataToEndOfFile()
        read.signal()
    }
    reader.start()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    read.wait()
    return ProcessResult(status: process.terminationStatus,
                         standardOutput: String(decoding: outputData, as: UTF8.self),
                         standardError: String(decoding: errorData, as: UTF8.self))
}

/// A compiler failure, with its output.
public struct CompileError: Error, CustomStringConvertible {
    public var description: String
}

/// Compiles a fixture C file into a shared library with nothing but the ABI headers.
///
/// - Parameters:
///   - source: a file name in Tests/Fixtures.
///   - defines: `-D` values, e.g. `FIXTURE_NO_ENTRY` or `FIXTURE_ID="org.x.y"`.
///   - output: the library path to write.
public func compileFixture(_ source: String = "fixture_animator.c", defines: [String] = [],
                           output: String) throws {
    let arguments = ["-shared", "-fPIC", "-O1", "-I", PackageLayout.includeDirectory]
        + defines.map { "-D" + $0 } + [PackageLayout.fixturesDirectory + "/" + source, "-o", output]
    let result = try runProcess("/usr/bin/cc", arguments)
    guard result.status == 0 else {
        throw CompileError(description: "cc \(arguments.joined(separator: " ")) failed:\n\(result.standardError)")
    }
}

/// Python 3 from the test's PATH, for checks with independent libraries (Pillow, a
/// browser driver); `Tests/setup.sh` installs what they need.
public enum Python {
    /// The interpreter's path, or nil when none is on PATH.
    public static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/python3"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    /// Runs `script` with `arguments`; fails the calling test with a pointer to the setup
    /// script when Python or a module is missing.
    public static func run(_ script: String, _ arguments: [String] = [],
                           environment: [String: String] = [:], removing: [String] = []) throws -> ProcessResult {
        guard let executable else { throw SetupError(description: "python3 is not on PATH: run Tests/setup.sh") }
        var merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        for name in removing { merged[name] = nil }
        return try checked(runProcess(executable, ["-c", script] + arguments, environment: merged))
    }

    /// Runs the script file at `path` (so that it can import the modules beside it) with
    /// `arguments`, as `run` does.
    public static func runScript(_ path: String, _ arguments: [String] = [],
                                 environment: [String: String] = [:]) throws -> ProcessResult {
        guard let executable else { throw SetupError(description: "python3 is not on PATH: run Tests/setup.sh") }
        let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        return try checked(runProcess(executable, [path] + arguments, environment: merged))
    }

    private static func checked(_ result: ProcessResult) throws -> ProcessResult {
        if result.standardError.contains("ModuleNotFoundError") {
            throw SetupError(description: "\(result.standardError.split(separator: "\n").last ?? ""): run Tests/setup.sh")
        }
        return result
    }
}

/// Something the test setup (Tests/setup.sh) should have installed is missing.
public struct SetupError: Error, CustomStringConvertible {
    public var description: String

    /// Creates the error: what is missing and how to get it.
    public init(description: String) { self.description = description }
}

/// A program left running while a test talks to it (`watch`), its output collected as it
/// comes; stopped with a signal.
public final class BackgroundProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var collected = Data()
    private var reader: Thread?

    /// Starts `executable` with standard output and standard error going to one pipe.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let handle = pipe.fileHandleForReading
        reader = Thread { [self] in
            while true {
                let data = handle.availableData
                if data.isEmpty { return }
                lock.withLock { collected += data }
            }
        }
        reader?.start()
    }

    /// Everything it wrote so far.
    public var output: String { lock.withLock { String(decoding: collected, as: UTF8.self) } }

    /// Waits until its output has a line matching `predicate`.
    ///
    /// - Returns: the line, or nil after `timeout` seconds or when the process ended first.
    public func waitForLine(timeout: Double = 60, _ predicate: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let line = output.split(separator: "\n").map(String.init).first(where: predicate) { return line }
            if !process.isRunning { return output.split(separator: "\n").map(String.init).first(where: predicate) }
            usleep(20_000)
        }
        return nil
    }

    /// Sends `signal` and waits for the end.
    ///
    /// - Returns: the exit status (128 + the signal when the program reported it so).
    public func stop(_ signal: Int32 = SIGTERM, timeout: Double = 30) -> Int32 {
        if process.isRunning { kill(process.processIdentifier, signal) }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        while reader?.isFinished == false { usleep(1000) }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

/// GET http://127.0.0.1:`port``path` (HTTP/1.1, the connection closed after the answer).
///
/// - Returns: the status code and the body, or nil when nothing answered.
public func httpGet(port: Int, _ path: String) -> (status: Int, body: String)? {
    guard let socket = loopbackConnection(port: port) else { return nil }
    defer { close(socket) }
    let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
    guard request.withUnsafeBytes({ send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else {
        return nil
    }
    var response: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count <= 0 { break }
        response += buffer[0..<count]
    }
    let text = String(decoding: response, as: UTF8.self)
    guard let statusLine = text.split(separator: "\r\n").first, statusLine.hasPrefix("HTTP/1.1 "),
          let code = Int(statusLine.split(separator: " ")[1]),
          let split = text.range(of: "\r\n\r\n") else { return nil }
    return (code, String(text[split.upperBound...]))
}

/// A TCP connection to 127.0.0.1:`port`, or nil; the caller closes it.
public func loopbackConnection(port: Int) -> Int32? {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else {
        close(socket)
        return nil
    }
    return socket
}

/// Cubic Bézier timing curves worked out in the tests, independently of the engine's
/// solver: the curve from (0, 0) to (1, 1), solved for x by bisection.
public enum CubicBezierReference {
    /// The curve (x1, y1, x2, y2)'s value at x.
    public static func value(x1: Double, y1: Double, x2: Double, y2: Double, at x: Double) -> Double {
        func coordinate(_ a: Double, _ b: Double, _ s: Double) -> Double {
            3 * a * s * (1 - s) * (1 - s) + 3 * b * s * s * (1 - s) + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if coordinate(x1, x2, middle) < x { low = middle } else { high = middle }
        }
        return coordinate(y1, y2, (low + high) / 2)
    }
}

/// The animators the package bundles, in one place for the tests that list them.
public enum BundledAnimators {
    /// The libraries the build puts beside the executable: every dynamic library product
    /// Package.swift declares, as `libNAME.so`, sorted.
    public static let libraries: [String] = {
        let manifest = (try? String(contentsOfFile: PackageLayout.root + "/Package.swift", encoding: .utf8)) ?? ""
        return manifest.split(separator: "\n").compactMap { line -> String? in
            guard line.contains(".library(name: \""), line.contains("type: .dynamic"),
                  let start = line.range(of: ".library(name: \"")?.upperBound,
                  let end = line[start...].firstIndex(of: "\"") else { return nil }
            return "lib\(line[start..<end]).so"
        }.sorted()
    }()

    /// The names of the animators those libraries offer, sorted (one each).
    public static let names = ["bottom-card-c", "bubble", "catransition-push", "circular-reveal", "circular-reveal-c",
                               "delegate-fade", "elastic-pop", "fade-c", "flip-c", "flip-perspective", "keyframe-dismiss", "pendulum", "photo-zoom",
                               "photo-zoom-c", "pinch-pop", "pop-block", "pop-block-c", "scale-fade-modal", "spring-slide-up", "swipe-dismiss", "thumbnail-zoom", "zoom"]
}
