import Foundation

/// What a finished process printed and returned.
public struct ProcessResult: Sendable, CustomStringConvertible {
    public let status: Int32
    public let standardOutput: String
    public let standardError: String
    public let standardOutputData: Data
    /// Whether a signal ended the process (`status` is then the signal's number).
    public var diedFromSignal = false

    public var description: String {
        (diedFromSignal ? "killed by signal \(status)" : "exit \(status)")
            + "\n--- stdout\n\(standardOutput)\n--- stderr\n\(standardError)"
    }
}

/// Runs an executable to completion with the given arguments, environment, input and working directory.
public func runProcess(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:], input: Data? = nil,
    workingDirectory: String? = nil, inheritEnvironment: Bool = false
) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var base: [String: String] = inheritEnvironment ? ProcessInfo.processInfo.environment : [:]
    if !inheritEnvironment {
        // A predictable environment: no locale or widget-i18n settings leak in from the developer's shell.
        base["PATH"] = "/usr/bin:/bin"
        base["HOME"] = ProcessInfo.processInfo.environment["HOME"] ?? "/tmp"
    }
    process.environment = base.merging(environment) { _, new in new }
    if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
    let output = Pipe()
    let error = Pipe()
    let inputPipe = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
    try process.run()
    // Read both pipes concurrently so that neither can fill up and stall the child.
    let group = DispatchGroup()
    nonisolated(unsafe) var errorData = Data()
    group.enter()
    DispatchQueue.global().async {
        errorData = error.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    if let input { inputPipe.fileHandleForWriting.write(input) }
    try? inputPipe.fileHandleForWriting.close()
    try? inputPipe.fileHandleForReading.close()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    var result = ProcessResult(
        status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: errorData, as: UTF8.self), standardOutputData: outputData)
    result.diedFromSignal = process.terminationReason == .uncaughtSignal
    return result
}
