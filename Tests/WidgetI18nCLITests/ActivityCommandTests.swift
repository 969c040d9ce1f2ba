import Foundation
import TestSupport
import Testing

/// `activity payload` and the `delivery` activity's previews and layout check, run as a developer would, on the
/// bundled Locales/.
@Suite struct ActivityCommandTests {
    static let moment = ["--from", "2026-12-03T18:00:00Z", "--time-zone", "Europe/Istanbul"]
    /// A state as a server writes it: keys and arguments, the arrival in seconds since 2001 (2026-12-03T18:12:00Z,
    /// 12 minutes after the moment the previews are made at).
    static let state =
        #"{"status": {"key": "delivery.status.onTheWay"}, "courier": "Ayşe", "stops": 3, "arrival": 818014320}"#

    private func prepared() throws -> CLIHarness {
        let cli = try CLIHarness()
        #expect(try cli.run(["fetch", "--all", "--quiet"]).status == 0)
        try Data(Self.state.utf8).write(to: URL(fileURLWithPath: cli.directory.appending("state.json")))
        return cli
    }

    /// The payload carries the state as it was given, an alert by key with its arguments in the catalog's order,
    /// and nothing else.
    @Test func thePayloadIsTheStateAndAnAlertByKey() throws {
        let cli = try prepared()
        defer { cli.remove() }
        let result = try cli.run([
            "activity", "payload", "--widget", "delivery", "--state", "state.json", "--alert",
            "delivery.alert.arrived", "store=Acme", "courier=Ayşe", "--title", "delivery.alert.title",
            "--timestamp", "2026-12-03T18:00:00Z",
        ])
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any])
        let aps = try #require(object["aps"] as? [String: Any])
        #expect(Set(aps.keys) == ["timestamp", "event", "content-state", "alert"])
        #expect(aps["timestamp"] as? Int == 1_796_320_800 && aps["event"] as? String == "update")
        let given = try JSONSerialization.jsonObject(with: Data(Self.state.utf8)) as? NSDictionary
        #expect((aps["content-state"] as? NSDictionary) == given)
        let alert = try #require(aps["alert"] as? [String: Any])
        let body = try #require(alert["body"] as? [String: Any])
        #expect(body["loc-args"] as? [String] == ["Ayşe", "Acme"])
        #expect(body["loc-key"] as? String == "delivery.alert.arrived")
        #expect((alert["title"] as? [String: Any])?["loc-key"] as? String == "delivery.alert.title")
    }

    /// A state over ActivityKit's 4 KB is refused, exit 1, naming its size and the limit, with nothing on stdout;
    /// so are an alert's missing argument and one whose catalog specifier is a number.
    @Test func anOversizedStateOrAnAlertThatDoesNotFitIsRefused() throws {
        let cli = try prepared()
        defer { cli.remove() }
        let big = Self.state.replacingOccurrences(of: "Ayşe", with: String(repeating: "Ayşe", count: 1_000))
        try Data(big.utf8).write(to: URL(fileURLWithPath: cli.directory.appending("big.json")))
        let refused = try cli.run(["activity", "payload", "--widget", "delivery", "--state", "big.json"])
        #expect(refused.status == 1 && refused.standardOutput.isEmpty, "\(refused)")
        // 5,000 bytes of the name alone (ş is two bytes of UTF-8), more with the rest of the state.
        let size = refused.standardError.split(separator: " ").firstIndex(of: "bytes").map {
            Int(refused.standardError.split(separator: " ")[$0 - 1]) ?? 0
        }
        #expect((size ?? 0) > 5_000 && refused.standardError.contains("limit of 4 KB"), "\(refused)")
        let missing = try cli.run([
            "activity", "payload", "--widget", "delivery", "--state", "state.json", "--alert", "delivery.alert.arrived",
            "courier=Ayşe",
        ])
        #expect(missing.status == 64 && missing.standardError.contains("needs store="), "\(missing)")
        let number = try cli.run([
            "activity", "payload", "--widget", "delivery", "--state", "state.json", "--alert", "delivery.stops",
            "stops=3",
        ])
        #expect(number.status == 1 && number.standardError.contains("%lld"), "\(number)")
        try Data("{\"courier\": 3}".utf8).write(to: URL(fileURLWithPath: cli.directory.appending("bad.json")))
        let bad = try cli.run(["activity", "payload", "--widget", "delivery", "--state", "bad.json"])
        #expect(bad.status == 1 && bad.standardError.contains("not a delivery state"), "\(bad)")
        // A FIFO would block the command and a directory has no bytes: both are refused, as catalogs are.
        #expect(mkfifo(cli.directory.appending("fifo"), 0o600) == 0)
        for (path, reason) in [("fifo", "it is a FIFO"), (".", "it is a directory")] {
            let refused = try cli.run(["activity", "payload", "--widget", "delivery", "--state", path])
            #expect(refused.status == 1 && refused.standardError.contains(reason), "\(refused)")
        }
    }

    /// A `stops` that is no whole number or past what an Int holds, and a lone surrogate in a string, were all "The
    /// given data was not valid JSON": each is named for what it is, exit 1, nothing on stdout (issue 53).
    @Test func aStateThatIsNoDeliveryStateNamesTheCause() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let whole = "'stops' must be a whole number from 0 to 9223372036854775807"
        for (stops, courier, reason) in [
            ("2.5", "Ayşe", whole + ", not 2.5"),
            ("18446744073709551616", "Ayşe", whole + ", not 18446744073709551616"),
            ("-1", "Ayşe", whole + ", not -1"),
            ("1e400", "Ayşe", whole),
            ("3", #"\ud800"#, #"the JSON holds an unpaired surrogate \ud800, which is not text"#),
            ("3", #"Ay\uDC00"#, #"the JSON holds an unpaired surrogate \uDC00, which is not text"#),
            ("3", #"\ud800\u0041"#, #"the JSON holds an unpaired surrogate \ud800, which is not text"#),
        ] {
            let state = Self.state.replacingOccurrences(of: "\"stops\": 3", with: "\"stops\": \(stops)")
                .replacingOccurrences(of: "Ayşe", with: courier)
            try Data(state.utf8).write(to: URL(fileURLWithPath: cli.directory.appending("state.json")))
            let result = try cli.run(["activity", "payload", "--widget", "delivery", "--state", "state.json"])
            #expect(result.status == 1 && result.standardOutput.isEmpty, "\(state): \(result)")
            #expect(
                result.standardError == "error: The state 'state.json' is not a delivery state (\(reason))\n",
                "\(state)")
        }
        // A pair is text, and 1e3 a whole number.
        let state = Self.state.replacingOccurrences(of: "\"stops\": 3", with: "\"stops\": 1e3")
            .replacingOccurrences(of: "Ayşe", with: #"\ud83d\ude9a"#)
        try Data(state.utf8).write(to: URL(fileURLWithPath: cli.directory.appending("state.json")))
        let result = try cli.run(["activity", "payload", "--widget", "delivery", "--state", "state.json"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.standardOutput.contains(#""courier":"🚚""#) && result.standardOutput.contains(#""stops":1000}"#),
            "\(result)")
    }

    /// `preview --widget delivery` draws the four presentations in every bundled locale at their sizes, and the
    /// layout check finds every line of every entry of the countdown fits.
    @Test func theActivityIsDrawnInEveryPresentationAndLocaleAndFits() throws {
        let cli = try prepared()
        defer { cli.remove() }
        let result = try cli.run(
            ["preview", "--widget", "delivery", "--all-locales", "--out", "previews", "--state", "state.json"]
                + Self.moment)
        #expect(result.status == 0, "\(result)")
        let directory = cli.directory.appending("previews")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory + "/report.json")))
                as? [String: Any])
        let images = try #require(report["images"] as? [[String: Any]])
        #expect(images.count == 4 * 10)
        let sizes = [
            "lockScreen": (742, 320), "islandExpanded": (742, 320), "islandCompact": (105, 73),
            "islandMinimal": (73, 73),
        ]
        for image in images {
            let family = try #require(image["family"] as? String)
            #expect(image["width"] as? Int == sizes[family]?.0 && image["height"] as? Int == sizes[family]?.1)
            let png = try #require(image["png"] as? String)
            #expect(FileManager.default.fileExists(atPath: directory + "/" + png), "\(png)")
        }
        let check = try cli.run(["check", "--layout", "--widget", "delivery", "--state", "state.json"] + Self.moment)
        #expect(check.status == 0, "\(check)")
        #expect(check.standardOutput.contains("1 widget × 4 families × 10 locales: 0 do not fit"), "\(check)")
    }
}
