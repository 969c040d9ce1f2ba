import CDNFetcher
import Testing

@Suite struct TransferCollectorTests {
    @Test func handsOverEachGroupInRequestOrderWhenItsLastTransferArrives() {
        var collector = TransferCollector<String>(groupSizes: [2, 1, 3])
        #expect(collector.requestCount == 6)
        #expect(collector.group(ofRequest: 5) == 2)
        #expect(collector.record("0b", request: 1) == nil)
        #expect(collector.record("2c", request: 5) == nil)
        let single = collector.record("1a", request: 2)
        #expect(single?.group == 1)
        #expect(single?.results == ["1a"])
        #expect(collector.record("2a", request: 3) == nil)
        let first = collector.record("0a", request: 0)
        #expect(first?.group == 0)
        #expect(first?.results == ["0a", "0b"])
        let last = collector.record("2b", request: 4)
        #expect(last?.group == 2)
        #expect(last?.results == ["2a", "2b", "2c"])
    }

    @Test func aGroupOfNothingNeverBlocksTheOthers() {
        var collector = TransferCollector<Int>(groupSizes: [0, 1])
        #expect(collector.requestCount == 1)
        #expect(collector.record(9, request: 0)?.group == 1)
    }
}
