import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine

/// Auto Layout as UIKit code writes it: anchors, activate, constants changed and animated
/// with layoutIfNeeded in an animation block, a contradiction broken with UIKit's message,
/// the safe area; frames checked against layouts worked by hand on a 390 × 844 screen.
@Suite struct SDKAutoLayoutTests {
    let stage: SDKStage
    var host: UnsafePointer<ah_host> { UnsafePointer(stage.session.table) }

    init() throws {
        stage = try SDKStage()
    }

    /// A card pinned 16 points from the sides and 34 from the bottom, 300 tall, over a
    /// dimming view pinned to every edge; `makeBody` adds more.
    final class CardScreen {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let dimming = UIView()
        let card = UIView()
        let height: NSLayoutConstraint

        init() {
            for view in [dimming, card] {
                view.translatesAutoresizingMaskIntoConstraints = false
                container.addSubview(view)
            }
            height = card.heightAnchor.constraint(equalToConstant: 300)
            NSLayoutConstraint.activate([
                dimming.topAnchor.constraint(equalTo: container.topAnchor),
                dimming.bottomAnchor.constraint(equalTo: container.bottomAnchor),
                dimming.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                dimming.trailingAnchor.constraint(equalTo: container.trailingAnchor),
                card.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 16),
                card.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -16),
                card.bottomAnchor.constraint(equalTo: container.bottomAnchor, constant: -34),
                height,
            ])
        }
    }

    @Test func anchorsPlaceTheViewsWhenTheHostCallEnds() throws {
        let screen = CurrentHost.with(host) { CardScreen() }
        // Laid out at the end of the host call, with no layoutIfNeeded: 844 − 34 − 300 = 510.
        #expect(screen.card.frame == CGRect(x: 16, y: 510, width: 358, height: 300))
        #expect(screen.dimming.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
        // Installed where UIKit installs them: on the items' nearest common ancestor, the
        // container, and a constant height on the card itself.
        #expect(screen.container.constraints.count == 7 && screen.card.constraints == [screen.height])
        #expect(stage.session.log.isEmpty, "\(stage.session.log)")
    }

    @Test func aConstantChangedAndLaidOutInAnAnimationBlockAnimatesTheFrame() throws {
        let screen = CurrentHost.with(host) { CardScreen() }
        let start = stage.session.engine.currentTime
        CurrentHost.with(host) {
            screen.height.constant = 400
            // Not laid out until asked: the frame is still the old one here.
            #expect(screen.card.frame.height == 300)
            UIView.animate(withDuration: 0.3) { screen.container.layoutIfNeeded() }
        }
        // The model at once: 844 − 34 − 400 = 410.
        #expect(screen.card.frame == CGRect(x: 16, y: 410, width: 358, height: 400))
        // Half way through easeInOut (0.5 at the middle, by symmetry): y 460, height 350.
        let id = try stage.session.layers.lookup(screen.card.layer.handle).get()
        let middle = Layer(engine: stage.session.engine, id: id).presentation(at: start + 0.15).frame
        #expect(abs(middle.origin.y - 460) < 1e-9 && abs(middle.size.height - 350) < 1e-9, "\(middle)")
    }

    @Test func aContradictionIsBrokenWithUIKitsMessage() throws {
        let view = CurrentHost.with(host) { () -> UIView in
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let view = UIView()
            view.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(view)
            NSLayoutConstraint.activate([
                view.widthAnchor.constraint(equalToConstant: 100),
                view.widthAnchor.constraint(equalToConstant: 200),
                view.heightAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.5),
            ])
            return view
        }
        // The first width holds; the second is broken and said so, in one line.
        #expect(view.frame.width == 100 && view.frame.height == 50)
        let messages = stage.session.log.map(\.message)
        #expect(messages.count == 1 && messages[0].hasPrefix(
            "Unable to simultaneously satisfy constraints: will attempt to recover by breaking <NSLayoutConstraint "),
                "\(messages)")
    }

    @Test func optionalConstraintsGiveWayByPriority() throws {
        let view = CurrentHost.with(host) { () -> UIView in
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let view = UIView()
            view.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(view)
            let preferred = view.widthAnchor.constraint(equalToConstant: 600)
            preferred.priority = .defaultHigh
            NSLayoutConstraint.activate([
                preferred,
                view.widthAnchor.constraint(lessThanOrEqualTo: container.widthAnchor, constant: -40),
                view.centerXAnchor.constraint(equalTo: container.centerXAnchor),
                view.topAnchor.constraint(equalTo: container.safeAreaLayoutGuide.topAnchor, constant: 8),
                view.heightAnchor.constraint(equalToConstant: 44),
            ])
            return view
        }
        // 600 wanted, at most 390 − 40 = 350, centred: x = (390 − 350) / 2 = 20; the top 8
        // below the safe area (47 points on this iPhone: Apple's figure).
        #expect(view.frame == CGRect(x: 20, y: 55, width: 350, height: 44))
    }
}

extension SDKAutoLayoutTests {
    @Test func aLabelSizesItselfFromItsTextUnlessTheConstraintsSayOtherwise() throws {
        let (label, squeezed) = CurrentHost.with(host) { () -> (UILabel, UILabel) in
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let label = UILabel(), squeezed = UILabel()
            label.text = "Photos"                        // 6 characters
            label.font = .systemFont(ofSize: 20)
            squeezed.text = String(repeating: "x", count: 100)
            for view in [label, squeezed] {
                view.translatesAutoresizingMaskIntoConstraints = false
                container.addSubview(view)
            }
            NSLayoutConstraint.activate([
                label.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 16),
                label.topAnchor.constraint(equalTo: container.topAnchor, constant: 60),
                squeezed.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 16),
                squeezed.trailingAnchor.constraint(lessThanOrEqualTo: container.trailingAnchor, constant: -16),
                squeezed.topAnchor.constraint(equalTo: label.bottomAnchor, constant: 8),
            ])
            return (label, squeezed)
        }
        // 6 × 0.55 × 20 = 66 wide, 1.2 × 20 = 24 tall, from hugging and compression resistance.
        #expect(label.frame == CGRect(x: 16, y: 60, width: 66, height: 24))
        // 100 × 0.55 × 17 = 935 wanted, at most 390 − 32 = 358 (compression resistance 750
        // gives way to a required constraint); 1.2 × 17 = 20.4, 21 tall.
        #expect(squeezed.frame == CGRect(x: 16, y: 92, width: 358, height: 21))
    }
}

extension SDKAutoLayoutTests {
    final class ScrollWatcher: UIScrollViewDelegate {
        var offsets: [CGFloat] = []
        func scrollViewDidScroll(_ scrollView: UIScrollView) { offsets.append(scrollView.contentOffset.y) }
    }

    @Test func aScrollViewsOffsetMovesItsContentAndTellsItsDelegate() throws {
        let watcher = ScrollWatcher()
        let (container, scroll, row) = CurrentHost.with(host) { () -> (UIView, UIScrollView, UIView) in
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let scroll = UIScrollView(frame: CGRect(x: 0, y: 100, width: 390, height: 400))
            container.addSubview(scroll)
            scroll.contentSize = CGSize(width: 390, height: 2000)
            scroll.delegate = watcher
            let row = UIView(frame: CGRect(x: 0, y: 600, width: 390, height: 44))
            scroll.addSubview(row)
            scroll.contentOffset = CGPoint(x: 0, y: 500)
            return (container, scroll, row)
        }
        // The row at 600 in the content, scrolled by 500, shows 100 into the scroll view,
        // which is 100 down the container: at 200.
        #expect(scroll.bounds.origin == CGPoint(x: 0, y: 500))
        let shown = CurrentHost.with(host) { row.convert(row.bounds, to: container) }
        #expect(shown.origin.y == 200)
        // And it is drawn there: red at 200...244, the white content elsewhere.
        CurrentHost.with(host) {
            container.backgroundColor = .white
            row.backgroundColor = .red
        }
        let picture = try stage.session.picture(of: container, size: Size(width: 390, height: 844))
        #expect(picture.rgb(195, 220) == [255, 0, 0] && picture.rgb(195, 620) == [255, 255, 255])
        #expect(watcher.offsets == [500])
        // scrollRectToVisible: the least scroll showing 1800...1844 in 400 points: 1444.
        CurrentHost.with(host) { scroll.scrollRectToVisible(CGRect(x: 0, y: 1800, width: 10, height: 44), animated: false) }
        #expect(scroll.contentOffset.y == 1444 && watcher.offsets == [500, 1444])
    }
}

extension SDKAutoLayoutTests {
    @Test func maskedCornersRoundOnlyTheCornersNamed() throws {
        let card = CurrentHost.with(host) { () -> UIView in
            let card = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            card.backgroundColor = .red
            card.layer.cornerRadius = 20
            card.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            return card
        }
        #expect(CurrentHost.with(host) { card.layer.maskedCorners } == [.layerMinXMinYCorner, .layerMaxXMinYCorner])
        let picture = try stage.session.picture(of: card, size: Size(width: 100, height: 100))
        // The top corners are quarter circles of radius 20 about (20, 20) and (80, 20): the
        // pixel centred at (1.5, 1.5) lies 26.2 from its centre, outside; (10.5, 10.5) lies
        // 13.4 from it, inside. The bottom corners stay square: (1.5, 98.5) is red.
        // (The picture's backdrop is black.)
        #expect(picture.rgb(1, 1) == [0, 0, 0] && picture.rgb(98, 1) == [0, 0, 0])
        #expect(picture.rgb(10, 10) == [255, 0, 0] && picture.rgb(89, 10) == [255, 0, 0])
        #expect(picture.rgb(1, 98) == [255, 0, 0] && picture.rgb(98, 98) == [255, 0, 0])
    }
}

extension SDKAutoLayoutTests {
    /// A badge view that centres its dot by hand in layoutSubviews, as views with manual
    /// layout do.
    final class BadgeView: UIView {
        let dot = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        var layouts = 0

        override init(frame: CGRect) {
            super.init(frame: frame)
            addSubview(dot)
        }

        required init?(coder: NSCoder) { nil }

        override func layoutSubviews() {
            layouts += 1
            dot.center = CGPoint(x: bounds.midX, y: bounds.midY)
        }
    }

    @Test func layoutSubviewsRunsAfterTheConstraintsResizeAView() throws {
        let (badge, width) = CurrentHost.with(host) { () -> (BadgeView, NSLayoutConstraint) in
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let badge = BadgeView()
            badge.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(badge)
            let width = badge.widthAnchor.constraint(equalToConstant: 100)
            NSLayoutConstraint.activate([
                width, badge.heightAnchor.constraint(equalToConstant: 40),
                badge.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 20),
                badge.topAnchor.constraint(equalTo: container.topAnchor, constant: 30),
            ])
            return (badge, width)
        }
        // Sized by its constraints (100 × 40 at 20, 30), then laid out by hand: the dot's
        // centre at (50, 20) in the badge.
        #expect(badge.frame == CGRect(x: 20, y: 30, width: 100, height: 40))
        #expect(badge.layouts == 1 && badge.dot.frame == CGRect(x: 45, y: 15, width: 10, height: 10))
        CurrentHost.with(host) { width.constant = 200 }
        #expect(badge.layouts == 2 && badge.dot.frame == CGRect(x: 95, y: 15, width: 10, height: 10))
        // setNeedsLayout alone: laid out again, nothing moved.
        CurrentHost.with(host) { badge.setNeedsLayout() }
        #expect(badge.layouts == 3 && badge.dot.frame.origin.x == 95)
        // A label sized to fit: 5 characters at 17 points, 0.55 em each, 1.2 em tall.
        let label = CurrentHost.with(host) { () -> UILabel in
            let label = UILabel()
            label.text = "Hello"
            label.sizeToFit()
            return label
        }
        #expect(label.bounds.size == CGSize(width: (5 * 0.55 * 17).rounded(.up), height: (1.2 * 17).rounded(.up)))
    }
}

extension SDKAutoLayoutTests {
    @Test func withoutConstraintsAResizedViewStillLaysOutByHandOnce() throws {
        let badge = CurrentHost.with(host) { () -> BadgeView in
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let badge = BadgeView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            container.addSubview(badge)
            return badge
        }
        // The size set by init: laid out once at the end of that host call, dot at (20, 20).
        #expect(badge.layouts == 1 && badge.dot.center == CGPoint(x: 20, y: 20))
        CurrentHost.with(host) {
            badge.frame = CGRect(x: 0, y: 0, width: 80, height: 60)
            badge.frame = CGRect(x: 0, y: 0, width: 80, height: 60)
            // layoutIfNeeded runs it at once.
            badge.layoutIfNeeded()
            #expect(badge.layouts == 2 && badge.dot.center == CGPoint(x: 40, y: 30))
            badge.frame = CGRect(x: 10, y: 10, width: 80, height: 60)
        }
        // A move without a size change asks for no layout.
        #expect(badge.layouts == 2)
    }

    @Test func systemLayoutSizeFittingSolvesTheSizeTheConstraintsGive() throws {
        // A 300-point card holding a label 16 points in from every edge: its compressed
        // height is 16 + the label's (two lines of 17 points: ⌈2 × 1.2 × 17⌉ = 41) + 16.
        let (card, size, expanded) = CurrentHost.with(host) { () -> (UIView, CGSize, CGSize) in
            let card = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 10))
            let label = UILabel()
            label.text = "Two lines\nof text"
            label.numberOfLines = 0
            label.translatesAutoresizingMaskIntoConstraints = false
            card.addSubview(label)
            NSLayoutConstraint.activate([
                label.topAnchor.constraint(equalTo: card.topAnchor, constant: 16),
                label.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -16),
                label.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 16),
                label.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -16),
                card.widthAnchor.constraint(equalToConstant: 300),
            ])
            return (card, card.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize),
                    card.systemLayoutSizeFitting(UIView.layoutFittingExpandedSize))
        }
        #expect(size == CGSize(width: 300, height: 16 + 41 + 16))
        // Expanded: the label's compression resistance does not hold it down, its hugging
        // (250) beats the fitting level (50): the same height.
        #expect(expanded == CGSize(width: 300, height: 73))
        // Fitting moves nothing: the card keeps the frame it was given until laid out.
        #expect(CurrentHost.with(host) { card.frame.origin } == .zero)
        var components: (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8).getRed(&components.0, green: &components.1, blue: &components.2,
                                                                   alpha: &components.3)
        #expect(components == (0.2, 0.4, 0.6, 0.8))
    }

    @Test func theOldLayoutGuidesAreTheSafeAreasBands() throws {
        // A page controller's content pinned below topLayoutGuide and above
        // bottomLayoutGuide: the safe area of this iPhone (47 points at the top, 34 at the
        // bottom: Apple's figures) on a 844-point screen.
        final class Page: UIViewController {}
        let (content, top, bottom) = CurrentHost.with(host) { () -> (UIView, CGFloat, CGFloat) in
            let page = Page()
            page.view.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
            let content = UIView()
            content.translatesAutoresizingMaskIntoConstraints = false
            page.view.addSubview(content)
            NSLayoutConstraint.activate([
                content.topAnchor.constraint(equalTo: page.topLayoutGuide.bottomAnchor),
                content.bottomAnchor.constraint(equalTo: page.bottomLayoutGuide.topAnchor),
                content.leadingAnchor.constraint(equalTo: page.view.leadingAnchor),
                content.trailingAnchor.constraint(equalTo: page.view.trailingAnchor),
            ])
            return (content, page.topLayoutGuide.length, page.bottomLayoutGuide.length)
        }
        #expect(top == 47 && bottom == 34)
        #expect(content.frame == CGRect(x: 0, y: 47, width: 390, height: 844 - 47 - 34))
    }

    @Test func aViewControllersLayoutCallbacksRunAroundItsViewsLayout() throws {
        // A page that places its badge by hand in viewWillLayoutSubviews, as apps do: 16
        // points in from the top right of whatever size its view has.
        final class Page: UIViewController {
            let badge = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
            var calls: [String] = []
            override func viewDidLoad() { view.addSubview(badge) }
            override func viewWillLayoutSubviews() {
                calls.append("will")
                badge.frame.origin = CGPoint(x: view.bounds.width - 16 - 40, y: 16)
            }
            override func viewDidLayoutSubviews() { calls.append("did") }
        }
        let page = CurrentHost.with(host) { () -> Page in
            let page = Page()
            page.view.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
            return page
        }
        #expect(page.calls == ["will", "did"])
        #expect(CurrentHost.with(host) { page.badge.frame } == CGRect(x: 334, y: 16, width: 40, height: 20))
        // A new width: laid out again.
        CurrentHost.with(host) { page.view.frame = CGRect(x: 0, y: 0, width: 844, height: 390) }
        #expect(page.calls == ["will", "did", "will", "did"])
        #expect(CurrentHost.with(host) { page.badge.frame.origin } == CGPoint(x: 788, y: 16))
    }
}
extension SDKAutoLayoutTests {
    @Test func keyValueObservationSeesFramesAndOffsetsChange() throws {
        // DeckTransition's and PanModal's way: a presentation controller observes the
        // presented view's frame and a scroll view's content offset.
        final class Log { var frames: [CGRect] = []; var offsets: [(CGPoint?, CGPoint?)] = [] }
        let log = Log()
        let (view, scroll, frameObservation, offsetObservation) = CurrentHost.with(host) {
            () -> (UIView, UIScrollView, NSKeyValueObservation, NSKeyValueObservation) in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let frames = view.observe(\.frame, options: [.initial, .new]) { _, change in log.frames.append(change.newValue!) }
            let offsets = scroll.observe(\.contentOffset, options: [.old, .new]) { _, change in
                log.offsets.append((change.oldValue, change.newValue))
            }
            return (view, scroll, frames, offsets)
        }
        // .initial: once at once, with the value as it is.
        #expect(log.frames == [CGRect(x: 0, y: 0, width: 100, height: 100)])
        CurrentHost.with(host) {
            view.center = CGPoint(x: 60, y: 50)     // the frame moves 10 to the right
            view.alpha = 0.5                        // the frame does not change: no call
            scroll.contentOffset = CGPoint(x: 0, y: 40)
        }
        #expect(log.frames == [CGRect(x: 0, y: 0, width: 100, height: 100), CGRect(x: 10, y: 0, width: 100, height: 100)])
        #expect(log.offsets.count == 1 && log.offsets[0].0 == .zero && log.offsets[0].1 == CGPoint(x: 0, y: 40))
        // Invalidated: no more calls.
        frameObservation.invalidate()
        CurrentHost.with(host) { view.center = CGPoint(x: 70, y: 50) }
        #expect(log.frames.count == 2)
        withExtendedLifetime(offsetObservation) {}
    }
}

extension SDKAutoLayoutTests {
    @Test func autoresizingMasksShareAChangeOfSizeAsUIKitDoes() throws {
        let (filler, pinnedRight, centered) = CurrentHost.with(host) { () -> (UIView, UIView, UIView) in
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
            let filler = UIView(frame: CGRect(x: 10, y: 10, width: 180, height: 80))
            filler.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            let pinnedRight = UIView(frame: CGRect(x: 150, y: 0, width: 40, height: 20))
            pinnedRight.autoresizingMask = [.flexibleLeftMargin]
            let centered = UIView(frame: CGRect(x: 50, y: 40, width: 100, height: 20))
            centered.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
            for view in [filler, pinnedRight, centered] { container.addSubview(view) }
            container.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
            return (filler, pinnedRight, centered)
        }
        // 100 wider, 100 taller: the filler's size takes it all; the right-pinned view's left
        // margin takes the width; the centered one's margins (50 and 50) take 50 each.
        CurrentHost.with(host) {
            #expect(filler.frame == CGRect(x: 10, y: 10, width: 280, height: 180))
            #expect(pinnedRight.frame == CGRect(x: 250, y: 0, width: 40, height: 20))
            #expect(centered.frame == CGRect(x: 100, y: 40, width: 100, height: 20))
        }
    }
}
