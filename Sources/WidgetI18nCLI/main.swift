import Foundation

let status = CLI.run(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
    workingDirectory: FileManager.default.currentDirectoryPath)
exit(status)
