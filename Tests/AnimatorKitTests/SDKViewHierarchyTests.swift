import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine
@testable import AnimatorRendering

/// A view's mask view (a reveal transition's tool), tags, and swapping subviews.
@Suite struct SDKViewHierarchyTests {
    let session = HostSession()
    var host: UnsafePointer<ah_host> { UnsafePointer(session.table) }

    @Test func aMaskViewCutsTheViewAndAnimatingItsFrameAnimatesTheCut() throws {
        let (root, card, cut) = CurrentHost.with(host) { () -> (UIView, UIView, UIView) in
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            root.backgroundColor = .white
            let card = UIView(frame: root.bounds)
            card.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
            root.addSubview(card)
            let cut = UIView(frame: CGRect(x: 25, y: 25, width: 50, height: 50))
            cut.backgroundColor = .black
            card.mask = cut
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: {
                cut.frame = card.bounds
            })
            return (root, card, cut)
        }
        #expect(card.mask === cut && cut.superview == nil)
        let size = Size(width: 100, height: 100)
        // At the start the cut is the middle 50 × 50: red inside, white outside.
        let start = try session.picture(of: root, size: size, at: 0)
        #expect(start.rgb(50, 50) == [255, 0, 0] && start.rgb(10, 10) == [255, 255, 255] && start.rgb(20, 50) == [255, 255, 255])
        // Half way (linear): the cut spans 12.5 ... 87.5.
        let middle = try session.picture(of: root, size: size, at: 0.5)
        #expect(middle.rgb(20, 50) == [255, 0, 0] && middle.rgb(10, 10) == [255, 255, 255] && middle.rgb(90, 50) == [255, 255, 255])
        // Removed: the whole card.
        CurrentHost.with(host) { card.mask = nil }
        #expect(card.mask == nil)
        let whole = try session.picture(of: root, size: size, at: 0.5)
        #expect(whole.rgb(5, 5) == [255, 0, 0])
    }

    @Test func tagsFindViewsAndSubviewsSwapPlaces() {
        CurrentHost.with(host) {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let views = (0..<4).map { index -> UIView in
                let view = UIView()
                view.tag = 10 + index
                root.addSubview(view)
                return view
            }
            let inner = UIView()
            inner.tag = 99
            views[2].addSubview(inner)
            #expect(root.viewWithTag(12) === views[2] && root.viewWithTag(99) === inner && root.viewWithTag(7) == nil)
            root.exchangeSubview(at: 1, withSubviewAt: 3)
            #expect(root.subviews.map(\.tag) == [10, 13, 12, 11])
            root.exchangeSubview(at: 0, withSubviewAt: 1)
            #expect(root.subviews.map(\.tag) == [13, 10, 12, 11])
        }
    }
}
