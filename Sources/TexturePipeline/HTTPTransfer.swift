import COpenSSL
import Dispatch
import Foundation
import TextureManifest

/// One HTTP/1.1 exchange of the cache over a plain socket or TLS (libssl), bounded in time and
/// size: the whole exchange (connect, TLS handshake, send, answer) must end by a deadline, not just
/// stay active, so a server that accepts and never answers, or sends a byte a second, is cut off; a
/// `200` body is streamed into a ``Sink`` and hashed as it arrives, and the connection is dropped
/// at the first byte over the limit (before the first body byte when `Content-Length` already says
/// so); an answer with more than one `Content-Length` is refused; the body of any other answer is
/// never read; redirects are answers, not followed (a `307` to a `PUT` is not a store). Every
/// request closes its connection. `user:password@` in the URL is sent as HTTP basic authentication
/// (``HTTPTextureCache`` refuses it over plain `http://` unless the user opts in).
///
/// `https://` URLs are spoken with TLS 1.2 or later, the server name sent (SNI) and the server's
/// certificate verified against a ``TLSContext``'s trusted certificates and the URL's host name or
/// IP address; a failed verification is a one-line error naming the reason.
///
/// URLSession is not used: on Linux it reads ahead of its delegate with no back-pressure, so a
/// flooding server fills memory before a cancel takes effect.
enum HTTPTransfer {
    /// Where a `200` body goes.
    enum Sink {
        /// Kept in memory (pointers, at most a few hundred bytes).
        case memory
        /// Written to this open file descriptor (texture files).
        case file(Int32)
    }

    /// When an exchange (or several: all the requests of one cache load) must have ended.
    struct Deadline {
        /// The moment.
        let end: DispatchTime
        /// Seconds from its start to ``end``, for messages.
        let seconds: TimeInterval

        /// The moment `seconds` from now.
        ///
        /// - Parameter seconds: Seconds allowed.
        init(seconds: TimeInterval) {
            self.seconds = seconds
            end = .now() + seconds
        }
    }

    /// A finished exchange.
    struct Answer {
        /// The HTTP status.
        var status: Int
        /// The `200` body, for `.memory` sinks.
        var body: [UInt8] = []
        /// Bytes of the `200` body received.
        var count = 0
        /// The SHA-256 of the `200` body.
        var digest = ContentDigest(ofText: "")
    }

    /// Sends `method` to `url` (with `upload` as its body, if any) and reads the answer.
    ///
    /// - Parameters:
    ///   - method: `GET`, `PUT` or `DELETE`.
    ///   - url: An `http://` or `https://` URL.
    ///   - upload: The body to send.
    ///   - deadline: When the whole exchange must have ended.
    ///   - limit: The most bytes a `200` body may have (`GET` only; the body of other answers is not read).
    ///   - sink: Where a `200` body goes.
    ///   - tls: The TLS settings, for `https://` URLs.
    ///   - name: The URL as messages name it (no credentials).
    /// - Returns: The answer.
    /// - Throws: `PipelineError` naming `name` for a transport or TLS failure (a certificate that
    ///   does not verify included), a missed deadline, a malformed answer or a body over `limit`.
    static func run(
        _ method: String, _ url: URL, upload: [UInt8]? = nil, deadline: Deadline, limit: Int, sink: Sink,
        tls: TLSContext?, name: String
    ) async throws -> Answer {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(
                    with: Result {
                        try withoutSIGPIPE {
                            var exchange = try Exchange(url: url, deadline: deadline, tls: tls, name: name)
                            defer { exchange.close() }
                            return try exchange.run(method, url: url, upload: upload, limit: limit, sink: sink)
                        }
                    })
            }
        }
    }

    /// Runs `work` with SIGPIPE blocked on this thread, and takes away a SIGPIPE it raised before
    /// the thread's signal mask is restored: OpenSSL writes to its socket without `MSG_NOSIGNAL`, so a
    /// server that closes during a TLS write would otherwise end the process.
    private static func withoutSIGPIPE<T>(_ work: () throws -> T) rethrows -> T {
        var pipe = sigset_t()
        sigemptyset(&pipe)
        sigaddset(&pipe, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipe, &previous)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 && sigismember(&previous, SIGPIPE) == 0 {
                var taken: Int32 = 0
                sigwait(&pipe, &taken)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return try work()
    }

    /// One connection and its deadline.
    private struct Exchange {
        let name: String
        let deadline: Deadline
        var fd: Int32 = -1
        /// The TLS connection over `fd` (`SSL *`), for `https://`.
        var tls: OpaquePointer?
        var buffered: [UInt8] = []

        init(url: URL, deadline: Deadline, tls context: TLSContext?, name: String) throws {
            self.name = name
            self.deadline = deadline
            let scheme = url.scheme?.lowercased()
            guard scheme == "http" || (scheme == "https" && context != nil), let host = url.host else {
                throw PipelineError(file: name, reason: "only http:// and https:// caches are supported")
            }
            fd = try connect(host: host, port: url.port ?? (scheme == "https" ? 443 : 80))
            if scheme == "https", let context {
                do {
                    try startTLS(context, host: host)
                } catch {
                    close()
                    throw error
                }
            }
        }

        mutating func close() {
            if let tls { SSL_free(tls) }
            tls = nil
            if fd >= 0 { Foundation.close(fd) }
            fd = -1
        }

        /// The TLS handshake over the connected socket: SNI for host names, then the certificate
        /// chain and the host name (or IP address) verified by OpenSSL.
        private mutating func startTLS(_ context: TLSContext, host: String) throws {
            ERR_clear_error()
            guard let connection = SSL_new(context.pointer) else {
                throw PipelineError(file: name, reason: "cannot set up TLS: \(TLSContext.openSSLError())")
            }
            tls = connection
            var address = in6_addr()
            let isAddress =
                inet_pton(AF_INET, host, &address) == 1 || inet_pton(AF_INET6, host, &address) == 1
            let configured =
                SSL_set_fd(connection, fd) == 1
                && (isAddress
                    ? X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(connection), host) == 1
                    : pvrc_ssl_set_server_name(connection, host) == 1 && SSL_set1_host(connection, host) == 1)
            guard configured else {
                throw PipelineError(file: name, reason: "cannot set up TLS for \(host): \(TLSContext.openSSLError())")
            }
            while true {
                let result = SSL_connect(connection)
                if result == 1 { return }
                try waitForTLS(result, doing: "TLS handshake")
            }
        }

        /// Waits for the socket after a TLS call that returned `result`, or throws its failure.
        private func waitForTLS(_ result: Int32, doing operation: String) throws {
            let code = SSL_get_error(tls, result)
            switch code {
            case SSL_ERROR_WANT_READ: try wait(for: Int16(POLLIN))
            case SSL_ERROR_WANT_WRITE: try wait(for: Int16(POLLOUT))
            case SSL_ERROR_SYSCALL where errno == EINTR || errno == EAGAIN: ERR_clear_error()
            default:
                let verification = SSL_get_verify_result(tls)
                if verification != X509_V_OK {
                    ERR_clear_error()
                    let reason = String(cString: X509_verify_cert_error_string(verification))
                    throw PipelineError(
                        file: name, reason: "cache request failed: the server's certificate is refused: \(reason)")
                }
                let fallback = code == SSL_ERROR_SYSCALL ? "the connection closed" : "protocol error"
                throw PipelineError(
                    file: name, reason: "cache request failed: \(operation): \(TLSContext.openSSLError(fallback))")
            }
        }

        mutating func run(_ method: String, url: URL, upload: [UInt8]?, limit: Int, sink: Sink) throws -> Answer {
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            let path = components?.percentEncodedPath ?? "/"
            var head = "\(method) \(path.isEmpty ? "/" : path) HTTP/1.1\r\n"
            head += "Host: \(url.host ?? "")\(url.port.map { ":\($0)" } ?? "")\r\n"
            head += "Connection: close\r\nUser-Agent: pvrc\r\n"
            if let user = url.user {
                let secret = "\(user.removingPercentEncoding ?? user):\(url.password?.removingPercentEncoding ?? "")"
                head += "Authorization: Basic \(Data(secret.utf8).base64EncodedString())\r\n"
            }
            if let upload {
                head += "Content-Type: application/octet-stream\r\nContent-Length: \(upload.count)\r\n"
            }
            try send(Array((head + "\r\n").utf8) + (upload ?? []))

            var headers = try readHead()
            while (100..<200).contains(headers.status) { headers = try readHead() }
            var answer = Answer(status: headers.status)
            guard headers.status == 200, method == "GET" else { return answer }
            let hasher = SHA256Hasher()
            let name = self.name
            func take(_ bytes: ArraySlice<UInt8>) throws {
                guard bytes.count <= limit - answer.count else {
                    throw PipelineError(file: name, reason: "the answer is longer than the limit of \(limit) bytes")
                }
                answer.count += bytes.count
                hasher.update(bytes)
                switch sink {
                case .memory: answer.body += bytes
                case .file(let file): try Self.write(bytes, to: file, name: name)
                }
            }
            if headers.chunked {
                while true {
                    let line = try readLine()
                    let digits = line.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                    guard let size = Int(digits, radix: 16), size >= 0 else {
                        throw PipelineError(file: name, reason: "malformed chunked answer")
                    }
                    if size == 0 { break }
                    guard size <= limit - answer.count else {
                        throw PipelineError(file: name, reason: "the answer is longer than the limit of \(limit) bytes")
                    }
                    try readBody(size, into: take)
                    _ = try readLine()
                }
            } else if let length = headers.contentLength {
                guard length <= limit else {
                    throw PipelineError(
                        file: name, reason: "the answer announces \(length) bytes, over the limit of \(limit)")
                }
                try readBody(length, into: take)
            } else {
                try readBody(nil, into: take)
            }
            answer.digest = ContentDigest(hasher.finalize())
            return answer
        }

        /// Reads `count` body bytes (or up to the end of the connection when `nil`) into `take`.
        private mutating func readBody(_ count: Int?, into take: (ArraySlice<UInt8>) throws -> Void) throws {
            var remaining = count ?? Int.max
            if !buffered.isEmpty {
                let part = buffered.prefix(remaining)
                try take(part)
                remaining -= part.count
                buffered.removeFirst(part.count)
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while remaining > 0 {
                let received = try receive(into: &chunk, atMost: min(chunk.count, remaining))
                if received == 0 {
                    guard count == nil else {
                        throw PipelineError(file: name, reason: "the connection closed before the answer was complete")
                    }
                    return
                }
                try take(chunk[0..<received])
                remaining -= received
            }
        }

        /// The status line and headers.
        private mutating func readHead() throws -> (status: Int, contentLength: Int?, chunked: Bool) {
            var lines: [String] = []
            while true {
                let line = try readLine()
                if line.isEmpty { break }
                lines.append(line)
                guard lines.count <= 100 else { throw PipelineError(file: name, reason: "too many header lines") }
            }
            let statusParts = lines.first?.split(separator: " ") ?? []
            guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
                throw PipelineError(file: name, reason: "not an HTTP answer")
            }
            var contentLength: Int?
            var chunked = false
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let field = line[..<colon].lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if field == "content-length" {
                    guard contentLength == nil else {
                        throw PipelineError(file: name, reason: "the answer has more than one Content-Length")
                    }
                    guard let length = Int(value), length >= 0 else {
                        throw PipelineError(file: name, reason: "malformed Content-Length")
                    }
                    contentLength = length
                } else if field == "transfer-encoding" {
                    chunked = value.lowercased().contains("chunked")
                }
            }
            return (status, chunked ? nil : contentLength, chunked)
        }

        /// One line without its CR LF, at most 8 KiB.
        private mutating func readLine() throws -> String {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                if let newline = buffered.firstIndex(of: 10) {
                    var line = Array(buffered[..<newline])
                    buffered.removeFirst(newline + 1)
                    if line.last == 13 { line.removeLast() }
                    return String(decoding: line, as: UTF8.self)
                }
                guard buffered.count <= 8192 else { throw PipelineError(file: name, reason: "header line too long") }
                let received = try receive(into: &chunk, atMost: chunk.count)
                guard received > 0 else {
                    throw PipelineError(file: name, reason: "the connection closed before the answer was complete")
                }
                buffered += chunk[0..<received]
            }
        }

        private func remainingMilliseconds() throws -> Int32 {
            let now = DispatchTime.now()
            guard now < deadline.end else {
                throw PipelineError(
                    file: name, reason: "no complete answer within \(SecondsText.text(deadline.seconds))")
            }
            return Int32(clamping: (deadline.end.uptimeNanoseconds - now.uptimeNanoseconds + 999_999) / 1_000_000)
        }

        private func wait(for events: Int16) throws {
            while true {
                var poller = pollfd(fd: fd, events: events, revents: 0)
                let ready = poll(&poller, 1, try remainingMilliseconds())
                if ready > 0 { return }
                if ready < 0 && errno != EINTR { throw failure("poll") }
            }
        }

        /// Up to `count` bytes into `chunk`; 0 at the end of the stream.
        private func receive(into chunk: inout [UInt8], atMost count: Int) throws -> Int {
            if let tls {
                // OpenSSL may hold decrypted bytes already: read first, wait only when it asks to.
                while true {
                    let received = chunk.withUnsafeMutableBytes {
                        SSL_read(tls, $0.baseAddress, Int32(clamping: count))
                    }
                    if received > 0 { return Int(received) }
                    if SSL_get_error(tls, received) == SSL_ERROR_ZERO_RETURN { return 0 }
                    try waitForTLS(received, doing: "receive")
                }
            }
            while true {
                try wait(for: Int16(POLLIN))
                let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, count, 0) }
                if received >= 0 { return received }
                if errno != EINTR && errno != EAGAIN { throw failure("receive") }
            }
        }

        private func send(_ bytes: [UInt8]) throws {
            var offset = 0
            while offset < bytes.count {
                if let tls {
                    let sent = bytes[offset...].withUnsafeBytes {
                        SSL_write(tls, $0.baseAddress, Int32(clamping: $0.count))
                    }
                    if sent > 0 {
                        offset += Int(sent)
                    } else {
                        try waitForTLS(sent, doing: "send")
                    }
                    continue
                }
                try wait(for: Int16(POLLOUT))
                let sent = bytes[offset...].withUnsafeBytes {
                    Foundation.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                if sent > 0 {
                    offset += sent
                } else if errno != EINTR && errno != EAGAIN {
                    throw failure("send")
                }
            }
        }

        private static func write(_ bytes: ArraySlice<UInt8>, to file: Int32, name: String) throws {
            var offset = bytes.startIndex
            while offset < bytes.endIndex {
                let written = bytes[offset...].withUnsafeBytes { Foundation.write(file, $0.baseAddress, $0.count) }
                if written > 0 {
                    offset += written
                } else if errno != EINTR {
                    throw PipelineError(file: name, reason: "cannot write the download: \(errorText())")
                }
            }
        }

        /// A non-blocking socket connected to `host:port` (every address tried in turn).
        private func connect(host: String, port: Int) throws -> Int32 {
            var hints = addrinfo()
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            hints.ai_family = AF_UNSPEC
            var list: UnsafeMutablePointer<addrinfo>?
            let resolved = getaddrinfo(host, String(port), &hints, &list)
            guard resolved == 0, let first = list else {
                throw PipelineError(
                    file: name, reason: "cannot resolve \(host): \(String(cString: gai_strerror(resolved)))")
            }
            defer { freeaddrinfo(first) }
            var lastError = "no address"
            var next: UnsafeMutablePointer<addrinfo>? = first
            while let address = next {
                next = address.pointee.ai_next
                let socketFD = socket(
                    address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
                guard socketFD >= 0 else { continue }
                _ = fcntl(socketFD, F_SETFL, fcntl(socketFD, F_GETFL) | O_NONBLOCK)
                _ = fcntl(socketFD, F_SETFD, FD_CLOEXEC)
                if Foundation.connect(socketFD, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 {
                    return socketFD
                }
                guard errno == EINPROGRESS else {
                    lastError = Self.errorText()
                    Foundation.close(socketFD)
                    continue
                }
                var poller = pollfd(fd: socketFD, events: Int16(POLLOUT), revents: 0)
                let ready = poll(&poller, 1, try remainingMilliseconds())
                var status: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                if ready > 0, getsockopt(socketFD, SOL_SOCKET, SO_ERROR, &status, &length) == 0, status == 0 {
                    return socketFD
                }
                lastError = ready == 0 ? "connect timed out" : String(cString: strerror(status == 0 ? errno : status))
                Foundation.close(socketFD)
            }
            throw PipelineError(file: name, reason: "cache request failed: cannot connect: \(lastError)")
        }

        private func failure(_ operation: String) -> PipelineError {
            PipelineError(file: name, reason: "cache request failed: cannot \(operation): \(Self.errorText())")
        }

        private static func errorText() -> String {
            String(cString: strerror(errno))
        }
    }
}
