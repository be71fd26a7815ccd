import AnimatorSupport
import CSystem
import Glibc

/// `watch --serve`: from a new library renamed over the watched one to the page told to
/// reload (a server-sent event read by a client here), and then to the new page and its
/// first frame fetched, as a browser would. Beside it, in the same run, the `run` child
/// alone, which is the part of the update that is the animator's own work.
enum WatchBenchmark {
    static func run(workspace: Workspace, executable: String, rounds: Int) -> [String] {
        let environment = ["HOME=" + workspace.root, "XDG_CACHE_HOME=" + workspace.root + "/watch-cache", "PATH=/usr/bin:/bin"]
        // Two versions of one fade animator (0.35 s: 22 frames), swapped in turn.
        var versions: [String] = []
        for name in ["first", "second"] {
            let output = workspace.root + "/watch-\(name).so"
            let status = spawnAndWait("/usr/bin/cc", ["-shared", "-fPIC", "-O2", "-I", workspace.packageRoot + "/Sources/AnimatorABI/include",
                                                      "-DFIXTURE_INTERRUPTIBLE", "-DFIXTURE_NAME=\"\(name)\"",
                                                      workspace.packageRoot + "/Tests/Fixtures/fixture_animator.c", "-o", output])
            precondition(status == 0, "cc failed")
            versions.append(output)
        }
        let folder = workspace.root + "/watched"
        mkdir(folder, 0o755)
        let library = folder + "/libwatched.so"
        install(versions[0], at: library)

        // The `run` child alone, as watch starts it.
        var runs: [Double] = []
        for _ in 0..<rounds {
            runs.append(Clock.milliseconds {
                precondition(spawnAndWait(executable, ["run", versions[0], "--no-cache", "--duration", "0.35",
                                                       "--timeline", workspace.root + "/watch-run.json"],
                                          environment: environment) == 0)
            })
        }

        // watch itself, its output read for the port.
        var ends: [Int32] = [0, 0]
        precondition(ah_pipe_cloexec(&ends) == 0)
        var launch = ProcessLaunch(executable, ["watch", library, "--serve", "0", "--no-terminal", "--duration", "0.35"])
        launch.descriptors = [.descriptor(0), .descriptor(ends[1]), .null]
        launch.environment = environment
        let pid = try! launch.start()
        close(ends[1])
        defer {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            close(ends[0])
        }
        var output = ""
        var port = 0
        while port == 0 {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(ends[0], &buffer, buffer.count)
            precondition(count > 0, "watch ended: \(output)")
            output += String(decoding: buffer[0..<count], as: UTF8.self)
            if let range = output.ranges(of: "127.0.0.1:").first, let slash = output[range.upperBound...].firstIndex(of: "/") {
                port = Int(output[range.upperBound..<slash])!
            }
        }
        let events = connectTo(port)
        send(events, "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        var stream = EventStream(socket: events)
        var generation = 0
        while generation < 1 { generation = max(generation, stream.nextReload()) }

        var reloads: [Double] = [], fetched: [Double] = []
        for round in 0..<rounds {
            // An author's edits come seconds apart: the frames of the last run are drawn by then.
            usleep(1_500_000)
            let start = Clock.now()
            install(versions[(round + 1) % 2], at: library)
            var now = generation
            while now <= generation { now = stream.nextReload() }
            generation = now
            let reloaded = Clock.now()
            // What the browser then asks for: the page and the first frame.
            _ = get(port, "/")
            _ = get(port, "/frames/\(generation)/0.png")
            let shown = Clock.now()
            reloads.append(Double(reloaded - start) / 1e6)
            fetched.append(Double(shown - start) / 1e6)
        }
        close(events)
        return [
            "| step (22 frames, scale 1) | median ms | min ms |",
            "|---|---:|---:|",
            "| `run LIB --timeline FILE` alone (the child watch starts) | \(fixed(median(runs), 1)) | \(fixed(runs.min()!, 1)) |",
            "| new library → page told to reload | \(fixed(median(reloads), 1)) | \(fixed(reloads.min()!, 1)) |",
            "| new library → new page and its first frame fetched | \(fixed(median(fetched), 1)) | \(fixed(fetched.min()!, 1)) |",
        ]
    }

    /// Puts a copy of `source` at `path` as a build does: a new file renamed over the old.
    private static func install(_ source: String, at path: String) {
        let bytes = readAll(source)
        let temporary = path + ".new"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o755)
        bytes.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        rename(temporary, path)
    }

    private static func connectTo(_ port: Int) -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        let connected = Loopback.withAddress(port: port) { connect(socket, $0, $1) }
        precondition(connected == 0, "cannot connect to watch")
        return socket
    }

    private static func send(_ socket: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// The whole answer to a GET (the server closes the connection after it).
    private static func get(_ port: Int, _ path: String) -> Int {
        let socket = connectTo(port)
        defer { close(socket) }
        send(socket, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(socket, &buffer, buffer.count)
            if count <= 0 { return total }
            total += count
        }
    }

    /// Reads server-sent events off a socket.
    private struct EventStream {
        let socket: Int32
        var pending = ""

        /// The generation of the next `reload` event.
        mutating func nextReload() -> Int {
            while true {
                if let end = pending.ranges(of: "\n\n").first {
                    let event = String(pending[..<end.lowerBound])
                    pending = String(pending[end.upperBound...])
                    if event.contains("event: reload"), let line = event.split(separator: "\n").first(where: { $0.hasPrefix("data: ") }) {
                        return Int(line.dropFirst(6)) ?? 0
                    }
                    continue
                }
                var buffer = [UInt8](repeating: 0, count: 65536)
                let count = read(socket, &buffer, buffer.count)
                precondition(count > 0, "the event stream ended")
                pending += String(decoding: buffer[0..<count], as: UTF8.self)
            }
        }
    }
}
