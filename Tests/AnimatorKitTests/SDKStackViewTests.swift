import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine

/// Stack views as apps build screens with them, their frames worked by hand from the
/// constraints UIKit's stack view makes.
@Suite struct SDKStackViewTests {
    let session = HostSession()
    var host: UnsafePointer<ah_host> { UnsafePointer(session.table) }

    func close(_ a: CGRect, _ b: CGRect) -> Bool {
        abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.width - b.width) < 1e-6 && abs(a.height - b.height) < 1e-6
    }

    @Test func aRowFilledEquallySharesItsWidthAndAHiddenViewGivesItsRoomAway() {
        CurrentHost.with(host) {
            let views = (0..<3).map { _ in UIView() }
            let row = UIStackView(arrangedSubviews: views)
            row.frame = CGRect(x: 0, y: 0, width: 300, height: 100)
            row.distribution = .fillEqually
            row.spacing = 10
            row.layoutIfNeeded()
            // (300 − 2 × 10) / 3 = 93.33 each, 10 apart, the row's height.
            let width = 280.0 / 3
            for (index, view) in views.enumerated() {
                #expect(close(view.frame, CGRect(x: Double(index) * (width + 10), y: 0, width: width, height: 100)), "\(view.frame)")
            }
            // Hidden, the middle one takes no room: (300 − 10) / 2 = 145.
            views[1].isHidden = true
            row.layoutIfNeeded()
            #expect(close(views[0].frame, CGRect(x: 0, y: 0, width: 145, height: 100)), "\(views[0].frame)")
            #expect(close(views[2].frame, CGRect(x: 155, y: 0, width: 145, height: 100)), "\(views[2].frame)")
            #expect(row.arrangedSubviews.count == 3 && row.subviews.count == 3)
        }
        #expect(session.log.filter { $0.level == .error }.isEmpty, "\(session.log)")
    }

    @Test func aCentredColumnStretchesTheViewWithoutAHeight() {
        CurrentHost.with(host) {
            let column = UIStackView(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
            column.axis = .vertical
            column.alignment = .center
            column.spacing = 8
            let sizes: [(CGFloat, CGFloat?)] = [(100, 50), (80, 60), (120, nil)]
            var views: [UIView] = []
            for (width, height) in sizes {
                let view = UIView()
                view.widthAnchor.constraint(equalToConstant: width).isActive = true
                if let height { view.heightAnchor.constraint(equalToConstant: height).isActive = true }
                column.addArrangedSubview(view)
                views.append(view)
            }
            column.layoutIfNeeded()
            // Centred across: x = (200 − width) / 2; along: 50, 8, 60, 8, and the rest
            // (300 − 50 − 60 − 16 = 174) for the third.
            #expect(close(views[0].frame, CGRect(x: 50, y: 0, width: 100, height: 50)), "\(views[0].frame)")
            #expect(close(views[1].frame, CGRect(x: 60, y: 58, width: 80, height: 60)), "\(views[1].frame)")
            #expect(close(views[2].frame, CGRect(x: 40, y: 126, width: 120, height: 174)), "\(views[2].frame)")
            // A custom spacing after the first: 20 instead of 8 pushes the others down 12.
            column.setCustomSpacing(20, after: views[0])
            column.layoutIfNeeded()
            #expect(close(views[1].frame, CGRect(x: 60, y: 70, width: 80, height: 60)), "\(views[1].frame)")
            #expect(close(views[2].frame, CGRect(x: 40, y: 138, width: 120, height: 162)), "\(views[2].frame)")
        }
    }
}
