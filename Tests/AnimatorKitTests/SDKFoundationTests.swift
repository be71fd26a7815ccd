@testable import AnimatorHost
@testable import AnimatorKit
import Testing

/// `import AnimatorKit` brings Foundation as `import UIKit` does on iOS, and AnimatorKit's
/// geometry is Foundation's: code written with helpers that import only Foundation compiles
/// and runs against the SDK's views.
@Suite struct SDKFoundationTests {
    let session = HostSession()

    func inHost<R>(_ body: () -> R) -> R { CurrentHost.with(UnsafePointer(session.table), body) }

    /// Written as an app's animator writes it: NSObject, TimeInterval, a Foundation-only
    /// helper on a view's frame, NotificationCenter when it is done.
    final class ZoomOut: NSObject, UIViewControllerAnimatedTransitioning {
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.25 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {}
    }

    @Test func foundationsGeometryIsTheSDKs() {
        let (frame, center, shrunk) = inHost { () -> (CGRect, CGPoint, CGRect) in
            let view = UIView(frame: CGRect(x: 10, y: 20, width: 200, height: 100))
            // The helper's CGRect (Foundation's) is the view's CGRect.
            return (view.frame, view.frame.centerPoint, view.frame.scaled(by: 0.5))
        }
        #expect(frame == CGRect(x: 10, y: 20, width: 200, height: 100))
        #expect(center == CGPoint(x: 110, y: 70))
        #expect(shrunk == CGRect(x: 60, y: 45, width: 100, height: 50))
        // CGFloat and Double mix as on iOS.
        let half: CGFloat = frame.width / 2
        let seconds: TimeInterval = ZoomOut().transitionDuration(using: nil)
        #expect(half * seconds == 25)
    }

    @Test func notificationCenterAndDateComeWithTheImport() {
        // Posted and delivered on this thread (no queue), as a transition's completion does.
        final class Received: @unchecked Sendable { var names: [String] = [] }
        let received = Received()
        let center = NotificationCenter()
        let token = center.addObserver(forName: transitionDidFinishNotification, object: nil, queue: nil) { note in
            received.names.append(note.userInfo?["animator"] as? String ?? "?")
        }
        center.post(name: transitionDidFinishNotification, object: nil, userInfo: ["animator": "zoom-out"])
        center.removeObserver(token)
        center.post(name: transitionDidFinishNotification, object: nil, userInfo: ["animator": "again"])
        #expect(received.names == ["zoom-out"])
        #expect(Date(timeIntervalSince1970: 90).timeIntervalSince(Date(timeIntervalSince1970: 30)) == 60)
    }
}

/// `DispatchQueue` in a file that imports AnimatorKit (Foundation with it) is the SDK's,
/// on the host's clock: a delayed step lands on the same frame every run.
@Suite struct SDKDispatchNameTests {
    @Test func dispatchQueueIsTheHostClocksOne() throws {
        #expect(String(reflecting: DispatchQueue.self) == "AnimatorKit.DispatchQueue")
        // The file importing both notes a step 0.3 s of host time later.
        let session = HostSession()
        let log = StepLog()
        CurrentHost.with(UnsafePointer(session.table)) { noteLater(in: log) }
        try session.engine.advance(to: 0.29)
        #expect(log.steps.isEmpty)
        try session.engine.advance(to: 0.3)
        #expect(log.steps == ["later"])
    }
}

/// `import CoreGraphics` and `import QuartzCore` compile as on iOS and give the SDK's types.
@Suite struct SDKAppleModuleNameTests {
    @Test func helpersImportingCoreGraphicsAndQuartzCoreWorkWithTheSDK() {
        let outline = cardOutline(in: CGRect(x: 10, y: 20, width: 100, height: 50), radius: 8)
        // A rounded rectangle's bounding box is its rectangle.
        #expect(outline.boundingBox == CGRect(x: 10, y: 20, width: 100, height: 50))
        let fade: AnimatorKit.CABasicAnimation = fadeIn(duration: 0.3)
        #expect(fade.duration == 0.3 && fade.keyPath == "opacity")
    }
}
