import AnimatorSupport
import Glibc
import Synchronization

/// The web server of `watch --serve`: HTTP/1.1 on 127.0.0.1 only, GET and HEAD, a handful
/// of paths, one connection a request (server-sent events excepted).
///
/// - `/`: the player page of the last good run, with the watch bar (`WatchPage`).
/// - `/events`: server-sent events: `status` (JSON: phase, message, detail) and `reload`
///   (the generation of the newest good run).
/// - `/status`: the status and generation as JSON.
/// - `/timeline.json`: the newest good run's timeline.
final class PreviewServer: Sendable {
    /// The port it listens on (the one chosen when 0 was asked for).
    let port: Int
    private let listener: Int32
    private let state: PreviewState
    private let target: String

    /// The most requests served at once; more are answered 503 at once.
    static let connectionLimit = 32
    /// The most pages listening to `/events` at once (each holds its connection); more are
    /// answered 503. They do not count against `connectionLimit`, so they cannot starve it.
    static let listenerLimit = 8
    /// Seconds a client has to send its whole request, and for each write to it: a client
    /// that sends a byte at a time, or reads nothing, loses its connection after them.
    static let clientSeconds = 5.0

    /// Binds 127.0.0.1:`port` (0: a free port) and starts serving on other threads.
    ///
    /// - Throws: the reason in one line ("port 8765 is in use").
    init(port: Int, state: PreviewState, target: String) throws(WatchError) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw WatchError("cannot make a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = Loopback.withAddress(port: port) { bind(socket, $0, $1) }
        guard bound == 0, listen(socket, 16) == 0 else {
            let reason = errno == EADDRINUSE ? "is in use (give --serve PORT, or --serve 0 for a free one)"
                : "cannot be used: \(String(cString: strerror(errno)))"
            close(socket)
            throw WatchError("port \(port) on 127.0.0.1 \(reason)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        self.port = Int(UInt16(bigEndian: actual.sin_port))
        self.listener = socket
        self.state = state
        self.target = target
        let server = self
        DetachedThread.start { server.acceptLoop() }
    }

    /// The address to open.
    var url: String { "http://127.0.0.1:\(port)/" }

    /// Requests being served now (listeners excepted).
    private let active = Atomic<Int>(0)
    /// Pages listening to `/events` now.
    private let listeners = Atomic<Int>(0)

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR || errno == ECONNABORTED || errno == EMFILE { continue }
                return
            }
            // Not handed on to the builds and runs this process starts.
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            // Reads and writes give up after a while (a client that sends or reads nothing);
            // the request as a whole has its own deadline (serve).
            var timeout = timeval(tv_sec: Int(Self.clientSeconds), tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            guard active.wrappingAdd(1, ordering: .relaxed).newValue <= Self.connectionLimit else {
                respond(connection, status: "503 Service Unavailable", type: "text/plain", body: Array("busy\n".utf8), head: false)
                close(connection)
                active.wrappingSubtract(1, ordering: .relaxed)
                continue
            }
            let started = DetachedThread.start { [self] in
                serve(connection)
                close(connection)
                active.wrappingSubtract(1, ordering: .relaxed)
            }
            if !started {
                close(connection)
                active.wrappingSubtract(1, ordering: .relaxed)
            }
        }
    }

    /// Reads one request and answers it.
    private func serve(_ connection: Int32) {
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = MonotonicClock.now() + Self.clientSeconds
        // The request line and headers, up to the blank line (the body, if any, is not
        // needed), within the deadline however slowly the bytes come.
        while request.count < 16_384 {
            let left = deadline - MonotonicClock.now()
            guard left > 0 else { return }
            var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(max(1, left * 1000))) > 0 else { return }
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            request += buffer[0..<count]
            if request.count >= 4, request.indices.dropLast(3).contains(where: {
                request[$0] == 13 && request[$0 + 1] == 10 && request[$0 + 2] == 13 && request[$0 + 3] == 10
            }) { break }
        }
        let line = String(decoding: request.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self).split(separator: " ")
        guard line.count == 3, line[2].hasPrefix("HTTP/1.") else {
            respond(connection, status: "400 Bad Request", type: "text/plain", body: Array("bad request\n".utf8), head: false)
            return
        }
        let method = String(line[0])
        let path = String(line[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
        guard method == "GET" || method == "HEAD" else {
            respond(connection, status: "405 Method Not Allowed", type: "text/plain", body: Array("GET or HEAD only\n".utf8),
                    head: false, extra: "Allow: GET, HEAD\r\n")
            return
        }
        let head = method == "HEAD"
        switch path {
        case "/", "/index.html":
            respond(connection, status: "200 OK", type: "text/html; charset=utf-8",
                    body: WatchPage.html(state.preview, target: target), head: head)
        case "/events":
            // A listener holds its connection: it leaves the request count for its own.
            guard listeners.wrappingAdd(1, ordering: .relaxed).newValue <= Self.listenerLimit else {
                listeners.wrappingSubtract(1, ordering: .relaxed)
                respond(connection, status: "503 Service Unavailable", type: "text/plain",
                        body: Array("too many pages listening\n".utf8), head: head)
                return
            }
            active.wrappingSubtract(1, ordering: .relaxed)
            events(connection, head: head)
            active.wrappingAdd(1, ordering: .relaxed)
            listeners.wrappingSubtract(1, ordering: .relaxed)
        case "/status":
            guard case .object(var members) = state.status.json else { return }
            members += [("generation", .number(Double(state.preview?.generation ?? 0))),
                        ("listeners", .number(Double(state.listenerCount)))]
            respond(connection, status: "200 OK", type: "application/json",
                    body: Array((JSONValue.object(members).serialized(pretty: false) + "\n").utf8), head: head)
        case "/timeline.json":
            guard let preview = state.preview else {
                respond(connection, status: "404 Not Found", type: "text/plain", body: Array("no good run yet\n".utf8), head: head)
                return
            }
            respond(connection, status: "200 OK", type: "application/json", body: preview.timeline, head: head)
        case _ where path.hasPrefix("/frames/"):
            // /frames/GENERATION/INDEX.png: only the newest run's frames are kept.
            let parts = path.dropFirst("/frames/".count).split(separator: "/")
            guard parts.count == 2, let generation = Int(parts[0]), parts[1].hasSuffix(".png"),
                  let index = Int(parts[1].dropLast(4)), let preview = state.preview, preview.generation == generation,
                  let png = preview.frames.png(index) else {
                respond(connection, status: "404 Not Found", type: "text/plain", body: Array("no such frame\n".utf8), head: head)
                return
            }
            respond(connection, status: "200 OK", type: "image/png", body: png, head: head)
        default:
            respond(connection, status: "404 Not Found", type: "text/plain", body: Array("not found\n".utf8), head: head)
        }
    }

    /// Server-sent events until the page goes away.
    private func events(_ connection: Int32, head: Bool) {
        let header = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
            + "Connection: keep-alive\r\n\r\n"
        guard sendAll(connection, Array(header.utf8)), !head else { return }
        state.listen(connection)
        defer { state.stopListening(connection) }
        var buffer = [UInt8](repeating: 0, count: 512)
        // The page sends nothing more; reading waits for it to close (or for a failed write
        // to shut the connection down).
        while state.isListening(connection) {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count == 0 { return }
            if count < 0, errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR { return }
        }
    }

    private func respond(_ connection: Int32, status: String, type: String, body: [UInt8], head: Bool, extra: String = "") {
        let header = "HTTP/1.1 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\n"
            + "Cache-Control: no-store\r\nConnection: close\r\n\(extra)\r\n"
        _ = sendAll(connection, Array(header.utf8) + (head ? [] : body))
    }

    private func sendAll(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { send(connection, $0.baseAddress! + done, $0.count - done, Int32(MSG_NOSIGNAL)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }
}
