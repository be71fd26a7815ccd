import AnimatorEngine
import AnimatorRendering
import AnimatorSupport

/// Two recordings side by side on one clock (`animator-host compare`): a PNG of one moment,
/// an animated GIF, or a page with one scrubber for both and the property graphs of
/// matching views overlaid.
///
/// The shared clock: every time at which either side shows a new frame; at each, a side
/// shows its last frame at or before that time (its first before it starts, its last after
/// it ends). Pictures are laid out as a contact sheet of two: 12 points of dark grey
/// around and between them, a 22-point label under each.
public enum Comparison {
    /// One side: what it is called and what it recorded.
    public struct Side: Sendable {
        /// "A: zoom", "B: zoom?duration=0.6".
        public var label: String
        public var recording: Recording

        /// Creates a side.
        public init(label: String, recording: Recording) {
            self.label = label
            self.recording = recording
        }
    }

    /// The shared clock: its times and, at each, the frame index each side shows.
    public static func clock(_ a: [Double], _ b: [Double]) -> (times: [Double], a: [Int], b: [Int]) {
        var times: [Double] = []
        for time in (a + b).sorted() where times.last.map({ time - $0 > 1e-9 }) ?? true {
            times.append(time)
        }
        func shown(_ own: [Double], at time: Double) -> Int {
            var index = 0
            while index + 1 < own.count && own[index + 1] <= time + 1e-9 { index += 1 }
            return index
        }
        return (times, times.map { shown(a, at: $0) }, times.map { shown(b, at: $0) })
    }

    /// Renders the two sides to `path` as `kind` (.png, .gif or .html).
    ///
    /// - Parameter options: the scale; for a PNG the moment (`at`, default the end).
    /// - Returns: a one-line description of what was written.
    /// - Throws: `RenderOutput.Failure` when a side has no frames, the kind is not one of
    ///   the three, or the file cannot be written.
    @discardableResult
    public static func write(_ a: Side, _ b: Side, kind: RenderOutput, to path: String,
                             options: RenderOutput.Options = RenderOutput.Options()) throws(RenderOutput.Failure) -> String {
        let playA = a.recording.playback(), playB = b.recording.playback()
        for (side, play) in [(a, playA), (b, playB)] where play.frames.isEmpty {
            throw RenderOutput.Failure(path: path, reason: "nothing to draw for \(side.label): no transition ran with animation")
        }
        let clock = clock(playA.times, playB.times)
        let end = max(playA.end, playB.end)
        let labels = [a.label, b.label]
        guard [.png, .gif, .html].contains(kind) else {
            throw RenderOutput.Failure(path: path, reason: "compare writes .png, .gif or .html")
        }
        // Written as it is made: memory holds a batch of frames and a block of the file.
        let stream: OutputFile.Stream
        do {
            stream = try OutputFile.Stream(path)
        } catch {
            throw RenderOutput.Failure(path: path, reason: error.reason)
        }
        let summary: String
        switch kind {
        case .gif:
            // The pairs drawn and composed as the clock shows them, a batch at a time.
            let rendererA = BatchRenderer(size: a.recording.size, scale: options.scale)
            let rendererB = BatchRenderer(size: b.recording.size, scale: options.scale)
            let framesA = Array(playA.frames), framesB = Array(playB.frames)
            func pictures(_ wanted: [Int]) -> [Image] {
                let imagesA = rendererA.render(wanted.map { framesA[clock.a[$0]] })
                let imagesB = rendererB.render(wanted.map { framesB[clock.b[$0]] })
                return Parallel.map(wanted.count) { index, _ in
                    ContactSheet.compose([imagesA[index], imagesB[index]], labels: labels, scale: options.scale)
                }
            }
            let first = pictures([0])[0]
            // Batches of about 64 MiB of pictures (both sides and the pair composed), at
            // most 16 frames, at least two for each core.
            let frameBytes = 4 * (first.width * first.height + rendererA.width * rendererA.height
                                  + rendererB.width * rendererB.height)
            let batch = min(16, max(2 * ProcessInfoShim.activeProcessorCount, (64 << 20) / max(frameBytes, 1)))
            GIFEncoder.encode(times: clock.times, end: end, width: first.width, height: first.height, batch: batch,
                              draw: { wanted, body in
                for (index, picture) in pictures(wanted).enumerated() {
                    picture.pixels.withUnsafeBufferPointer { body(index, $0) }
                }
            }, emit: { stream.write($0) })
            summary = "\(clock.times.count) frames side by side, \(first.width)x\(first.height)"
        case .html:
            // Each side's frames a batch at a time.
            let sides = [(a, playA), (b, playB)]
            writePage(a, b, to: { stream.write($0) }) { number, emitFrame in
                let (side, play) = sides[number]
                RenderOutput.encodeInBatches(play.frames, size: side.recording.size, scale: options.scale, progress: nil,
                                             .pagePictures) { _, png in
                    emitFrame("data:image/png;base64," + Base64.encode(png))
                }
            }
            summary = "page comparing \(playA.frames.count) and \(playB.frames.count) frames on one scrubber"
        default:
            let time = options.at ?? end
            let index = clock.times.lastIndex { $0 <= time + 1e-9 } ?? 0
            let images = [FrameRendering.render([playA.frames[clock.a[index]]], size: a.recording.size, scale: options.scale)[0],
                          FrameRendering.render([playB.frames[clock.b[index]]], size: b.recording.size, scale: options.scale)[0]]
            let picture = ContactSheet.compose(images, labels: labels, scale: options.scale)
            stream.write(PNGEncoder.encode(picture))
            summary = "both at \(JSONValue.format(HTMLPlayer.rounded(clock.times[index]))) s, \(picture.width)x\(picture.height)"
        }
        do {
            try stream.finish()
        } catch {
            throw RenderOutput.Failure(path: path, reason: error.reason)
        }
        return summary
    }

    /// Writes the comparison page through `emit` a piece at a time, so that neither the page
    /// nor the frames' pictures need be held whole: the data is `{"a": side, "b": side}`,
    /// each side `{"label", "times", "end", "views": [a frame's rows...], "frames": [...]}`,
    /// and `frames(n, emitFrame)` hands side n's pictures (sources for an `img`, in order)
    /// to `emitFrame`.
    static func writePage(_ a: Side, _ b: Side, to emit: (String) -> Void,
                          frames: (Int, (String) -> Void) -> Void) {
        let width = Int(a.recording.size.width.rounded())
        let title = "\(a.label) vs \(b.label)"
        // The document around the body, split where the body goes (a NUL cannot be in the
        // escaped title or the style), and the body split where the data goes.
        let document = HTMLPage.document(title: title + " — animator-host compare",
                                         style: style.replacingAll("{{WIDTH}}", String(width)),
                                         body: "\u{0}").split(separator: "\u{0}", omittingEmptySubsequences: false)
        let parts = body.split(separator: "{{DATA}}", omittingEmptySubsequences: false).map {
            String($0).replacingAll("{{TITLE}}", HTMLPage.escaped(title))
        }
        precondition(document.count == 2 && parts.count == 2, "the page's template has one body and one data place")
        emit(String(document[0]))
        emit(parts[0])
        for (number, side) in [a, b].enumerated() {
            let play = side.recording.playback()
            let head = (number == 0 ? "{\"a\":{" : ",\"b\":{")
                + "\"label\":" + JSONValue.string(side.label).serialized(pretty: false)
                + ",\"times\":" + JSONValue.array(play.times.map { .number(HTMLPlayer.rounded($0)) }).serialized(pretty: false)
                + ",\"end\":" + JSONValue.number(HTMLPlayer.rounded(play.end)).serialized(pretty: false)
                + ",\"views\":["
            emit(HTMLPage.scriptData(head))
            for index in play.frames.indices {
                emit(HTMLPage.scriptData((index > 0 ? "," : "") + HTMLPlayer.viewRows(play.frames[index]).serialized(pretty: false)))
            }
            emit("],\"frames\":[")
            var count = 0
            withoutActuallyEscaping(emit) { emit in
                frames(number) { source in
                    emit(HTMLPage.scriptData((count > 0 ? "," : "") + JSONValue.string(source).serialized(pretty: false)))
                    count += 1
                }
            }
            emit("]}")
        }
        emit("}")
        emit(parts[1])
        emit(String(document[1]))
    }

    private static let style = """
          body { font: 14px -apple-system, system-ui, sans-serif; margin: 16px; background: #f4f4f5; color: #18181b; }
          #stages { display: flex; gap: 16px; }
          figure { margin: 0; }
          figure img { width: {{WIDTH}}px; display: block; border-radius: 12px; box-shadow: 0 4px 16px #0003; }
          figcaption { text-align: center; margin-top: 6px; font-weight: 600; }
          #controls { display: flex; gap: 8px; align-items: center; margin: 12px 0; }
          #scrubber { width: 100%; margin: 0; }
          button { font: inherit; padding: 4px 12px; }
          svg { background: #fff; border: 1px solid #e4e4e7; }
          #legend span { margin-right: 10px; font-size: 12px; }
        """

    private static let body = """
        <h2>{{TITLE}}</h2>
        <div id="stages">
          <figure><img id="frameA" alt="A"><figcaption id="labelA"></figcaption></figure>
          <figure><img id="frameB" alt="B"><figcaption id="labelB"></figcaption></figure>
          <div>
            <div><select id="view" aria-label="view to graph"></select> <span id="legend"></span></div>
            <svg id="graph" width="460" height="320" viewBox="0 0 460 320"></svg>
            <p style="font-size: 12px">Solid: A · dashed: B. Each property on its own range, shared by both.
              Keys: space play / pause · → ← a frame (shift: ten) · Home / End · v next view.</p>
          </div>
        </div>
        <div id="controls">
          <button id="play">Play</button>
          <select id="speed" aria-label="speed"><option value="0.1">0.1x</option><option value="0.25">0.25x</option>
            <option value="0.5">0.5x</option><option value="1" selected>1x</option><option value="2">2x</option></select>
          <span id="readout"></span>
        </div>
        <input id="scrubber" type="range" min="0" max="1" step="0.001" value="0" aria-label="time">
        <script>
        const data = {{DATA}};
        const sides = [data.a, data.b];
        const total = Math.max(data.a.end, data.b.end, 1e-9);
        // Every time at which either side shows a new frame.
        const times = [...new Set([...data.a.times, ...data.b.times])].sort((x, y) => x - y);
        const shown = (side, t) => { let i = 0; while (i + 1 < side.times.length && side.times[i + 1] <= t + 1e-9) i++; return i; };
        const images = [document.getElementById('frameA'), document.getElementById('frameB')];
        document.getElementById('labelA').textContent = data.a.label;
        document.getElementById('labelB').textContent = data.b.label;
        const scrubber = document.getElementById('scrubber'), readout = document.getElementById('readout');
        const playButton = document.getElementById('play'), speedSelect = document.getElementById('speed');
        let time = 0, playing = false, last = null;

        const ns = 'http://www.w3.org/2000/svg', graph = document.getElementById('graph'), picker = document.getElementById('view');
        const series = [['x', '#2563eb', v => v[1][0] + v[1][2] / 2], ['y', '#16a34a', v => v[1][1] + v[1][3] / 2],
                        ['scale', '#ea580c', v => Math.hypot(v[3][0], v[3][1])],
                        ['rotation', '#9333ea', v => Math.atan2(v[3][1], v[3][0]) * 180 / Math.PI], ['alpha', '#dc2626', v => v[2]]];
        const namesOf = side => new Set(side.views.flat().map(v => v[0]));
        const inA = namesOf(data.a), inB = namesOf(data.b);
        const names = [...inA].filter(name => inB.has(name));
        names.forEach(name => { const option = document.createElement('option'); option.textContent = name; picker.appendChild(option); });
        const rowsOf = (side, name) => side.views.map((rows, i) => [side.times[i], rows.find(v => v[0] === name)]).filter(p => p[1]);
        const moves = name => sides.some(side => { const rows = rowsOf(side, name).map(p => JSON.stringify(p[1])); return rows.some(r => r !== rows[0]); });
        picker.value = names.find(moves) || names[0] || '';
        const GX = t => 10 + 440 * (t / total);
        let cursor = null;
        function plot() {
          while (graph.firstChild) graph.removeChild(graph.firstChild);
          const legend = [];
          for (const [label, color, value] of series) {
            const lines = sides.map(side => rowsOf(side, picker.value).map(p => [p[0], value(p[1])]));
            const all = lines.flat().map(p => p[1]);
            if (!all.length) continue;
            const lo = Math.min(...all), hi = Math.max(...all);
            lines.forEach((points, which) => {
              const line = document.createElementNS(ns, 'polyline');
              line.setAttribute('class', 'series ' + (which ? 'b' : 'a'));
              line.setAttribute('fill', 'none'); line.setAttribute('stroke', color); line.setAttribute('stroke-width', 2);
              if (which) line.setAttribute('stroke-dasharray', '6 4');
              line.setAttribute('points', points.map(p => GX(p[0]) + ',' + (hi > lo ? 300 - 280 * (p[1] - lo) / (hi - lo) : 160)).join(' '));
              graph.appendChild(line);
            });
            legend.push('<span style="color:' + color + '">' + label + ' ' + (+lo.toFixed(3)) + '…' + (+hi.toFixed(3)) + '</span>');
          }
          document.getElementById('legend').innerHTML = legend.join('');
          cursor = document.createElementNS(ns, 'line');
          cursor.setAttribute('y1', 0); cursor.setAttribute('y2', 320); cursor.setAttribute('stroke', '#a1a1aa');
          graph.appendChild(cursor);
          show(time);
        }
        function show(t) {
          time = Math.min(Math.max(t, 0), total);
          const indices = sides.map(side => shown(side, time));
          indices.forEach((index, which) => { images[which].src = sides[which].frames[index]; images[which].dataset.frame = index; });
          scrubber.value = time / total;
          if (cursor) { cursor.setAttribute('x1', GX(time)); cursor.setAttribute('x2', GX(time)); }
          readout.textContent = 't ' + time.toFixed(3) + ' s · A frame ' + (indices[0] + 1) + '/' + data.a.frames.length
            + ' · B frame ' + (indices[1] + 1) + '/' + data.b.frames.length;
        }
        function tick(now) {
          if (!playing) return;
          if (last !== null) {
            const t = time + parseFloat(speedSelect.value) * (now - last) / 1000;
            if (t >= total) { show(total); pause(); return; }
            show(t);
          }
          last = now;
          requestAnimationFrame(tick);
        }
        function pause() { playing = false; last = null; playButton.textContent = 'Play'; }
        function play() {
          if (playing) { pause(); return; }
          if (time >= total) show(0);
          playing = true; last = null; playButton.textContent = 'Pause';
          requestAnimationFrame(tick);
        }
        function step(count) {
          pause();
          let index = times.length - 1;
          while (index > 0 && times[index] > time + 1e-9) index--;
          show(times[Math.min(Math.max(index + count, 0), times.length - 1)]);
        }
        playButton.addEventListener('click', play);
        scrubber.addEventListener('input', () => { pause(); show(parseFloat(scrubber.value) * total); });
        picker.addEventListener('change', plot);
        document.addEventListener('keydown', e => {
          const count = e.shiftKey ? 10 : 1;
          if (e.key === ' ') play();
          else if (e.key === 'ArrowRight') step(count);
          else if (e.key === 'ArrowLeft') step(-count);
          else if (e.key === 'Home') { pause(); show(0); }
          else if (e.key === 'End') { pause(); show(total); }
          else if (e.key === 'v' && picker.options.length) { picker.selectedIndex = (picker.selectedIndex + 1) % picker.options.length; plot(); }
          else return;
          e.preventDefault();
        });
        plot();
        </script>

        """
}
