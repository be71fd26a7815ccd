import AnimatorEngine
import AnimatorRendering
import AnimatorRuns
import AnimatorSupport

/// The HTML report of a verification: every case's status, and for each that differs its
/// findings, its kept pictures as golden / actual / diff side by side, and a scrubber that
/// steps through the golden and actual runs frame by frame with their diff. One file,
/// pictures inline, no scripts from elsewhere.
public enum SnapshotReport {
    /// The page for `outcomes`.
    public static func page(_ outcomes: [SnapshotVerifier.Outcome], manifest: String) -> String {
        let differing = outcomes.filter { $0.status == .differed || $0.status == .missing }
        var body = "<h1>Snapshots: \(differing.count) of \(outcomes.count) case\(outcomes.count == 1 ? "" : "s") differ</h1>\n"
        body += "<p class=\"muted\">\(HTMLPage.escaped(manifest))</p>\n<ul class=\"cases\">\n"
        for outcome in outcomes {
            body += "<li class=\"\(outcome.status.rawValue)\"><b>\(HTMLPage.escaped(outcome.snapshotCase.name))</b>: \(outcome.status.rawValue)</li>\n"
        }
        body += "</ul>\n"
        var scrubbed: [(name: String, golden: [String], actual: [String], diff: [String], times: [Double])] = []
        for outcome in differing {
            body += "<section><h2>\(HTMLPage.escaped(outcome.snapshotCase.name))</h2>\n<ul>\n"
            for finding in outcome.findings { body += "<li>\(HTMLPage.escaped(finding))</li>\n" }
            body += "</ul>\n"
            for picture in outcome.pictures where !picture.matches {
                body += "<h3>\(HTMLPage.escaped(picture.fileName)): \(HTMLPage.escaped(picture.label))</h3>\n<div class=\"row\">\n"
                if let golden = picture.golden {
                    let diff = PixelComparison.diffImage(golden: golden, actual: picture.actual,
                                                         threshold: outcome.snapshotCase.tolerance.pixelThreshold)
                    body += figure("golden", golden) + figure("actual", picture.actual) + figure("diff", diff)
                } else {
                    body += figure("actual", picture.actual)
                }
                body += "</div>\n"
            }
            body += "</section>\n"
            if let golden = outcome.goldenRecording {
                scrubbed.append(frames(golden: golden, actual: outcome.actualRecording, outcome: outcome))
            }
        }
        if !scrubbed.isEmpty {
            body += """
                <section id="player"><h2>Frame by frame</h2>
                <p><select id="case">\(scrubbed.enumerated().map { "<option value=\"\($0.offset)\">\(HTMLPage.escaped($0.element.name))</option>" }.joined())</select>
                <input type="range" id="scrubber" min="0" max="0" step="1" value="0"> <span id="readout"></span></p>
                <div class="row"><figure><img id="golden" alt="golden"><figcaption>golden</figcaption></figure>
                <figure><img id="frame" alt="actual"><figcaption>actual</figcaption></figure>
                <figure><img id="diff" alt="diff"><figcaption>diff</figcaption></figure></div>
                <p class="muted">← → step a frame.</p></section>

                """
            let data = scrubbed.map { item in
                "{name:\(jsString(item.name)),times:[\(item.times.map { JSONValue.format(($0 * 1000).rounded() / 1000) }.joined(separator: ","))],"
                    + "golden:[\(item.golden.map(jsString).joined(separator: ","))],"
                    + "actual:[\(item.actual.map(jsString).joined(separator: ","))],"
                    + "diff:[\(item.diff.map(jsString).joined(separator: ","))]}"
            }
            body += "<script>\nconst cases = [\(data.joined(separator: ",\n"))];\n" + script + "</script>\n"
        }
        return HTMLPage.document(title: "Snapshot report — animator-host", style: style,
                                 body: Self.body.replacing("{{BODY}}", with: body))
    }

    /// The pictures written beside the page for each differing picture of each case:
    /// `<case>/<name>-actual.png` and `<case>/<name>-diff.png` (the golden one faded,
    /// differing pixels magenta), as paths relative to the report folder.
    public static func files(_ outcomes: [SnapshotVerifier.Outcome]) -> [(path: String, bytes: [UInt8])] {
        var files: [(String, [UInt8])] = []
        for outcome in outcomes where outcome.status == .differed {
            for picture in outcome.pictures where !picture.matches {
                let stem = outcome.snapshotCase.name + "/" + String(picture.fileName.dropLast(4))
                files.append((stem + "-actual.png", PNGEncoder.encode(picture.actual, level: .fast)))
                if let golden = picture.golden {
                    let diff = PixelComparison.diffImage(golden: golden, actual: picture.actual,
                                                         threshold: outcome.snapshotCase.tolerance.pixelThreshold)
                    files.append((stem + "-diff.png", PNGEncoder.encode(diff, level: .fast)))
                }
            }
        }
        return files
    }

    /// Every frame of both runs (by index; the shorter run shows nothing past its end),
    /// as PNG data URLs, with the diff of each pair.
    private static func frames(golden: Recording, actual: Recording, outcome: SnapshotVerifier.Outcome)
        -> (name: String, golden: [String], actual: [String], diff: [String], times: [Double]) {
        let scale = outcome.snapshotCase.scale
        let g = golden.playback(), a = actual.playback()
        let goldenImages = FrameRendering.render(Array(g.frames), scale: scale)
        let actualImages = FrameRendering.render(Array(a.frames), scale: scale)
        let count = max(goldenImages.count, actualImages.count)
        let threshold = outcome.snapshotCase.tolerance.pixelThreshold
        let urls = Parallel.map(count) { index, _ -> (String, String, String) in
            let golden = index < goldenImages.count ? goldenImages[index] : nil
            let actual = index < actualImages.count ? actualImages[index] : nil
            var diff: Image?
            if let golden, let actual { diff = PixelComparison.diffImage(golden: golden, actual: actual, threshold: threshold) }
            return (golden.map(dataURL) ?? "", actual.map(dataURL) ?? "", (diff ?? golden ?? actual).map(dataURL) ?? "")
        }
        let times = (0..<count).map { index in index < a.times.count ? a.times[index] : g.times[index] }
        return (outcome.snapshotCase.name, urls.map(\.0), urls.map(\.1), urls.map(\.2), times)
    }

    private static func figure(_ caption: String, _ image: Image) -> String {
        "<figure><img src=\"\(dataURL(image))\" alt=\"\(caption)\"><figcaption>\(caption)</figcaption></figure>\n"
    }

    private static func dataURL(_ image: Image) -> String {
        "data:image/png;base64," + Base64.encode(PNGEncoder.encode(image, level: .fast))
    }

    /// A JavaScript string literal (JSON's), safe inside a script element.
    private static func jsString(_ text: String) -> String {
        JSONValue.string(text).serialized().replacing("</", with: "<\\/")
    }

    private static let script = """
        const picker = document.getElementById('case'), scrubber = document.getElementById('scrubber');
        const readout = document.getElementById('readout');
        function show() {
          const c = cases[Number(picker.value)], i = Number(scrubber.value);
          document.getElementById('golden').src = c.golden[i] || '';
          document.getElementById('frame').src = c.actual[i] || '';
          document.getElementById('diff').src = c.diff[i] || '';
          readout.textContent = c.name + ': ' + c.times[i] + ' s, frame ' + (i + 1) + '/' + c.times.length;
        }
        function pick() {
          scrubber.max = String(cases[Number(picker.value)].times.length - 1);
          scrubber.value = '0';
          show();
        }
        picker.addEventListener('change', pick);
        scrubber.addEventListener('input', show);
        document.addEventListener('keydown', (e) => {
          if (e.target === picker) return;
          const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
          if (!step) return;
          e.preventDefault();
          scrubber.value = String(Math.min(Math.max(Number(scrubber.value) + step, 0), Number(scrubber.max)));
          show();
        });
        pick();

        """

    private static let style = """
          body { font: 14px system-ui, sans-serif; margin: 16px; background: #f4f4f5; color: #18181b; }
          .muted { color: #71717a; }
          .cases li.differed, .cases li.missing { color: #b91c1c; }
          .cases li.matched { color: #15803d; }
          section { background: #fff; border-radius: 8px; padding: 8px 16px; margin: 16px 0; }
          .row { display: flex; gap: 16px; align-items: flex-start; flex-wrap: wrap; }
          figure { margin: 0; }
          figure img { max-width: 360px; max-height: 560px; display: block; border: 1px solid #d4d4d8; }
          figcaption { text-align: center; color: #52525b; }
          #scrubber { width: 480px; vertical-align: middle; }
        """

    private static let body = """
        {{BODY}}

        """
}
