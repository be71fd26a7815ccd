import Testing
@testable import AnimatorSupport

/// The JUnit document, against a hand-written one.
@Suite struct JUnitReportTests {
    @Test func aReportOfEveryOutcomeReadsAsWrittenByHand() {
        let report = JUnitReport(name: "animator-host snapshot", suites: [
            JUnitReport.Suite(name: "snapshots.json", cases: [
                JUnitReport.Case(name: "a", className: "m", outcome: .passed(note: nil)),
                JUnitReport.Case(name: "b", className: "m", outcome: .passed(note: "warning: slow")),
                JUnitReport.Case(name: "c", className: "m", outcome: .failed(message: "1 pixel", details: "1 pixel\nmore")),
                JUnitReport.Case(name: "d", className: "m", outcome: .error(message: "crashed", details: "crashed")),
                JUnitReport.Case(name: "e", className: "m", outcome: .skipped(message: "recorded")),
            ]),
            JUnitReport.Suite(name: "empty", cases: []),
        ])
        #expect(report.xml == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="animator-host snapshot" tests="5" failures="1" errors="1" skipped="1">
              <testsuite name="snapshots.json" tests="5" failures="1" errors="1" skipped="1">
                <testcase name="a" classname="m"/>
                <testcase name="b" classname="m">
                  <system-out>warning: slow</system-out>
                </testcase>
                <testcase name="c" classname="m">
                  <failure message="1 pixel" type="failure">1 pixel
            more</failure>
                </testcase>
                <testcase name="d" classname="m">
                  <error message="crashed" type="error">crashed</error>
                </testcase>
                <testcase name="e" classname="m">
                  <skipped message="recorded"/>
                </testcase>
              </testsuite>
              <testsuite name="empty" tests="0" failures="0" errors="0" skipped="0">
              </testsuite>
            </testsuites>

            """)
    }

    @Test func markupAndControlCharactersFromPluginsCannotBreakTheDocument() {
        #expect(JUnitReport.escape(#"<a href="x">Tom & 'Jerry'</a>"#)
                == "&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;")
        // XML 1.0 cannot hold most control characters at all: written out, as the host shows them.
        #expect(JUnitReport.escape("red \u{1b}[31m\u{0}\u{7f}") == "red \\u{1b}[31m\\u{0}\\u{7f}")
        #expect(JUnitReport.escape("tab\tline\nreturn\r") == "tab\tline\nreturn\r")
        #expect(JUnitReport.escape("é ✓ 🎞") == "é ✓ 🎞")
    }
}
