import Foundation
import ImageFiles
import PVRCTestRequirements
import PVRCTestSupport
import XCTest

/// `pvrc build --cache https://…` against a real nginx on 127.0.0.1 with a certificate issued by a
/// CA made in the test (the `openssl` command): a trusted server with basic authentication shares
/// textures; a certificate for another name, or from a CA nobody trusts, is refused in one line;
/// credentials over plain `http://` are refused unless allowed.
final class HTTPSCacheCommandTests: XCTestCase {
    /// A scratch folder with two source images, a CA, a server certificate for `localhost` only,
    /// and an htpasswd file for `builder:s3cr3t-token`.
    private struct Setup {
        let directory: TemporaryDirectory
        let source: String
        let certificateAuthority: URL
        let identity: NginxWebDAVServer.TLSIdentity
        let passwords: URL
    }

    private func makeSetup() throws -> Setup {
        let opensslTool = try TestRequirement.tool(["/usr/bin/openssl"], package: "openssl")
        let directory = try TemporaryDirectory()
        let folder = directory.path
        func openssl(_ arguments: [String]) throws -> String {
            let run = try PVRCProcess.run(executable: opensslTool, arguments)
            XCTAssertEqual(run.status, 0, "openssl \(arguments.joined(separator: " ")): \(run.standardError)")
            return run.standardOutput
        }
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        _ = try openssl(
            ["req", "-x509"] + key + [
                "-keyout", "\(folder)/ca.key", "-out", "\(folder)/ca.pem", "-days", "2", "-subj", "/CN=pvrc test CA",
            ])
        _ = try openssl(
            ["req"] + key + [
                "-keyout", "\(folder)/server.key", "-out", "\(folder)/server.csr", "-subj", "/CN=localhost",
            ])
        try Data("subjectAltName=DNS:localhost\nbasicConstraints=CA:FALSE\n".utf8)
            .write(to: URL(fileURLWithPath: "\(folder)/server.ext"))
        _ = try openssl([
            "x509", "-req", "-in", "\(folder)/server.csr", "-CA", "\(folder)/ca.pem", "-CAkey", "\(folder)/ca.key",
            "-CAcreateserial", "-out", "\(folder)/server.pem", "-days", "2", "-extfile", "\(folder)/server.ext",
        ])
        let hash = try openssl(["passwd", "-apr1", "s3cr3t-token"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let passwords = URL(fileURLWithPath: "\(folder)/htpasswd")
        try Data("builder:\(hash)\n".utf8).write(to: passwords)
        let source = folder + "/src"
        for (index, name) in ["a.png", "ui/b.png"].enumerated() {
            let url = URL(fileURLWithPath: source + "/" + name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PNGCodec.write(
                PipelineTestImages.noise(width: 16, height: 16, seed: UInt64(index + 3), alpha: .opaque), to: url)
        }
        return Setup(
            directory: directory, source: source, certificateAuthority: URL(fileURLWithPath: "\(folder)/ca.pem"),
            identity: .init(
                certificate: URL(fileURLWithPath: "\(folder)/server.pem"),
                key: URL(fileURLWithPath: "\(folder)/server.key")),
            passwords: passwords)
    }

    private func startServer(_ setup: Setup, tls: Bool) throws -> NginxWebDAVServer {
        do {
            return try NginxWebDAVServer(
                folder: setup.directory.url.appendingPathComponent(tls ? "nginx-tls" : "nginx"),
                tls: tls ? setup.identity : nil, passwords: setup.passwords)
        } catch let unavailable as NginxWebDAVServer.Unavailable {
            throw TestRequirement.missing("HTTPS cache test: \(unavailable)")
        }
    }

    /// `pvrc build SOURCE OUT --quality fast` with `arguments`.
    private func build(_ setup: Setup, _ output: String, _ arguments: [String]) throws -> PVRCProcess.Result {
        try PVRCProcess.run(
            ["build", setup.source, setup.directory.path + "/" + output, "--quality", "fast"] + arguments)
    }

    /// The `B built, C from cache` counts of the summary line.
    private func counts(_ result: PVRCProcess.Result) -> [Int] {
        let line = result.standardOutput.split(separator: "\n").last { $0.hasPrefix("pvrc build: ") } ?? ""
        return Array(line.split(separator: " ").compactMap { Int($0) }.prefix(2))
    }

    func testCredentialsOverHTTPSAreAcceptedAndTexturesShared() throws {
        let setup = try makeSetup()
        let server = try startServer(setup, tls: true)
        defer { server.stop() }
        let cache = [
            "--cache", server.url(host: "localhost", credentials: "builder:s3cr3t-token"),
            "--cache-ca-file", setup.certificateAuthority.path,
        ]
        let first = try build(setup, "first", cache)
        XCTAssertEqual(first.status, 0, first.standardError)
        XCTAssertEqual(first.standardError, "", "no cache warnings expected")
        XCTAssertEqual(counts(first), [2, 0], first.standardOutput)
        let second = try build(setup, "second", cache)
        XCTAssertEqual(second.status, 0, second.standardError)
        XCTAssertEqual(counts(second), [0, 2], second.standardOutput + second.standardError)
        let requests = server.requests()
        XCTAssertEqual(requests.filter { $0.method == "PUT" }.count, 4, "\(requests)")
        XCTAssertTrue(requests.allSatisfy { $0.status < 300 || $0.status == 404 }, "authenticated: \(requests)")

        // Without the credentials the server answers 401: a warning, and the texture is encoded.
        let anonymous = try build(
            setup, "anonymous",
            ["--cache", server.url(host: "localhost"), "--cache-ca-file", setup.certificateAuthority.path])
        XCTAssertEqual(anonymous.status, 0, anonymous.standardError)
        XCTAssertEqual(counts(anonymous), [2, 0], anonymous.standardOutput)
        XCTAssertTrue(anonymous.standardError.contains("answered HTTP 401"), anonymous.standardError)
        for run in [first, second, anonymous] {
            XCTAssertFalse((run.standardOutput + run.standardError).contains("s3cr3t"))
        }
    }

    /// A certificate that names another host (the URL says 127.0.0.1, the certificate only
    /// localhost), and a certificate from a CA that is not trusted (the system's store is used
    /// when no CA file is given): every connection is refused before a request is sent, each
    /// warning is one line saying why, and the build encodes everything.
    func testAWrongHostNameOrAnUntrustedCertificateIsRefusedInOneLine() throws {
        let setup = try makeSetup()
        let server = try startServer(setup, tls: true)
        defer { server.stop() }
        let cases: [(arguments: [String], reason: String)] = [
            (
                ["--cache", server.url(host: "127.0.0.1"), "--cache-ca-file", setup.certificateAuthority.path],
                "IP address mismatch"
            ),
            (["--cache", server.url(host: "localhost")], "local issuer certificate"),
        ]
        for (index, (arguments, reason)) in cases.enumerated() {
            let run = try build(setup, "refused\(index)", arguments)
            XCTAssertEqual(run.status, 0, run.standardError)
            XCTAssertEqual(counts(run), [2, 0], run.standardOutput)
            let lines = run.standardError.split(separator: "\n")
            XCTAssertFalse(lines.isEmpty)
            for line in lines {
                XCTAssertTrue(line.hasPrefix("pvrc: warning: cache https://"), String(line))
            }
            XCTAssertTrue(
                lines.contains { $0.contains("the server's certificate is refused: ") && $0.contains(reason) },
                run.standardError)
        }
        XCTAssertEqual(server.requests().count, 0, "a request was sent over an unverified connection")
    }

    func testCredentialsOverPlainHTTPAreRefusedUnlessAllowed() throws {
        let setup = try makeSetup()
        let server = try startServer(setup, tls: false)
        defer { server.stop() }
        let url = server.url(credentials: "builder:s3cr3t-token")
        let refused = try build(setup, "refused", ["--cache", url])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.standardOutput, "")
        XCTAssertEqual(refused.standardError.split(separator: "\n").count, 1, refused.standardError)
        XCTAssertTrue(refused.standardError.contains("--cache-allow-http-credentials"), refused.standardError)
        XCTAssertFalse(refused.standardError.contains("s3cr3t"), refused.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: setup.directory.path + "/refused"))
        XCTAssertEqual(server.requests().count, 0)

        let allowed = try build(setup, "allowed", ["--cache", url, "--cache-allow-http-credentials"])
        XCTAssertEqual(allowed.status, 0, allowed.standardError)
        XCTAssertEqual(allowed.standardError, "")
        XCTAssertEqual(server.requests().filter { $0.method == "PUT" && $0.status < 300 }.count, 4)

        let missing = try build(
            setup, "missing", ["--cache", "https://localhost:1/pvrc-cache", "--cache-ca-file", "no-such-ca.pem"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.standardError.split(separator: "\n").count, 1, missing.standardError)
        XCTAssertTrue(missing.standardError.contains("no-such-ca.pem"), missing.standardError)
    }
}
