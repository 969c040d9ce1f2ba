import Foundation

let status = await CLI.run(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
    workingDirectory: FileManager.default.currentDirectoryPath)
exit(status)
