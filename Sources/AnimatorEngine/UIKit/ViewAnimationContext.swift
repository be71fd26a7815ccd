/// What a view answers when one of its properties changes: the innermost UIView
/// animation call in progress.
enum ViewAnimationContext {
    /// Inside UIView.animate: animate with these settings.
    case block(BlockAnimation)
    /// Inside animateKeyframes (within a keyframe, or over the whole duration).
    case keyframes(KeyframeCollector, start: Double, duration: Double)
    /// Inside performWithoutAnimation: no animation.
    case withoutAnimation
    /// A custom animation API (seed 002's actionForLayer:forKey: technique).
    case custom((ActionEvent) -> ActionLookup)
    /// Between UIView.beginAnimations and commitAnimations: changes are recorded.
    case recording(ChangeRecorder)
    /// Inside a property animator's animations block.
    case propertyAnimator(PropertyAnimator, delayFactor: Double)
}

/// The settings of one UIView.animate call.
final class BlockAnimation {
    let duration: Double
    let delay: Double
    let timing: TimingFunction
    let options: AnimationOptions
    let group: CompletionGroup

    init(duration: Double, delay: Double, timing: TimingFunction, options: AnimationOptions, group: CompletionGroup) {
        self.duration = duration
        self.delay = delay
        self.timing = timing
        self.options = options
        self.group = group
    }
}

/// Collects the changes made inside animateKeyframes, to turn each changed property into
/// one keyframe animation when the call returns.
final class KeyframeCollector {
    struct Track {
        let layer: LayerID
        let keyPath: LayerKeyPath
        let initial: AnimatableValue
        var keyframes: [(start: Double, duration: Double, value: AnimatableValue)]
    }

    private(set) var tracks: [Track] = []

    func record(_ event: ActionEvent, start: Double, duration: Double) {
        let start = min(max(start, 0), 1)
        let duration = min(max(duration, 0), 1 - start)
        if let index = tracks.firstIndex(where: { $0.layer == event.layer.id && $0.keyPath == event.keyPath }) {
            tracks[index].keyframes.append((start, duration, event.newValue))
        } else {
            tracks.append(Track(layer: event.layer.id, keyPath: event.keyPath, initial: event.oldValue,
                                keyframes: [(start, duration, event.newValue)]))
        }
    }

    /// A track as values and key times: the value holds until a keyframe starts, moves to
    /// the keyframe's value by its end, and the last value holds to the end.
    static func keyframes(of track: Track) -> (values: [AnimatableValue], keyTimes: [Double]) {
        var values = [track.initial]
        var keyTimes = [0.0]
        var last = track.initial
        var lastTime = 0.0
        for keyframe in track.keyframes.sorted(by: { $0.start < $1.start }) {
            let start = max(keyframe.start, lastTime)
            if start > lastTime {
                values.append(last)
                keyTimes.append(start)
            }
            let end = max(start + keyframe.duration, start)
            values.append(keyframe.value)
            keyTimes.append(end)
            last = keyframe.value
            lastTime = end
        }
        if lastTime < 1 {
            values.append(last)
            keyTimes.append(1)
        }
        return (values, keyTimes)
    }
}

/// Records the view property changes made between UIView.beginAnimations and
/// commitAnimations: per layer and key path, the value before the first change.
final class ChangeRecorder {
    struct Change {
        let layer: LayerID
        let keyPath: LayerKeyPath
        let old: AnimatableValue
        let oldPresentation: AnimatableValue
    }

    private(set) var changes: [Change] = []

    func record(_ event: ActionEvent) {
        guard !changes.contains(where: { $0.layer == event.layer.id && $0.keyPath == event.keyPath }) else { return }
        changes.append(Change(layer: event.layer.id, keyPath: event.keyPath, old: event.oldValue,
                              oldPresentation: event.oldPresentationValue))
    }
}
