// The reference for a widget process's wall time: a Swift program that imports Foundation and prints.
import Foundation

print("Hello, \(ProcessInfo.processInfo.processName)")
