import I18nCore
import LocaleData
import Testing

struct MessageErrorCase: Decodable, Sendable, CustomTestStringConvertible {
    let message: String
    let kind: String
    let at: String
    var testDescription: String { message }
}

private let errorCases: [MessageErrorCase] = try! testData.load("messageformat-errors.json")

@Suite struct MessageParserTests {
    @Test(arguments: errorCases)
    func reportsTheKindAndPosition(_ testCase: MessageErrorCase) {
        let error = #expect(throws: MessageParseError.self) { try MessageParser.parse(testCase.message) }
        #expect(error.map { Self.name(of: $0.kind) } == testCase.kind, "\(String(describing: error))")
        #expect(error?.location.description == testCase.at, "\(String(describing: error))")
    }

    /// Lines and columns count Unicode scalars from the start of each line, on every line of a long message.
    @Test func locatesArgumentsAndErrorsOnEveryLine() throws {
        let lines = (0..<300).map { "ü{a\($0)}" }
        let elements = try MessageParser.parse(lines.joined(separator: "\n"))
        let locations = elements.compactMap { element -> I18nCore.SourceLocation? in
            if case .argument(_, let location) = element { return location }
            return nil
        }
        #expect(locations.count == 300)
        var offset = 0
        for (index, line) in lines.enumerated() {
            #expect(locations[index] == I18nCore.SourceLocation(offset: offset + 1, line: index + 1, column: 2))
            offset += line.unicodeScalars.count + 1
        }
        let error = #expect(throws: MessageParseError.self) { try MessageParser.parse("a\nb\n\nxyz {n, plural,") }
        #expect(error?.location.line == 4)
        #expect(error?.location.column == 5)
    }

    /// The parser reads bytes: a message with text beyond ASCII places its errors in scalars all the same (in a
    /// number or a date skeleton, after a tag, on a later line), takes non-ASCII white space as white space and
    /// non-ASCII letters in a tag's name, and keeps quoted and plain text whole.
    @Test func nonASCIITextKeepsPositionsInScalars() throws {
        let errors: [(message: String, kind: String, at: String)] = [
            ("Grüße {n, number, ::currency/EUR föo}", "invalidSkeleton", "1:34"),
            ("日本 {d, date, ::yMMMdé}", "invalidSkeleton", "1:21"),
            ("ça <b>x</i>", "mismatchedTag", "1:8"),
            ("é{n,\u{2003}plural,\u{00A0}one{x}}", "missingOtherClause", "1:2"),
            ("ü\nçö {a", "unclosedBrace", "2:4"),
            ("🙂🙂 {n, plural, one {#} oth€r {#}}", "invalidSelector", "1:24"),
        ]
        for (message, kind, at) in errors {
            let error = #expect(throws: MessageParseError.self, "\(message)") { try MessageParser.parse(message) }
            #expect(error.map { Self.name(of: $0.kind) } == kind, "\(message): \(String(describing: error))")
            #expect(error?.location.description == at, "\(message): \(String(describing: error))")
        }
        #expect(
            try MessageParser.parse("é {\u{00A0}n\u{00A0}} '{ü}' <bö a=\"ç\">ß</bö>")
                == [
                    .literal("é "), .argument(name: "n", location: SourceLocation(offset: 2, line: 1, column: 3)),
                    .literal(" {ü} "),
                    .tag(
                        name: "bö", attributes: [TagAttribute(name: "a", value: "ç")], children: [.literal("ß")],
                        location: SourceLocation(offset: 14, line: 1, column: 15)),
                ])
    }

    @Test func buildsATypedTreeWithLocations() throws {
        let elements = try MessageParser.parse("Hi {name}, {n, plural, offset:1 =0 {none} one {# more} other {# more}}")
        #expect(elements.count == 4)
        #expect(elements[0] == .literal("Hi "))
        guard case .argument(let name, let location) = elements[1] else {
            Issue.record("expected an argument")
            return
        }
        #expect(name == "name")
        #expect(location == SourceLocation(offset: 3, line: 1, column: 4))
        guard case .plural(let plural) = elements[3] else {
            Issue.record("expected a plural")
            return
        }
        #expect(plural.offset == 1)
        #expect(plural.cases.map(\.selector) == [.exact(MessageNumber(0)), .category(.one), .category(.other)])
        #expect(
            plural.cases[1].message == [
                .pound(location: SourceLocation(offset: 47, line: 1, column: 48)), .literal(" more"),
            ])
    }

    @Test func parsesStylesAndTags() throws {
        let elements = try MessageParser.parse(
            "{a, number, ::currency/EUR .00}{b, date, full}{c, time, ::Hm}<b>x<br/></b>")
        #expect(
            elements[0]
                == .number(
                    name: "a", style: .skeleton("currency/EUR .00"),
                    location: SourceLocation(offset: 0, line: 1, column: 1)))
        guard case .dateTime(_, false, .full, _) = elements[1] else {
            Issue.record("expected a full date")
            return
        }
        guard case .dateTime(_, true, .skeleton("Hm"), _) = elements[2] else {
            Issue.record("expected a time skeleton")
            return
        }
        guard case .tag("b", [], let children, _) = elements[3] else {
            Issue.record("expected a tag")
            return
        }
        #expect(children.count == 2)
    }

    /// An opening tag may carry double-quoted attributes, taken as written, and prints back with them; an attribute
    /// without a quoted value leaves the tag unclosed, as formatjs's reading of any attribute does.
    @Test func tagsCarryAttributes() throws {
        let source = #"<a href="https://e.org/?a=1&b={x}" title="it's">go {n}</a> <br class="x"/>"#
        let elements = try MessageParser.parse(source)
        guard case .tag("a", let attributes, let children, _) = elements[0] else {
            Issue.record("expected a link")
            return
        }
        #expect(
            attributes == [
                TagAttribute(name: "href", value: "https://e.org/?a=1&b={x}"),
                TagAttribute(name: "title", value: "it's"),
            ])
        #expect(children.count == 2)
        guard case .tag("br", [TagAttribute(name: "class", value: "x")], [], _) = elements[2] else {
            Issue.record("expected a standalone tag with its attribute")
            return
        }
        #expect(MessageElement.source(of: elements) == source)
        for broken in [#"<a href>x</a>"#, #"<a href=x>x</a>"#, #"<a href="x>x</a>"#, #"<a href='x'>x</a>"#] {
            #expect(throws: MessageParseError.self, "\(broken)") { try MessageParser.parse(broken) }
        }
    }

    @Test func listsArgumentNames() throws {
        let elements = try MessageParser.parse("{a} {n, plural, one {{b}} other {{c, number} {a}}} <i>{d}</i>")
        #expect(MessageElement.argumentNames(in: elements) == ["a", "n", "b", "c", "d"])
    }

    /// Well-formed messages nested past the limit say so, with the limit, rather than "Unclosed '{'"; one level
    /// less parses.
    @Test(arguments: [
        ("{n, plural, one {", "} other {x}}"), ("{a, select, other {", "}}"), ("<b>", "</b>"),
    ])
    func nestingPastTheLimitSaysSo(_ open: String, _ close: String) throws {
        let limit = MessageParser.maximumDepth
        func nested(_ levels: Int) -> String {
            String(repeating: open, count: levels) + "x" + String(repeating: close, count: levels)
        }
        #expect(throws: Never.self) { try MessageParser.parse(nested(limit)) }
        for levels in [limit + 1, 100, 200] {
            let error = #expect(throws: MessageParseError.self) { try MessageParser.parse(nested(levels)) }
            #expect(error?.kind == .tooDeep(limit: limit))
            #expect(
                error?.description.hasPrefix("Nested deeper than 64 levels of plural, select and tags at 1:") == true)
        }
    }

    /// A plural or select of 10,000 cases parses; one more is refused, naming the limit, before the parser goes on
    /// (a select's cases were each checked against all before it: 40,000 took 3.4 s of a widget's render).
    @Test func casesAreBoundedAndCheckedOnce() throws {
        func select(_ count: Int) -> String {
            "{k, select, " + (0..<count - 1).map { "k\($0) {x}" }.joined(separator: " ") + " other {y}}"
        }
        func plural(_ count: Int) -> String {
            "{n, plural, " + (0..<count - 1).map { "=\($0) {x}" }.joined(separator: " ") + " other {y}}"
        }
        for make in [select, plural] {
            guard case .select(let element)? = try MessageParser.parse(make(MessageParser.maximumCases)).first else {
                guard case .plural(let element)? = try MessageParser.parse(make(MessageParser.maximumCases)).first
                else {
                    Issue.record("expected a plural or a select")
                    continue
                }
                #expect(element.cases.count == MessageParser.maximumCases)
                continue
            }
            #expect(element.cases.count == MessageParser.maximumCases)
        }
        for message in [select(MessageParser.maximumCases + 1), plural(40_000), select(100_000)] {
            let error = #expect(throws: MessageParseError.self) { try MessageParser.parse(message) }
            #expect(error?.code == .tooManyCases, "\(error?.description ?? "")")
            #expect(error?.description == "More than 10000 cases in one plural or select at 1:1")
        }
    }

    static func name(of kind: MessageParseError.Kind) -> String {
        switch kind {
        case .unclosedBrace: "unclosedBrace"
        case .expectedArgumentName: "expectedArgumentName"
        case .expectedCommaOrBrace: "expectedCommaOrBrace"
        case .unknownArgumentType: "unknownArgumentType"
        case .missingOtherClause: "missingOtherClause"
        case .invalidOffset: "invalidOffset"
        case .duplicateSelector: "duplicateSelector"
        case .invalidSelector: "invalidSelector"
        case .expectedCaseMessage: "expectedCaseMessage"
        case .expectedCases: "expectedCases"
        case .invalidSkeleton: "invalidSkeleton"
        case .unknownZoneField: "unknownZoneField"
        case .unclosedTag: "unclosedTag"
        case .mismatchedTag: "mismatchedTag"
        case .tooDeep: "tooDeep"
        case .tooManyCases: "tooManyCases"
        }
    }
}
