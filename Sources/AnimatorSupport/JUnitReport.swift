/// A test report in the JUnit XML format CI services read (GitHub Actions reporters,
/// GitLab, Jenkins, Buildkite): `testsuites` holding `testsuite`s of `testcase`s, each
/// passed, failed (`failure`), in error (`error`) or skipped (`skipped`). The counts are
/// derived from the cases; no time is written, so the same results give the same bytes.
public struct JUnitReport: Sendable, Equatable {
    /// How one case ended.
    public enum Outcome: Sendable, Equatable {
        /// It passed; `note` (a warning, "recorded") goes to its standard output.
        case passed(note: String?)
        /// An assertion did not hold: a one-line message and the whole text.
        case failed(message: String, details: String)
        /// It could not run: a one-line message and the whole text.
        case error(message: String, details: String)
        /// It was not run, and why.
        case skipped(message: String)
    }

    /// One test case.
    public struct Case: Sendable, Equatable {
        /// Its name.
        public var name: String
        /// What it belongs to (an animator's id, a manifest).
        public var className: String
        /// How it ended.
        public var outcome: Outcome

        /// Creates a case.
        public init(name: String, className: String, outcome: Outcome) {
            self.name = name
            self.className = className
            self.outcome = outcome
        }
    }

    /// One suite of cases.
    public struct Suite: Sendable, Equatable {
        /// Its name.
        public var name: String
        /// Its cases, in order.
        public var cases: [Case]

        /// Creates a suite.
        public init(name: String, cases: [Case]) {
            self.name = name
            self.cases = cases
        }
    }

    /// The report's name (the command).
    public var name: String
    /// Its suites, in order.
    public var suites: [Suite]

    /// Creates a report.
    public init(name: String, suites: [Suite]) {
        self.name = name
        self.suites = suites
    }

    /// The XML document.
    public var xml: String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let all = suites.flatMap(\.cases)
        text += "<testsuites name=\"\(Self.escape(name))\"" + Self.counts(all) + ">\n"
        for suite in suites {
            text += "  <testsuite name=\"\(Self.escape(suite.name))\"" + Self.counts(suite.cases) + ">\n"
            for testCase in suite.cases {
                text += "    <testcase name=\"\(Self.escape(testCase.name))\" classname=\"\(Self.escape(testCase.className))\""
                switch testCase.outcome {
                case .passed(nil):
                    text += "/>\n"
                    continue
                case .passed(let note?):
                    text += ">\n      <system-out>\(Self.escape(note))</system-out>\n"
                case .failed(let message, let details):
                    text += ">\n      <failure message=\"\(Self.escape(message))\" type=\"failure\">\(Self.escape(details))</failure>\n"
                case .error(let message, let details):
                    text += ">\n      <error message=\"\(Self.escape(message))\" type=\"error\">\(Self.escape(details))</error>\n"
                case .skipped(let message):
                    text += ">\n      <skipped message=\"\(Self.escape(message))\"/>\n"
                }
                text += "    </testcase>\n"
            }
            text += "  </testsuite>\n"
        }
        return text + "</testsuites>\n"
    }

    /// ` tests="N" failures="F" errors="E" skipped="S"`.
    private static func counts(_ cases: [Case]) -> String {
        var failures = 0, errors = 0, skipped = 0
        for testCase in cases {
            switch testCase.outcome {
            case .passed: break
            case .failed: failures += 1
            case .error: errors += 1
            case .skipped: skipped += 1
            }
        }
        return " tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\""
    }

    /// Text made safe for XML attributes and content: the five markup characters as
    /// entities, and characters XML 1.0 cannot hold (controls but tab, line feed and
    /// carriage return) written out as `\u{1b}`, as the host shows untrusted text.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
