import AnimatorEngine
import AnimatorRendering
import AnimatorRuns
import AnimatorSupport

/// Records a case's golden files, or verifies a run against them: the timeline value by
/// value and each kept picture pixel by pixel, within the case's tolerance.
///
/// The folder layout, for a manifest `snapshots.json` with a case `zoom-present`:
///
/// ```
/// __snapshots__/zoom-present/timeline.json     every frame, one line per view
/// __snapshots__/zoom-present/frame-0.25s.png   a kept moment ("frame-end.png": the last frame)
/// __snapshots__/zoom-present/sheet.png         a contact sheet, when kept
/// __snapshots__/zoom-present/drawing.json      what drew the pictures (renderer, font)
/// ```
public struct SnapshotVerifier: Sendable {
    /// What to do with the golden files.
    public enum Mode: Sendable, Equatable {
        /// Write them (over any there).
        case record
        /// Compare with them; missing ones are recorded unless `missingIsError`.
        case verify
        /// Compare, and write over the ones that differ.
        case update
    }

    /// What happened to one case.
    public enum Status: String, Sendable {
        /// Golden files written (`record`, or missing ones in `verify` outside CI).
        case recorded
        /// Everything matched.
        case matched
        /// Something differed (and, with `update`, was written over).
        case differed
        /// Golden files were missing and that is an error (CI).
        case missing
    }

    /// One kept picture, compared.
    public struct Picture: Sendable {
        /// The golden file's name ("frame-end.png").
        public var fileName: String
        /// What it shows ("the end", "0.25 s", "a contact sheet").
        public var label: String
        /// The actual picture.
        public var actual: Image
        /// The golden picture, when there was one.
        public var golden: Image?
        /// The golden picture's file as it is on disk, when it does not match (the report
        /// shows the file itself).
        public var goldenFile: [UInt8]?
        /// The comparison, when there was a golden picture.
        public var comparison: PixelComparison?
        /// Whether it is within the tolerance.
        public var matches: Bool
    }

    /// The outcome of one case.
    public struct Outcome: Sendable {
        /// The case.
        public var snapshotCase: SnapshotCase
        /// What happened.
        public var status: Status
        /// One line per finding: what differs, where, by how much.
        public var findings: [String]
        /// The timeline comparison, when the timeline is kept and had a golden file.
        public var timeline: TimelineComparison?
        /// The golden recording, when read.
        public var goldenRecording: Recording?
        /// The actual recording.
        public var actualRecording: Recording
        /// The kept pictures.
        public var pictures: [Picture]
        /// Whether golden files were written.
        public var wrote: Bool
    }

    /// Whether a missing golden file fails verification (as under `CI=true`) rather than
    /// being recorded.
    public var missingIsError: Bool

    /// What this verifier's pictures are drawn with.
    public var drawing: SnapshotDrawing

    /// Creates a verifier whose pictures are drawn as `drawing` says (by default, with the
    /// fonts renderers use now).
    ///
    /// - Throws: `SnapshotError` when the font in use cannot be read.
    public init(missingIsError: Bool, drawing: SnapshotDrawing? = nil) throws(SnapshotError) {
        self.missingIsError = missingIsError
        if let drawing {
            self.drawing = drawing
        } else {
            self.drawing = try SnapshotDrawing.current()
        }
    }

    /// Records or verifies `snapshotCase` with the run `recording`, golden files in
    /// `folder` (the case's own).
    ///
    /// - Parameter root: the folder golden files must stay in (the manifest's): a golden
    ///   folder that leads outside it through a symbolic link is never written.
    /// - Throws: `SnapshotError` for a golden file that cannot be read or written.
    public func process(_ snapshotCase: SnapshotCase, recording: Recording, folder: String, within root: String,
                        mode: Mode) throws(SnapshotError) -> Outcome {
        // Compared as run; the golden timeline's rounding (colors to 8 bits a channel,
        // pictures through PNG) stays inside the tolerances.
        var pictures: [Picture] = []
        var wanted: [(String, String, RenderOutput.Options)] = snapshotCase.frames.map { moment in
            let at: Double? = if case .time(let seconds) = moment { seconds } else { nil }
            return (moment.fileName, moment.label, RenderOutput.Options(scale: snapshotCase.scale, at: at))
        }
        if let sheet = snapshotCase.sheet {
            wanted.append(("sheet.png", "a contact sheet of \(sheet) frames", RenderOutput.Options(scale: snapshotCase.scale, sheet: sheet)))
        }
        for (fileName, label, options) in wanted {
            guard let picture = RenderOutput.picture(recording, options: options) else {
                throw SnapshotError(snapshotCase.name, "the run recorded no frame to draw")
            }
            pictures.append(Picture(fileName: fileName, label: label, actual: picture.image, golden: nil, comparison: nil,
                                    matches: true))
        }
        let timelinePath = folder + "/timeline.json"
        func write() throws(SnapshotError) {
            // Checked before the folders are made (a link would have them made elsewhere)
            // and after (a link that appeared meanwhile).
            let outside = SnapshotError(folder, "leads outside \(root) through a symbolic link; golden files are written "
                                        + "only inside the manifest's folder")
            guard FileSystem.staysInside(folder, root) else { throw outside }
            do {
                try FileSystem.createDirectories(folder)
            } catch {
                throw SnapshotError(folder, "cannot write the golden files: \(error)")
            }
            guard FileSystem.staysInside(folder, root) else { throw outside }
            do {
                if snapshotCase.keepsTimeline {
                    try FileSystem.writeAtomically(timelinePath, Array(TimelineLayout.text(recording).utf8))
                }
                for picture in pictures {
                    try FileSystem.writeAtomically(folder + "/" + picture.fileName, PNGEncoder.encode(picture.actual))
                }
                if !pictures.isEmpty {
                    try FileSystem.writeAtomically(folder + "/" + SnapshotDrawing.fileName, Array(drawing.json.utf8))
                }
            } catch {
                throw SnapshotError(folder, "cannot write the golden files: \(error)")
            }
        }
        var outcome = Outcome(snapshotCase: snapshotCase, status: .recorded, findings: [], timeline: nil, goldenRecording: nil,
                              actualRecording: recording, pictures: pictures, wrote: false)
        if mode == .record {
            try write()
            outcome.wrote = true
            return outcome
        }
        // Which golden files are there?
        let exists = { (path: String) -> Bool in (try? FileSystem.status(path)) != nil }
        var missing: [String] = []
        if snapshotCase.keepsTimeline, !exists(timelinePath) { missing.append("timeline.json") }
        missing += pictures.map(\.fileName).filter { !exists(folder + "/" + $0) }
        if !missing.isEmpty {
            outcome.findings = ["no golden " + missing.joined(separator: ", ") + " in \(folder)"]
            if missingIsError {
                outcome.status = .missing
                return outcome
            }
            try write()
            outcome.wrote = true
            outcome.status = .recorded
            return outcome
        }
        var findings: [String] = []
        if snapshotCase.keepsTimeline {
            let golden = try TimelineLayout.load(path: timelinePath)
            let comparison = TimelineComparison(golden: golden, actual: recording, tolerance: snapshotCase.tolerance)
            outcome.goldenRecording = golden
            outcome.timeline = comparison
            if !comparison.matches {
                let shown = comparison.differences.prefix(5).map { "timeline: \($0)" }
                findings += shown
                if comparison.total > shown.count { findings.append("timeline: \(comparison.total - shown.count) more differences") }
            }
        }
        // Pictures drawn by another renderer or with another font cannot match: one line
        // says so, instead of a picture diff. (Goldens recorded before drawing.json existed
        // are compared as they are.)
        let drawingPath = folder + "/" + SnapshotDrawing.fileName
        var comparesPictures = true
        if !outcome.pictures.isEmpty, exists(drawingPath) {
            let golden: SnapshotDrawing?
            do {
                golden = SnapshotDrawing(json: try FileSystem.read(drawingPath, limit: FileLimits.document))
            } catch {
                throw SnapshotError(drawingPath, error.reason)
            }
            guard let golden else { throw SnapshotError(drawingPath, "is not a drawing record (renderer and font)") }
            if golden != drawing {
                comparesPictures = false
                for index in outcome.pictures.indices { outcome.pictures[index].matches = false }
                findings.append("pictures: the golden ones were drawn with \(golden.description), this run draws with "
                                + "\(drawing.description): not compared; record them again (snapshot record) if that is meant")
            }
        }
        for index in outcome.pictures.indices where comparesPictures {
            let path = folder + "/" + outcome.pictures[index].fileName
            let actualImage = outcome.pictures[index].actual
            // A golden far larger than the picture it is compared with is not decoded: its
            // size is the finding, and decoding it would cost what its size costs.
            do {
                let size = try PNGDecoder.dimensions(path: path)
                if size.width * size.height > 4 * actualImage.width * actualImage.height {
                    outcome.pictures[index].matches = false
                    findings.append("\(outcome.pictures[index].fileName) (\(outcome.pictures[index].label)): "
                                    + "\(actualImage.width)x\(actualImage.height) pixels, the golden one \(size.width)x\(size.height)")
                    continue
                }
            } catch {
                throw SnapshotError(path, "is not a readable PNG: \(error)")
            }
            let golden: Image, goldenFile: [UInt8]
            switch FileSystem.readRegularFile(path, limit: FileLimits.image) {
            case .success(let bytes): goldenFile = bytes
            case .failure(let refusal): throw SnapshotError(path, "is not a readable PNG: \(refusal.reason)")
            }
            do {
                golden = try PNGDecoder.decode(goldenFile)
            } catch {
                throw SnapshotError(path, "is not a readable PNG: \(error)")
            }
            let comparison = PixelComparison(golden: golden, actual: actualImage, threshold: snapshotCase.tolerance.pixelThreshold)
            let allowed = snapshotCase.tolerance.allowedPixels(of: comparison.total)
            let matches = !comparison.sizeDiffers && comparison.differing <= allowed
            outcome.pictures[index].golden = golden
            outcome.pictures[index].goldenFile = matches ? nil : goldenFile
            outcome.pictures[index].comparison = comparison
            outcome.pictures[index].matches = matches
            if !matches {
                let picture = outcome.pictures[index]
                if comparison.sizeDiffers {
                    findings.append("\(picture.fileName) (\(picture.label)): \(actualImage.width)x\(actualImage.height) pixels, "
                                    + "the golden one \(golden.width)x\(golden.height)")
                } else if let box = comparison.box {
                    let percent = JSONValue.format((Double(comparison.differing) / Double(comparison.total) * 10000).rounded() / 100)
                    findings.append("\(picture.fileName) (\(picture.label)): \(comparison.differing) pixels (\(percent) %) differ by more "
                                    + "than \(snapshotCase.tolerance.pixelThreshold) levels (up to \(comparison.largest)), "
                                    + "\(allowed) allowed, in x \(box.x)…\(box.x + box.width - 1), y \(box.y)…\(box.y + box.height - 1) (pixels)")
                }
            }
        }
        outcome.findings = findings
        outcome.status = findings.isEmpty ? .matched : .differed
        if mode == .update, !findings.isEmpty {
            try write()
            outcome.wrote = true
        }
        return outcome
    }
}
