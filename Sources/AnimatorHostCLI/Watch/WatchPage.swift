import AnimatorSupport

/// The page `watch --serve` serves: the last good player page with a status bar and a
/// script that listens to the server's events, reloading when a new run is ready (keeping
/// the scrubber's place) and showing a failed build or run over the last good preview.
enum WatchPage {
    /// The player page with the watch bar and script added, or a page that waits for the
    /// first good run.
    static func html(_ preview: PreviewState.Preview?, target: String) -> [UInt8] {
        guard let preview else {
            let waiting = """
                <p style="margin: 56px 16px">No preview yet: waiting for the first good build and run of \(HTMLPage.escaped(target)).</p>
                \(bar(generation: 0))
                """
            return Array(HTMLPage.document(title: "\(target) — animator-host watch",
                                           style: "body { font: 14px system-ui, sans-serif; margin: 0; background: #f4f4f5; }",
                                           body: waiting).utf8)
        }
        var page = String(decoding: preview.page, as: UTF8.self)
        let addition = bar(generation: preview.generation)
        if let end = page.ranges(of: "</body>").last {
            page.insert(contentsOf: addition, at: end.lowerBound)
        } else {
            page += addition
        }
        return Array(page.utf8)
    }

    /// The status bar and the event listener. `window.previewGeneration` is the run this
    /// page shows (0: none yet); `#watch-bar`'s data-phase is the watcher's phase.
    private static func bar(generation: Int) -> String {
        """

        <div id="watch-bar" data-phase="starting" style="position: fixed; left: 0; right: 0; top: 0; padding: 6px 16px;
          font: 13px system-ui, sans-serif; background: #e4e4e7; color: #18181b; z-index: 10">
          <span id="watch-message">connecting…</span>
          <pre id="watch-detail" hidden style="margin: 6px 0 0; max-height: 40vh; overflow: auto; white-space: pre-wrap;
            font: 12px ui-monospace, monospace"></pre></div>
        <script>
        window.previewGeneration = \(generation);
        (() => {
          const bar = document.getElementById('watch-bar'), message = document.getElementById('watch-message');
          const detail = document.getElementById('watch-detail');
          document.body.style.paddingTop = '40px';
          const colors = { starting: '#e4e4e7', building: '#fef3c7', running: '#fef3c7', ready: '#dcfce7', failed: '#fee2e2' };
          // Where the scrubber was before a reload, so that the new run shows the same moment.
          const kept = sessionStorage.getItem('watch-fraction');
          const scrubber = document.getElementById('scrubber');
          if (kept !== null && scrubber && typeof show === 'function') show(parseFloat(kept));
          // Every frame fetched ahead, so that playing does not wait for the server. (Without
          // the player's own list, `frames` is the window's built-in one.)
          if (Array.isArray(frames)) frames.forEach(source => { new Image().src = source; });
          const events = new EventSource('/events');
          events.addEventListener('status', e => {
            const status = JSON.parse(e.data);
            bar.dataset.phase = status.phase;
            bar.style.background = colors[status.phase] || '#e4e4e7';
            message.textContent = status.message + (status.phase === 'failed' && window.previewGeneration > 0
              ? ' — showing the last good preview' : '');
            detail.textContent = status.detail;
            detail.hidden = !status.detail;
          });
          events.addEventListener('reload', e => {
            if (+e.data === window.previewGeneration) return;
            if (scrubber) sessionStorage.setItem('watch-fraction', scrubber.value);
            location.reload();
          });
          events.onerror = () => { message.textContent = 'not connected to animator-host watch (retrying)'; };
        })();
        </script>

        """
    }
}
