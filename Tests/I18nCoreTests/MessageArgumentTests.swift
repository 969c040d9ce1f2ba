import I18nCore
import LocaleData
import Testing

@Suite struct MessageArgumentTests {
    @Test func infersArgumentTypes() {
        #expect(MessageArgument(inferringFrom: "42") == .number(MessageNumber(42)))
        #expect(MessageArgument(inferringFrom: "Ayşe") == .string("Ayşe"))
        #expect(MessageNumber(3.0).text == "3")
        #expect(MessageNumber(2.5).text == "2.5")
    }
}
