// The `self-test` target of Fuzz/run.sh: it crashes on any input that starts with "crash", so that a test can
// check that the script fails on a crashing fuzzer and keeps the input (FuzzScriptTests).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    if input.starts(with: Array("crash".utf8)) { fatalError("self-test: crashed on purpose") }
    return 0
}
