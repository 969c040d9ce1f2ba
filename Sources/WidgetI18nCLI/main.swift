import Foundation

// First, before anything opens a file: a closed stdout must never become the descriptor of a store's file.
StandardStreams.prepare()
let status = await CLI.run(
    CLI.rawArguments(), environment: ProcessInfo.processInfo.environment,
    workingDirectory: FileManager.default.currentDirectoryPath)
exit(status)
