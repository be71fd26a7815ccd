import AnimatorEngine
import AnimatorRendering
import AnimatorRuns
import AnimatorSupport

/// The HTML report of a verification: every case's status, and for each that differs its
/// findings, its kept pictures as golden / actual / diff side by side, and a scrubber that
/// steps through the golden and actual runs frame by frame with their diff (drawn by the
/// page from the two frames, by `PixelComparison.diffImage`'s rule). One file, pictures
/// inline, each distinct picture once, no scripts from elsewhere.
public enum SnapshotReport {
    /// The page for `outcomes`.
    public static func page(_ outcomes: [SnapshotVerifier.Outcome], manifest: String) -> String {
        report(outcomes, manifest: manifest).page
    }

    /// The pictures written beside the page for each differing picture of each case:
    /// `<case>/<name>-actual.png` and `<case>/<name>-diff.png` (the golden one faded,
    /// differing pixels magenta), as paths relative to the report folder.
    public static func files(_ outcomes: [SnapshotVerifier.Outcome]) -> [(path: String, bytes: [UInt8])] {
        report(outcomes, manifest: "").files
    }

    /// The page and the pictures beside it (see `page` and `files`), held whole: what
    /// `write` hands out, gathered.
    public static func report(_ outcomes: [SnapshotVerifier.Outcome], manifest: String)
        -> (page: String, files: [(path: String, bytes: [UInt8])]) {
        var page = "", files: [(path: String, bytes: [UInt8])] = []
        write(outcomes, manifest: manifest, page: { page += $0 }, file: { files.append(($0, $1)) })
        return (page, files)
    }

    /// Writes the report as it is made: the page through `emit`, a piece at a time and in
    /// order, and each file beside it (see `files`) through `file`, a case at a time. Memory
    /// never holds the whole page, nor any case's frames' pixels.
    ///
    /// The work goes to all cores in windows: the first encodes every differing case's kept
    /// pictures (a case keeps a few, too few to keep the cores busy on their own) with the
    /// scrubber's first frames; each frame is drawn and encoded by one thread, straight into
    /// the memory of that worker's `PNGFrameSequence` for the canvas (never copied), which
    /// keeps the strips of rows that did not change since the worker's frame before.
    /// In each window one task, alongside the drawing, writes the pictures of the window
    /// before and plans the cases whose frames come next (`ScrubberPlan`), so that the cores
    /// do not wait for that work, nor for each other at the end of each case (a manifest of
    /// many short cases keeps them as busy as one long case). `emit` is called one call at
    /// a time, not always from the calling thread, and `file` likewise (a call of one never
    /// overlaps a call of the other); the first error `file` throws ends the report.
    public static func write<E: Error>(_ outcomes: [SnapshotVerifier.Outcome], manifest: String, page emit: (String) -> Void,
                                       file: (_ path: String, _ bytes: [UInt8]) throws(E) -> Void) throws(E) {
        let differing = outcomes.filter { $0.status == .differed || $0.status == .missing }
        // The document around the body, split where the body goes (a NUL cannot be in the
        // title or the style).
        let document = HTMLPage.document(title: "Snapshot report — animator-host", style: style, body: "\u{0}")
            .split(separator: "\u{0}", omittingEmptySubsequences: false)
        precondition(document.count == 2, "the page's template has one body")
        emit(String(document[0]))
        var head = "<h1>Snapshots: \(differing.count) of \(outcomes.count) case\(outcomes.count == 1 ? "" : "s") differ</h1>\n"
        head += "<p class=\"muted\">\(HTMLPage.escaped(manifest))</p>\n<ul class=\"cases\">\n"
        for outcome in outcomes {
            head += "<li class=\"\(outcome.status.rawValue)\"><b>\(HTMLPage.escaped(outcome.snapshotCase.name))</b>: \(outcome.status.rawValue)</li>\n"
        }
        emit(head + "</ul>\n")

        let kept = KeptFiles(differing)
        let scrubbed = differing.filter { $0.goldenRecording != nil }
        let workers = ProcessInfoShim.activeProcessorCount
        // Windows long enough that the cores seldom wait for each other at their ends, short
        // enough that their files (a few hundred kilobytes each at 3x) stay small.
        let window = 32 * workers
        var plan = ScrubberPlan(), pictures = ScrubberPictures()
        var planned = 0
        /// Plans cases until `jobs` frames are planned or every case is.
        func planAhead(until jobs: Int) {
            while planned < scrubbed.count, plan.jobs.count < jobs {
                plan.add(scrubbed[planned], golden: scrubbed[planned].goldenRecording!)
                planned += 1
            }
        }
        planAhead(until: window)
        // Each worker's renderers and sequences of PNG files, one each for each canvas the
        // window draws on (a case's own, kept from window to window: its canvases and caches
        // are made once for the whole case, by the worker, on the worker's thread).
        let workerCanvases = (0..<workers).map { _ in WorkerCanvases() }
        // The kept pictures' files, once encoded, until their sections are written.
        var sections: [[KeptPicture]]? = nil
        var sectionsWritten = false
        var failure: E? = nil
        /// Writes the differing cases' sections (their kept pictures first, then the
        /// scrubber's frames, on the page) and the player's head.
        func writeSections(_ files: [[KeptPicture]]) throws(E) {
            for (outcome, files) in zip(differing, files) { try writeSection(outcome, files: files, page: emit, file: file) }
            if !scrubbed.isEmpty { emit(playerHead(scrubbed)) }
        }
        var previous: [(hash: Int, url: String)] = []
        var start = 0
        repeat {
            // A window draws on at most `canvasesAtOnce` canvases: renderers for a few, not one
            // for every case of a manifest of many sizes (at 3x, 12 MB a canvas a worker).
            var end = start
            var canvases: Set<ScrubberPlan.Canvas> = []
            while end < min(start + window, plan.jobs.count) {
                let canvas = plan.jobs[end].canvas
                if !canvases.contains(canvas) {
                    guard canvases.count < Self.canvasesAtOnce else { break }
                    canvases.insert(canvas)
                }
                end += 1
            }
            let frames = plan.jobs[start..<end].map { (frame: $0.frame!, canvas: $0.canvas) }
            for tools in workerCanvases { tools.keep(only: canvases) }
            let keptCount = sectionsWritten || sections != nil ? 0 : kept.count
            // The first window's task writes nothing: the sections go first, written by the
            // second window's task (or after the last window) once their pictures are made.
            let written = sectionsWritten || sections != nil ? previous : nil, pending = sections
            let made = Parallel.map(1 + keptCount + frames.count, workers: workers) { index, worker -> Made in
                if index == 0 {
                    if let pending {
                        do throws(E) {
                            try writeSections(pending)
                        } catch {
                            failure = error
                        }
                    }
                    if let written { pictures.add(written, plan: plan, to: emit) }
                    planAhead(until: end + window)
                    return .nothing
                }
                if index <= keptCount { return .kept(kept.encode(index - 1)) }
                let (frame, canvas) = frames[index - 1 - keptCount]
                let (renderer, sequence) = workerCanvases[worker].tools(for: canvas)
                let png = sequence.encode { renderer.draw(frame, into: $0) }
                return .picture(hash: png.withUnsafeBytes { Self.hash($0) }, url: "data:image/png;base64," + Base64.encode(png))
            }
            if let failure { throw failure }
            plan.drawn(upTo: end)
            previous = made.dropFirst(1 + keptCount).map {
                guard case .picture(let hash, let url) = $0 else { preconditionFailure("a frame's job makes a picture") }
                return (hash, url)
            }
            if pending != nil {
                sections = nil
                sectionsWritten = true
            } else if !sectionsWritten {
                sections = kept.files(made[1..<(1 + keptCount)].map {
                    guard case .kept(let png) = $0 else { preconditionFailure("a kept picture's job makes a file") }
                    return png
                })
            }
            start = end
        } while start < plan.jobs.count || planned < scrubbed.count
        if let sections { try writeSections(sections) }
        if !scrubbed.isEmpty {
            pictures.add(previous, plan: plan, to: emit)
            emit(script + "</script>\n")
        }
        emit("\n" + String(document[1]))
    }

    /// The most canvases (sizes and scales) one window of the scrubber's frames draws on.
    static let canvasesAtOnce = 4

    /// What a task of a window makes: nothing (the task that writes and plans), a kept
    /// picture's file, or a scrubber frame's (its hash and data URL).
    private enum Made {
        case nothing
        case kept([UInt8])
        case picture(hash: Int, url: String)
    }

    /// The player's markup and the script's start, before the pictures and cases.
    private static func playerHead(_ scrubbed: [SnapshotVerifier.Outcome]) -> String {
        let options = scrubbed.enumerated().map {
            "<option value=\"\($0.offset)\">\(HTMLPage.escaped($0.element.snapshotCase.name))</option>"
        }
        // Data URLs hold nothing a string literal must escape.
        return """
            <section id="player"><h2>Frame by frame</h2>
            <p><select id="case">\(options.joined())</select>
            <input type="range" id="scrubber" min="0" max="0" step="1" value="0"> <span id="readout"></span></p>
            <div class="row"><figure><img id="golden" alt="golden"><figcaption>golden</figcaption></figure>
            <figure><img id="frame" alt="actual"><figcaption>actual</figcaption></figure>
            <figure><canvas id="diff"></canvas><figcaption>diff</figcaption></figure></div>
            <p class="muted">← → step a frame.</p></section>
            <script>
            const pictures = [], cases = [];

            """
    }

    /// The files of every differing case's kept pictures (for each case, for each picture
    /// that does not match, its actual one and, where there is a golden one, the golden
    /// file and their diff, made by the task that encodes it), as tasks for the cores: the
    /// largest first (a diff costs about two pictures), so that no large one is left for
    /// last while the other cores have nothing to do.
    private struct KeptFiles {
        private enum Source { case image(Image), file([UInt8]), diff(golden: Image, actual: Image, threshold: Int) }
        private var sources: [Source] = []
        /// For each case, its pictures' files by source.
        private var plans: [[(picture: Int, golden: Int?, actual: Int, diff: Int?)]] = []
        /// The sources in the order they are encoded.
        private let order: [Int]

        init(_ outcomes: [SnapshotVerifier.Outcome]) {
            for outcome in outcomes {
                var plan: [(picture: Int, golden: Int?, actual: Int, diff: Int?)] = []
                for (index, picture) in outcome.pictures.enumerated() where !picture.matches {
                    sources.append(.image(picture.actual))
                    let actual = sources.count - 1
                    if let golden = picture.golden {
                        // The golden file itself where the verifier kept it: nothing to encode.
                        sources.append(picture.goldenFile.map(Source.file) ?? .image(golden))
                        sources.append(.diff(golden: golden, actual: picture.actual,
                                             threshold: outcome.snapshotCase.tolerance.pixelThreshold))
                        plan.append((index, sources.count - 2, actual, sources.count - 1))
                    } else {
                        plan.append((index, nil, actual, nil))
                    }
                }
                plans.append(plan)
            }
            func cost(_ source: Source) -> Int {
                switch source {
                case .image(let image): image.pixels.count
                case .file: 0
                case .diff(let golden, let actual, _): 2 * max(golden.pixels.count, actual.pixels.count)
                }
            }
            let sources = self.sources
            order = sources.indices.sorted { (cost(sources[$0]), $1) > (cost(sources[$1]), $0) }
        }

        /// How many files there are.
        var count: Int { sources.count }

        /// The file encoded `slot`th.
        func encode(_ slot: Int) -> [UInt8] {
            switch sources[order[slot]] {
            case .image(let image): PNGEncoder.encode(image, level: .fast)
            case .file(let bytes): bytes
            case .diff(let golden, let actual, let threshold):
                PNGEncoder.encode(PixelComparison.diffImage(golden: golden, actual: actual, threshold: threshold), level: .fast)
            }
        }

        /// Each case's kept pictures, from the files in the order they were encoded.
        func files(_ encoded: [[UInt8]]) -> [[KeptPicture]] {
            var pngs = [[UInt8]](repeating: [], count: sources.count)
            for (slot, index) in order.enumerated() { pngs[index] = encoded[slot] }
            return plans.map { plan in
                plan.map { KeptPicture(picture: $0.picture, golden: $0.golden.map { pngs[$0] }, actual: pngs[$0.actual],
                                       diff: $0.diff.map { pngs[$0] }) }
            }
        }
    }

    /// One worker's renderer and sequence of PNG files for each canvas it draws on, made on
    /// first use (on the worker's thread); only that worker uses them.
    private final class WorkerCanvases {
        private var tools: [ScrubberPlan.Canvas: (SceneRenderer, PNGFrameSequence)] = [:]

        /// The renderer and sequence for `canvas`.
        func tools(for canvas: ScrubberPlan.Canvas) -> (SceneRenderer, PNGFrameSequence) {
            if let made = tools[canvas] { return made }
            let renderer = SceneRenderer(size: canvas.size, scale: canvas.scale)
            let made = (renderer, PNGFrameSequence(width: renderer.width, height: renderer.height, level: .fast))
            tools[canvas] = made
            return made
        }

        /// Lets go of the tools of canvases not in `canvases`.
        func keep(only canvases: Set<ScrubberPlan.Canvas>) {
            tools = tools.filter { canvases.contains($0.key) }
        }
    }

    /// A kept picture that does not match, as PNG files: its index in the case's pictures.
    private struct KeptPicture {
        let picture: Int
        let golden: [UInt8]?, actual: [UInt8], diff: [UInt8]?
    }

    /// One differing case's section: its findings and its kept pictures (golden, actual
    /// and diff side by side, or the actual alone; `files`, from `KeptFiles`), each
    /// picture's files written beside the page when the case differed.
    private static func writeSection<E: Error>(_ outcome: SnapshotVerifier.Outcome, files kept: [KeptPicture],
                                               page emit: (String) -> Void,
                                               file: (_ path: String, _ bytes: [UInt8]) throws(E) -> Void) throws(E) {
        if outcome.status == .differed {
            for entry in kept {
                let stem = outcome.snapshotCase.name + "/" + String(outcome.pictures[entry.picture].fileName.dropLast(4))
                try file(stem + "-actual.png", entry.actual)
                if let diff = entry.diff { try file(stem + "-diff.png", diff) }
            }
        }
        func figure(_ caption: String, _ png: [UInt8]) -> String {
            "<figure><img src=\"data:image/png;base64,\(Base64.encode(png))\" alt=\"\(caption)\">"
                + "<figcaption>\(caption)</figcaption></figure>\n"
        }
        var body = "<section><h2>\(HTMLPage.escaped(outcome.snapshotCase.name))</h2>\n<ul>\n"
        for finding in outcome.findings { body += "<li>\(HTMLPage.escaped(finding))</li>\n" }
        emit(body + "</ul>\n")
        for entry in kept {
            let picture = outcome.pictures[entry.picture]
            body = "<h3>\(HTMLPage.escaped(picture.fileName)): \(HTMLPage.escaped(picture.label))</h3>\n<div class=\"row\">\n"
            if let golden = entry.golden, let diff = entry.diff {
                body += figure("golden", golden) + figure("actual", entry.actual) + figure("diff", diff)
            } else {
                body += figure("actual", entry.actual)
            }
            emit(body + "</div>\n")
        }
        emit("</section>\n")
    }

    /// FNV-1a over the bytes, eight at a time, in four interleaved lanes (one lane is a
    /// chain of dependent multiplications; four keep the multiplier busy), the lanes mixed
    /// at the end. Only a key for finding equal pictures: they are then compared whole.
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0xCBF2_9CE4_8422_2325, 0x84222325CBF29CE4, 0x9CE48422_2325CBF2, 0x2325CBF2_9CE48422)
        var offset = 0
        while offset + 32 <= bytes.count {
            lanes.0 = (lanes.0 ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* prime
            lanes.1 = (lanes.1 ^ bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)) &* prime
            lanes.2 = (lanes.2 ^ bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)) &* prime
            lanes.3 = (lanes.3 ^ bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)) &* prime
            offset += 32
        }
        var hash = lanes.0
        for lane in [lanes.1, lanes.2, lanes.3] { hash = (hash ^ lane) &* prime }
        while offset < bytes.count {
            hash = (hash ^ UInt64(bytes[offset])) &* prime
            offset += 1
        }
        return Int(truncatingIfNeeded: hash)
    }

    /// A JavaScript string literal (JSON's), safe inside a script element.
    static func jsString(_ text: String) -> String {
        JSONValue.string(text).serialized().replacing("</", with: "<\\/")
    }

    private static let script = """
        const picker = document.getElementById('case'), scrubber = document.getElementById('scrubber');
        const readout = document.getElementById('readout'), diffCanvas = document.getElementById('diff');
        let shown = 0;
        // A picture's RGBA bytes, through a canvas of its own size.
        function pixels(image) {
          const canvas = document.createElement('canvas');
          canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
          const context = canvas.getContext('2d');
          context.drawImage(image, 0, 0);
          return context.getImageData(0, 0, canvas.width, canvas.height).data;
        }
        function load(url) {
          const image = new Image();
          image.src = url;
          return image.decode().then(() => image);
        }
        // The diff as the verifier draws it: the golden frame in faded grey, pixels more than
        // the threshold apart in some channel magenta (stronger for larger differences),
        // pixels only one side has magenta; a frame only one run has, as it is.
        function drawDiff(c, i, generation) {
          const g = c.golden[i], a = c.actual[i];
          if (g < 0 && a < 0) return;
          diffCanvas.drawn = Promise.all([g < 0 ? null : load(pictures[g]), a < 0 ? null : load(pictures[a])]).then(([golden, actual]) => {
            if (generation !== shown) return;
            const only = golden || actual;
            const width = Math.max(golden ? golden.naturalWidth : 0, actual ? actual.naturalWidth : 0);
            const height = Math.max(golden ? golden.naturalHeight : 0, actual ? actual.naturalHeight : 0);
            diffCanvas.width = width; diffCanvas.height = height;
            const context = diffCanvas.getContext('2d');
            if (!golden || !actual) { context.drawImage(only, 0, 0); return; }
            const gp = pixels(golden), ap = pixels(actual), out = context.createImageData(width, height), o = out.data;
            const gw = golden.naturalWidth, gh = golden.naturalHeight, aw = actual.naturalWidth, ah = actual.naturalHeight;
            for (let y = 0; y < height; y++) {
              for (let x = 0; x < width; x++) {
                const k = 4 * (y * width + x);
                let r = 255, gr = 0, b = 255;
                if (x < gw && y < gh) {
                  const j = 4 * (y * gw + x);
                  const luma = Math.floor((gp[j] * 299 + gp[j + 1] * 587 + gp[j + 2] * 114) / 1000);
                  r = gr = b = 200 + Math.floor(luma * 55 / 255);
                  if (x < aw && y < ah) {
                    const m = 4 * (y * aw + x);
                    const distance = Math.max(Math.abs(gp[j] - ap[m]), Math.abs(gp[j + 1] - ap[m + 1]),
                                              Math.abs(gp[j + 2] - ap[m + 2]), Math.abs(gp[j + 3] - ap[m + 3]));
                    if (distance > c.threshold) { r = b = 128 + Math.min(distance, 127); gr = 0; }
                  } else { r = 255; gr = 0; b = 255; }
                }
                o[k] = r; o[k + 1] = gr; o[k + 2] = b; o[k + 3] = 255;
              }
            }
            context.putImageData(out, 0, 0);
          });
        }
        function show() {
          const c = cases[Number(picker.value)], i = Number(scrubber.value);
          document.getElementById('golden').src = c.golden[i] >= 0 ? pictures[c.golden[i]] : '';
          document.getElementById('frame').src = c.actual[i] >= 0 ? pictures[c.actual[i]] : '';
          shown += 1;
          drawDiff(c, i, shown);
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
          figure img, figure canvas { max-width: 360px; max-height: 560px; display: block; border: 1px solid #d4d4d8; }
          figcaption { text-align: center; color: #52525b; }
          #scrubber { width: 480px; vertical-align: middle; }
        """
}
