import Foundation

/// A small HTTP/1.1 server on 127.0.0.1 built on POSIX sockets, one thread per connection, that
/// answers each request the way a test asks: normally, with a body far larger than it announced,
/// a byte at a time, or not at all. Every answer closes its connection. Used to play hostile or
/// broken caches; `stop()` (or deinit) closes every socket and lets the threads end.
final class LocalHTTPServer: @unchecked Sendable {
    /// A request as received.
    struct Request: Sendable {
        var method: String
        var path: String
        var headers: [String: String]
        var body: [UInt8]
    }

    /// How to answer one request.
    enum Reply: Sendable {
        /// A status line, headers and a body.
        case answer(status: Int, headers: [String: String] = [:], body: [UInt8] = [])
        /// `200` with `Content-Length: announced` (when given), then `total` bytes of `x`, sent until the
        /// client closes the connection.
        case flood(announced: Int?, total: Int)
        /// `200` announcing `announced` bytes, then one byte per second for at most `seconds` seconds.
        case trickle(announced: Int, seconds: Int)
        /// Read the request and never answer (until the server stops).
        case silence
    }

    let port: Int
    private let listener: Int32
    private let handler: @Sendable (Request) -> Reply
    private let lock = NSLock()
    private var open: [Int32] = []
    private var stopped = false
    private var log: [Request] = []
    private var sent = 0

    /// Starts listening on an ephemeral port of 127.0.0.1.
    init(handler: @escaping @Sendable (Request) -> Reply) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        listener = fd
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// A cache that answers every `GET …/ac/…` with `pointer`, every other `GET` with `file`, and any
    /// other request with 201.
    static func cache(pointer: [UInt8], file: Reply) throws -> LocalHTTPServer {
        try LocalHTTPServer { request in
            guard request.method == "GET" else { return .answer(status: 201) }
            return request.path.contains("/ac/") ? .answer(status: 200, body: pointer) : file
        }
    }

    /// `http://127.0.0.1:PORT/PREFIX`.
    func url(_ prefix: String = "cache", credentials: String? = nil) -> String {
        "http://\(credentials.map { "\($0)@" } ?? "")127.0.0.1:\(port)/\(prefix)"
    }

    /// The requests received so far.
    var requests: [Request] { lock.withLock { log } }

    /// Body bytes written to clients so far (by `flood` and `trickle`).
    var bytesSent: Int { lock.withLock { sent } }

    /// Closes the listener and every connection.
    func stop() {
        let sockets: [Int32] = lock.withLock {
            guard !stopped else { return [] }
            stopped = true
            return open + [listener]
        }
        for fd in sockets { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                close(listener)
                return
            }
            let accepted: Bool = lock.withLock {
                guard !stopped else { return false }
                open.append(connection)
                return true
            }
            guard accepted else {
                close(connection)
                close(listener)
                return
            }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        defer {
            lock.withLock { open.removeAll { $0 == fd } }
            close(fd)
        }
        guard let request = readRequest(fd) else { return }
        lock.withLock { log.append(request) }
        switch handler(request) {
        case .answer(let status, let headers, let body):
            var head = "HTTP/1.1 \(status) Status\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            _ = write(fd, Array((head + "\r\n").utf8) + body)
        case .flood(let announced, let total):
            var head = "HTTP/1.1 200 OK\r\nConnection: close\r\n"
            if let announced { head += "Content-Length: \(announced)\r\n" }
            guard write(fd, Array((head + "\r\n").utf8)) else { return }
            let chunk = [UInt8](repeating: 0x78, count: 1 << 16)
            var remaining = total
            while remaining > 0 {
                let part = remaining >= chunk.count ? chunk : Array(chunk.prefix(remaining))
                guard write(fd, part) else { return }
                lock.withLock { sent += part.count }
                remaining -= part.count
            }
        case .trickle(let announced, let seconds):
            let head = "HTTP/1.1 200 OK\r\nContent-Length: \(announced)\r\nConnection: close\r\n\r\n"
            guard write(fd, Array(head.utf8)) else { return }
            for _ in 0..<seconds {
                guard write(fd, [0x78]) else { return }
                lock.withLock { sent += 1 }
                Thread.sleep(forTimeInterval: 1)
                if lock.withLock({ stopped }) { return }
            }
        case .silence:
            var byte: UInt8 = 0
            while recv(fd, &byte, 1, 0) > 0 {}
        }
    }

    private func readRequest(_ fd: Int32) -> Request? {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let separator: [UInt8] = [13, 10, 13, 10]
        var headerEnd: Int?
        while headerEnd == nil {
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer += chunk[0..<count]
            if buffer.count >= 4 {
                headerEnd = (0...(buffer.count - 4)).first { Array(buffer[$0..<$0 + 4]) == separator }
            }
        }
        guard let end = headerEnd else { return nil }
        let lines = String(decoding: buffer[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = Array(buffer[(end + 4)...])
        let length = headers["content-length"].flatMap { Int($0) } ?? 0
        while body.count < length {
            let count = recv(fd, &chunk, min(chunk.count, length - body.count), 0)
            guard count > 0 else { break }
            body += chunk[0..<count]
        }
        return Request(method: String(requestLine[0]), path: String(requestLine[1]), headers: headers, body: body)
    }

    private func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }
}
