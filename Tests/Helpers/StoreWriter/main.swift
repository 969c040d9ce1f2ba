// A test helper: one writer process of the group store concurrency tests.
//   StoreWriter file DIR WRITER COUNT        FileGroupStore in DIR
//   StoreWriter userdefaults SUITE WRITER COUNT
// Writes COUNT distinct keys `w<WRITER>-<i>` and, after each, the shared key `shared` with the same value.
import Foundation
import GroupStore
import GroupStoreUserDefaults

let arguments = CommandLine.arguments
guard arguments.count == 5, let writer = Int(arguments[3]), let count = Int(arguments[4]) else {
    FileHandle.standardError.write(Data("usage: StoreWriter file|userdefaults LOCATION WRITER COUNT\n".utf8))
    exit(64)
}
let store: any GroupStore
if arguments[1] == "userdefaults" {
    guard let defaults = UserDefaultsGroupStore(suiteName: arguments[2]) else { exit(1) }
    store = defaults
} else {
    store = FileGroupStore(directory: arguments[2])
}
for index in 0..<count {
    let value = "writer \(writer) write \(index) " + String(repeating: "•", count: 64)
    do {
        try store.setString(value, forKey: "w\(writer)-\(index)")
        try store.setString(value, forKey: "shared")
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
}
