import AnimatorRendering
import AnimatorSupport

/// A self-contained web page that plays a recording: the rendered frames (PNG, inline),
/// a scrubber that sets the fraction complete, play / pause / reverse, the measured
/// progress curve with the current frame marked, and the current frame's numbers.
enum HTMLPlayer {
    /// The page for `recording` whose frames (in playback order) are at `frameSources`:
    /// data URLs, or addresses a server answers (`watch --serve`).
    static func page(_ recording: Recording, frameSources: [String]) -> String {
        var page = ""
        write(recording, to: { page += $0 }) { emitFrame in frameSources.forEach(emitFrame) }
        return page
    }

    /// Writes the page for `recording` a piece at a time to `emit`: `frames` is called once,
    /// when the page reaches its frames, and hands over each frame's source (in playback
    /// order) as it is made, so that memory holds one frame's, not the page.
    static func write(_ recording: Recording, to emit: (String) -> Void, frames: ((String) -> Void) -> Void) {
        let playback = recording.playback()
        let title = recording.segments.map { "\($0.animator) · \($0.operation.rawValue)" }.joined(separator: ", ")
        var curve: [Double] = []
        for segment in recording.segments where !segment.frames.isEmpty {
            curve += ProgressCurve.measure(segment.frames)
        }
        let width = Int((recording.size.width).rounded())
        // The document around the body, split where the body goes (a NUL cannot be in the
        // escaped title or the style), and the body split where the data and the frames go.
        let document = HTMLPage.document(title: title + " — animator-host", style: style.replacingAll("{{WIDTH}}", String(width)),
                                         body: "\u{0}").split(separator: "\u{0}", omittingEmptySubsequences: false)
        let parts = body.split(separator: "{{DATA}}", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "{{FRAMES}}", omittingEmptySubsequences: false)
        }.map { String($0).replacingAll("{{TITLE}}", HTMLPage.escaped(title)) }
        precondition(document.count == 2 && parts.count == 3, "the page's template has one body, one data and one frames place")
        emit(String(document[0]))
        emit(parts[0])
        // The data: {"title", "times", "end", "curve", "views": [a frame's rows...], "segments"}.
        func member(_ key: String, _ value: JSONValue, first: Bool = false) {
            emit(HTMLPage.scriptData((first ? "{" : ",") + JSONValue.string(key).serialized() + ":" + value.serialized()))
        }
        member("title", .string(title), first: true)
        member("times", .array(playback.times.map { .number(rounded($0)) }))
        member("end", .number(rounded(playback.end)))
        member("curve", .array(curve.map { .number(rounded($0)) }))
        emit(",\"views\":[")
        for index in playback.frames.indices {
            emit(HTMLPage.scriptData((index > 0 ? "," : "") + viewRows(playback.frames[index]).serialized()))
        }
        emit("]")
        member("segments", .array(recording.segments.map { segment in
            .object([("animator", .string(segment.animator)), ("operation", .string(segment.operation.rawValue)),
                     ("duration", .number(segment.outcome.duration)), ("completed", .bool(segment.outcome.completed)),
                     ("frames", .number(Double(segment.frames.count)))])
        }))
        emit("}")
        emit(parts[1])
        var count = 0
        withoutActuallyEscaping(emit) { emit in
            frames { source in
                emit((count > 0 ? ",\n" : "") + JSONValue.string(source).serialized(pretty: false))
                count += 1
            }
        }
        emit(parts[2])
        emit(String(document[1]))
    }

    /// A frame's views as the page's script reads them: [name, [x, y, width, height],
    /// alpha, [a, b, c, d, tx, ty], background or null, corner radius].
    static func viewRows(_ frame: SceneFrame) -> JSONValue {
        var rows: [JSONValue] = []
        for (index, node) in frame.nodes.enumerated() where node.isView {
            let p = node.properties, f = p.frame
            rows.append(.array([
                .string(frame.names[index] ?? "layer \(node.layer.rawValue)"),
                .array([f.origin.x, f.origin.y, f.size.width, f.size.height].map { .number(rounded($0)) }),
                .number(rounded(p.opacity)),
                .array([p.transform.m11, p.transform.m12, p.transform.m21, p.transform.m22,
                        p.transform.m41, p.transform.m42].map { .number(rounded($0)) }),
                p.backgroundColor.map { .string($0.hex) } ?? .null,
                .number(rounded(p.cornerRadius)),
            ]))
        }
        return .array(rows)
    }

    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    private static let style = """
          body { font: 14px -apple-system, system-ui, sans-serif; margin: 16px; background: #f4f4f5; color: #18181b; display: flex; gap: 24px; }
          #stage { position: relative; align-self: flex-start; }
          #stage img { width: {{WIDTH}}px; display: block; border-radius: 12px; box-shadow: 0 4px 16px #0003; }
          [hidden] { display: none !important; }
          #stage img.onion { position: absolute; left: 0; top: 0; opacity: 0.3; box-shadow: none; pointer-events: none; }
          #table { max-height: 40vh; overflow: auto; }
          #legend span { margin-right: 10px; font-size: 12px; }
          #panel { display: flex; flex-direction: column; gap: 12px; min-width: 420px; }
          #controls { display: flex; gap: 8px; align-items: center; }
          #scrubber { width: 100%; margin: 0; }
          #track { position: relative; }
          #markers { position: relative; height: 8px; }
          #markers span { position: absolute; top: 0; width: 2px; height: 8px; background: #a1a1aa; }
          #help { font-size: 12px; color: #3f3f46; background: #fff; border: 1px solid #e4e4e7; padding: 6px 8px; }
          button { font: inherit; padding: 4px 12px; }
          table { border-collapse: collapse; font: 12px ui-monospace, monospace; }
          td, th { padding: 2px 6px; border-bottom: 1px solid #e4e4e7; text-align: left; white-space: nowrap; }
          svg { background: #fff; border: 1px solid #e4e4e7; }
        """

    private static let body = """
        <div id="stage"><img id="frame" alt="frame"><img id="before" class="onion" alt="" hidden><img id="after" class="onion" alt="" hidden></div>
        <div id="panel">
          <h2 id="title">{{TITLE}}</h2>
          <div id="controls">
            <button id="play">Play</button>
            <button id="reverse">Reverse</button>
            <select id="speed" aria-label="speed"><option value="0.1">0.1x</option><option value="0.25">0.25x</option>
              <option value="0.5">0.5x</option><option value="1" selected>1x</option><option value="2">2x</option></select>
            <label><input id="loop" type="checkbox"> loop</label>
            <label><input id="onion" type="checkbox"> onion skin</label>
            <span id="readout"></span>
          </div>
          <div id="track"><input id="scrubber" type="range" min="0" max="1" step="0.001" value="0" aria-label="fraction complete">
            <div id="markers"></div></div>
          <div id="help" hidden><b>Keys</b>: space play / pause · → ← a frame (shift: ten) · Home / End first / last frame ·
            [ ] slower / faster · l loop · o onion skin · v next view to graph · ? this help</div>
          <svg id="curve" width="420" height="220" viewBox="0 0 420 220"></svg>
          <div><select id="view" aria-label="view to graph"></select> <span id="legend"></span></div>
          <svg id="graph" width="420" height="160" viewBox="0 0 420 160"></svg>
          <div id="table"><table id="numbers"></table></div>
        </div>
        <script>
        const data = {{DATA}};
        const frames = [
        {{FRAMES}}
        ];
        const img = document.getElementById('frame');
        const scrubber = document.getElementById('scrubber');
        const readout = document.getElementById('readout');
        const playButton = document.getElementById('play');
        const reverseButton = document.getElementById('reverse');
        const svg = document.getElementById('curve');
        const table = document.getElementById('numbers');
        const total = Math.max(data.end, 1e-9);
        let fraction = 0, playing = false, direction = 1, last = null;

        // The frame shown at a fraction: the last one whose time has come.
        function frameAt(f) {
          const t = f * total;
          let index = 0;
          while (index + 1 < data.times.length && data.times[index + 1] <= t + 1e-9) index++;
          return index;
        }

        // The curve: measured progress of each frame against time, 0 and 1 marked.
        const low = Math.min(0, ...data.curve), high = Math.max(1, ...data.curve);
        const X = t => 30 + 380 * (t / total), Y = p => 200 - 180 * (p - low) / (high - low);
        const ns = 'http://www.w3.org/2000/svg';
        function add(name, attributes) {
          const element = document.createElementNS(ns, name);
          for (const key in attributes) element.setAttribute(key, attributes[key]);
          svg.appendChild(element);
          return element;
        }
        add('line', { x1: 30, y1: Y(0), x2: 410, y2: Y(0), stroke: '#d4d4d8' });
        add('line', { x1: 30, y1: Y(1), x2: 410, y2: Y(1), stroke: '#d4d4d8' });
        add('text', { x: 4, y: Y(0) + 4, 'font-size': 11 }).textContent = '0';
        add('text', { x: 4, y: Y(1) + 4, 'font-size': 11 }).textContent = '1';
        add('polyline', { id: 'path', fill: 'none', stroke: '#3b82f6', 'stroke-width': 2,
                          points: data.times.map((t, i) => X(t) + ',' + Y(data.curve[i])).join(' ') });
        const marker = add('circle', { id: 'marker', r: 5, fill: '#ef4444' });

        // Onion skin: the frames before and after, faint, over the current one.
        const onionBox = document.getElementById('onion');
        const before = document.getElementById('before'), after = document.getElementById('after');
        function onion(index) {
          before.hidden = after.hidden = !onionBox.checked;
          before.src = frames[Math.max(index - 1, 0)]; before.dataset.frame = Math.max(index - 1, 0);
          after.src = frames[Math.min(index + 1, frames.length - 1)]; after.dataset.frame = Math.min(index + 1, frames.length - 1);
        }
        onionBox.addEventListener('change', () => onion(frameAt(fraction)));

        // A view's position, scale, rotation and alpha over time, each on its own range,
        // with the progress curve in grey behind them.
        const picker = document.getElementById('view'), graph = document.getElementById('graph');
        const names = [...new Set(data.views.flat().map(v => v[0]))];
        names.forEach(name => { const option = document.createElement('option'); option.textContent = name; picker.appendChild(option); });
        const series = [['x', '#2563eb', v => v[1][0] + v[1][2] / 2], ['y', '#16a34a', v => v[1][1] + v[1][3] / 2],
                        ['scale', '#ea580c', v => Math.hypot(v[3][0], v[3][1])],
                        ['rotation', '#9333ea', v => Math.atan2(v[3][1], v[3][0]) * 180 / Math.PI], ['alpha', '#dc2626', v => v[2]]];
        function plot() {
          while (graph.firstChild) graph.removeChild(graph.firstChild);
          const GX = t => 10 + 400 * (t / total);
          const curvePoints = data.times.map((t, i) => GX(t) + ',' + (150 - 140 * (data.curve[i] - low) / (high - low))).join(' ');
          const grey = document.createElementNS(ns, 'polyline');
          grey.setAttribute('points', curvePoints); grey.setAttribute('fill', 'none'); grey.setAttribute('stroke', '#d4d4d8');
          graph.appendChild(grey);
          const legend = [];
          for (const [label, color, value] of series) {
            const points = [];
            data.views.forEach((rows, i) => { const row = rows.find(v => v[0] === picker.value); if (row) points.push([data.times[i], value(row)]); });
            if (!points.length) continue;
            const lo = Math.min(...points.map(p => p[1])), hi = Math.max(...points.map(p => p[1]));
            const line = document.createElementNS(ns, 'polyline');
            line.setAttribute('class', 'series'); line.setAttribute('fill', 'none'); line.setAttribute('stroke', color);
            line.setAttribute('stroke-width', 2);
            line.setAttribute('points', points.map(p => GX(p[0]) + ',' + (hi > lo ? 150 - 140 * (p[1] - lo) / (hi - lo) : 80)).join(' '));
            graph.appendChild(line);
            legend.push('<span style="color:' + color + '">' + label + ' ' + (+lo.toFixed(3)) + '…' + (+hi.toFixed(3)) + '</span>');
          }
          document.getElementById('legend').innerHTML = legend.join('');
        }
        // The first view that moves is graphed first.
        picker.value = names.find(name => {
          const rows = data.views.map(r => r.find(v => v[0] === name)).filter(Boolean);
          return rows.some(v => JSON.stringify(v) !== JSON.stringify(rows[0]));
        }) || names[0];
        picker.addEventListener('change', plot);
        plot();

        function show(f) {
          fraction = Math.min(Math.max(f, 0), 1);
          const index = frameAt(fraction);
          img.src = frames[index];
          img.dataset.frame = index;
          onion(index);
          scrubber.value = fraction;
          marker.setAttribute('cx', X(data.times[index]));
          marker.setAttribute('cy', Y(data.curve[index]));
          readout.textContent = 'fraction ' + fraction.toFixed(3) + ' · t ' + data.times[index].toFixed(3)
            + ' s · frame ' + (index + 1) + '/' + frames.length;
          const rows = data.views[index].map(v => '<tr><td>' + v[0].replace(/</g, '&lt;') + '</td><td>' + v[1].join(', ')
            + '</td><td>' + v[2] + '</td><td>' + v[3].join(', ') + '</td><td>' + (v[4] || '—') + '</td><td>' + v[5] + '</td></tr>');
          table.innerHTML = '<tr><th>view</th><th>frame</th><th>alpha</th><th>transform a b c d tx ty</th>'
            + '<th>background</th><th>radius</th></tr>' + rows.join('');
        }

        const speedSelect = document.getElementById('speed'), loopBox = document.getElementById('loop');
        function tick(now) {
          if (!playing) return;
          if (last !== null) {
            const f = fraction + direction * parseFloat(speedSelect.value) * (now - last) / 1000 / total;
            if (f >= 1 || f <= 0) {
              if (loopBox.checked) { show(direction > 0 ? 0 : 1); last = now; requestAnimationFrame(tick); return; }
              show(f); playing = false; playButton.textContent = 'Play'; last = null; return;
            }
            show(f);
          }
          last = now;
          requestAnimationFrame(tick);
        }
        function pause() { playing = false; playButton.textContent = 'Play'; }
        // A frame's own fraction, so that stepping lands on it exactly.
        function showFrame(index) {
          index = Math.min(Math.max(index, 0), frames.length - 1);
          pause();
          show(data.times[index] / total);
        }
        // Where each transition begins, marked under the scrubber.
        let first = 0;
        data.segments.forEach(segment => {
          const tick = document.createElement('span');
          tick.style.left = (100 * data.times[first] / total) + '%';
          tick.title = segment.animator + ' · ' + segment.operation;
          document.getElementById('markers').appendChild(tick);
          first += segment.frames;
        });
        function play() {
          if (playing) { playing = false; playButton.textContent = 'Play'; return; }
          if (direction > 0 && fraction >= 1) show(0);
          if (direction < 0 && fraction <= 0) show(1);
          playing = true; last = null; playButton.textContent = 'Pause';
          requestAnimationFrame(tick);
        }
        playButton.addEventListener('click', play);
        reverseButton.addEventListener('click', () => { direction = -direction; if (!playing) play(); });
        scrubber.addEventListener('input', () => { playing = false; playButton.textContent = 'Play'; show(parseFloat(scrubber.value)); });
        document.addEventListener('keydown', e => {
          const index = frameAt(fraction), step = e.shiftKey ? 10 : 1;
          if (e.key === ' ') play();
          else if (e.key === 'ArrowRight') showFrame(index + step);
          else if (e.key === 'ArrowLeft') showFrame(index - step);
          else if (e.key === 'Home') showFrame(0);
          else if (e.key === 'End') showFrame(frames.length - 1);
          else if (e.key === ']') speedSelect.selectedIndex = Math.min(speedSelect.selectedIndex + 1, speedSelect.options.length - 1);
          else if (e.key === '[') speedSelect.selectedIndex = Math.max(speedSelect.selectedIndex - 1, 0);
          else if (e.key === 'l') loopBox.checked = !loopBox.checked;
          else if (e.key === 'o') { onionBox.checked = !onionBox.checked; onion(index); }
          else if (e.key === 'v') { picker.selectedIndex = (picker.selectedIndex + 1) % picker.options.length; plot(); }
          else if (e.key === '?') { const help = document.getElementById('help'); help.hidden = !help.hidden; }
          else return;
          e.preventDefault();
        });
        show(0);
        </script>

        """
}

extension String {
    /// The string with every occurrence of `target` replaced.
    func replacingAll(_ target: String, _ replacement: String) -> String {
        replacing(target, with: replacement)
    }
}
