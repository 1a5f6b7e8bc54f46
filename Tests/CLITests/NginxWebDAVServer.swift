import Foundation

/// An nginx serving a folder over HTTP (or HTTPS) with WebDAV `PUT` and `DELETE` on 127.0.0.1,
/// configured in a temporary folder: the Bazel-remote-cache-compatible server the HTTP cache tests
/// talk to; optionally with HTTP basic authentication.
final class NginxWebDAVServer {
    /// A certificate and its private key (PEM files) for an HTTPS server.
    struct TLSIdentity {
        let certificate: URL
        let key: URL
    }

    /// Why the server cannot run here (nginx not installed, or it did not start).
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    let port: Int
    let root: URL
    private let process: Process
    private let folder: URL

    /// Whether the server speaks HTTPS.
    private let https: Bool

    /// Starts nginx with its configuration, logs and data under `folder`; over TLS with `tls`; asking
    /// for the users and password hashes of `passwords` (an htpasswd file) when given.
    init(folder: URL, tls: TLSIdentity? = nil, passwords: URL? = nil) throws {
        let candidates = ["/usr/sbin/nginx", "/usr/bin/nginx"]
        guard let nginx = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Unavailable(
                description: "nginx is not installed (Debian package nginx; tools/install-deps.sh --test)")
        }
        self.folder = folder
        root = folder.appendingPathComponent("root", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let port = try Self.freePort()
        self.port = port
        https = tls != nil
        let path = folder.path
        let listen =
            tls.map {
                "listen 127.0.0.1:\(port) ssl;\n ssl_certificate \($0.certificate.path);\n ssl_certificate_key \($0.key.path);"
            } ?? "listen 127.0.0.1:\(port);"
        let authentication =
            passwords.map { "auth_basic \"pvrc cache\";\n auth_basic_user_file \($0.path);" } ?? ""
        let configuration = """
            daemon off;
            master_process off;
            worker_processes 1;
            pid \(path)/nginx.pid;
            error_log \(path)/error.log warn;
            events { worker_connections 64; }
            http {
                access_log \(path)/access.log;
                client_body_temp_path \(path)/client_body;
                proxy_temp_path \(path)/proxy;
                fastcgi_temp_path \(path)/fastcgi;
                uwsgi_temp_path \(path)/uwsgi;
                scgi_temp_path \(path)/scgi;
                server {
                    \(listen)
                    root \(root.path);
                    \(authentication)
                    location / {
                        dav_methods PUT DELETE;
                        create_full_put_path on;
                        client_max_body_size 256m;
                    }
                }
            }
            """
        let file = folder.appendingPathComponent("nginx.conf")
        try Data(configuration.utf8).write(to: file)
        process = Process()
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-p", path, "-c", file.path, "-e", "\(path)/error.log"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try waitUntilListening()
    }

    /// The cache base URL.
    var baseURL: String { url() }

    /// The cache base URL with `host` (`127.0.0.1` or `localhost`, both served) and `credentials`
    /// (`user:password`).
    func url(host: String = "127.0.0.1", credentials: String? = nil) -> String {
        "\(https ? "https" : "http")://\(credentials.map { "\($0)@" } ?? "")\(host):\(port)/pvrc-cache"
    }

    /// Requests served, from the access log: (method, status) pairs.
    func requests() -> [(method: String, status: Int)] {
        let log = (try? String(contentsOf: folder.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap { line in
            let quoted = line.split(separator: "\"")
            guard quoted.count >= 3, let method = quoted[1].split(separator: " ").first,
                let status = quoted[2].split(separator: " ").first.flatMap({ Int($0) })
            else { return nil }
            return (String(method), status)
        }
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    deinit { stop() }

    private func waitUntilListening() throws {
        for _ in 0..<100 {
            guard process.isRunning else {
                let log = (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
                throw Unavailable(description: "nginx exited at start: \(log)")
            }
            if Self.canConnect(port: port) { return }
            usleep(50_000)
        }
        stop()
        throw Unavailable(description: "nginx did not listen on 127.0.0.1:\(port) within 5 s")
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        return address
    }

    private static func canConnect(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// A port the kernel just handed out on 127.0.0.1 (bound to port 0, then released).
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Unavailable(description: "cannot open a socket") }
        defer { close(fd) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw Unavailable(description: "cannot bind a loopback socket") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
