import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A server process on 127.0.0.1 that a test starts and stops.
public final class LoopbackServer: @unchecked Sendable {
    // `stopped` is mutated only by `stop()`, which tests call from the task that started the server.
    public let port: Int
    public let directory: TemporaryDirectory
    private let process: Process
    private var stopped = false

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    init(port: Int, directory: TemporaryDirectory, process: Process) {
        self.port = port
        self.directory = directory
        self.process = process
    }

    /// Stops the server (SIGTERM) and removes its working directory.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        if process.isRunning { process.terminate() }
        // A server that ignores SIGTERM is killed after two seconds rather than hanging the test run.
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        directory.remove()
    }

    deinit { stop() }

    /// Starts `executable` in the foreground and waits until `port` accepts connections.
    static func launch(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], port: Int,
        directory: TemporaryDirectory
    ) throws -> LoopbackServer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let server = LoopbackServer(port: port, directory: directory, process: process)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if canConnect(port: port) { return server }
            guard process.isRunning else { break }
            usleep(20_000)
        }
        server.stop()
        throw LoopbackServerError(description: "\(executable) did not start on 127.0.0.1:\(port)")
    }

    /// A TCP port on 127.0.0.1 that is free right now.
    public static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw LoopbackServerError(description: "socket() failed") }
        defer { close(descriptor) }
        var address = loopbackAddress(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw LoopbackServerError(description: "bind() failed") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func canConnect(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = loopbackAddress(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        } == 0
    }

    private static func loopbackAddress(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}

public struct LoopbackServerError: Error, CustomStringConvertible {
    public let description: String
}

/// nginx serving a directory, as the test CDN (configuration: `Tests/Servers/nginx.conf.template`).
public enum NginxServer {
    /// One line of the access log: `status bytes method uri "if-none-match" gzip-ratio "args"`.
    public struct AccessLogEntry: Sendable {
        public let status: Int
        public let bodyBytes: Int
        public let uri: String
        public let ifNoneMatch: String
        public let gzipRatio: Double?
        /// The query string, without `?`; empty when there is none.
        public let arguments: String
    }

    public static var executable: String? {
        ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Starts nginx serving `root` on a free loopback port.
    public static func start(root: String) throws -> LoopbackServer {
        guard let executable else {
            throw LoopbackServerError(
                description: "nginx is not installed; run scripts/setup.sh (apt-get install nginx-light)")
        }
        var lastError: Error?
        for _ in 0..<3 {
            let directory = try TemporaryDirectory(prefix: "widget-i18n-nginx")
            let port = try LoopbackServer.freePort()
            let template = try String(
                contentsOfFile: Repository.root + "/Tests/Servers/nginx.conf.template", encoding: .utf8)
            let configuration =
                template
                .replacingOccurrences(of: "{{DIR}}", with: directory.path)
                .replacingOccurrences(of: "{{PORT}}", with: String(port))
                .replacingOccurrences(of: "{{ROOT}}", with: root)
                // Workers drop to 'nobody' when nginx starts as root, and could not read private temp dirs.
                .replacingOccurrences(of: "{{USER}}", with: getuid() == 0 ? "user root;" : "")
            try configuration.write(toFile: directory.appending("nginx.conf"), atomically: true, encoding: .utf8)
            do {
                return try LoopbackServer.launch(
                    executable,
                    [
                        "-p", directory.path, "-e", directory.appending("error.log"), "-c",
                        directory.appending("nginx.conf"),
                    ],
                    port: port, directory: directory)
            } catch {
                lastError = error
            }
        }
        throw lastError!
    }

    /// The access log once it has at least `count` lines (nginx writes a line just after the response, so a
    /// client can finish first), or as it is after two seconds.
    public static func accessLog(of server: LoopbackServer, atLeast count: Int) -> [AccessLogEntry] {
        let deadline = Date().addingTimeInterval(2)
        var entries = accessLog(of: server)
        while entries.count < count, Date() < deadline {
            usleep(10_000)
            entries = accessLog(of: server)
        }
        return entries
    }

    /// The access log so far.
    public static func accessLog(of server: LoopbackServer) -> [AccessLogEntry] {
        let text = (try? String(contentsOfFile: server.directory.appending("access.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            guard fields.count >= 6, let status = Int(fields[0]), let bytes = Int(fields[1]) else { return nil }
            return AccessLogEntry(
                status: status, bodyBytes: bytes, uri: String(fields[3]),
                ifNoneMatch: String(fields[4]).trimmingCharacters(in: CharacterSet(charactersIn: "\"")),
                gzipRatio: Double(fields[5]),
                arguments: fields.count > 6
                    ? String(fields[6]).trimmingCharacters(in: CharacterSet(charactersIn: "\"-")) : "")
        }
    }
}

/// The fault-injecting CDN of `Tests/Servers/fault-server.py`.
public enum FaultServer {
    public static func start() throws -> LoopbackServer {
        let directory = try TemporaryDirectory(prefix: "widget-i18n-faults")
        let port = try LoopbackServer.freePort()
        return try LoopbackServer.launch(
            "/usr/bin/env", ["python3", Repository.root + "/Tests/Servers/fault-server.py"],
            environment: ["FAULT_SERVER_PORT": String(port)], port: port, directory: directory)
    }

    /// How often each path was requested.
    public static func hits(of server: LoopbackServer) throws -> [String: Int] {
        let result = try runProcess("/usr/bin/curl", ["-sf", server.baseURL + "/_hits"])
        return try JSONDecoder().decode([String: Int].self, from: result.standardOutputData)
    }
}
