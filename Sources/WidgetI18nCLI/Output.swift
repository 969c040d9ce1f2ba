import Foundation

/// Where a command writes: data to stdout, diagnostics to stderr.
struct Output {
    func write(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
    func writeLine(_ text: String = "") { write(text + "\n") }
    func writeBytes(_ bytes: [UInt8]) { FileHandle.standardOutput.write(Data(bytes)) }
    func warning(_ text: String) { FileHandle.standardError.write(Data("warning: \(text)\n".utf8)) }
    func error(_ text: String) { FileHandle.standardError.write(Data("error: \(text)\n".utf8)) }
    func note(_ text: String) { FileHandle.standardError.write(Data("\(text)\n".utf8)) }
}

/// Sizes and ages as people read them.
enum HumanFormat {
    static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return String(format: "%.1f KB", Double(bytes) / 1024) }
        return String(format: "%.1f MB", Double(bytes) / 1024 / 1024)
    }

    static func age(of date: Date?, now: Date = Date()) -> String {
        guard let date else { return "-" }
        let seconds = Int(now.timeIntervalSince(date))
        switch seconds {
        case ..<0: return "just now"
        case 0..<60: return "\(seconds) s ago"
        case 60..<3600: return "\(seconds / 60) min ago"
        case 3600..<86400: return "\(seconds / 3600) h ago"
        default: return "\(seconds / 86400) d ago"
        }
    }

    static func timestamp(_ date: Date?) -> String {
        guard let date else { return "-" }
        return date.formatted(.iso8601)
    }
}
