import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine

/// Switches and sliders as a settings screen uses them: their look (UIKit's sizes and
/// colors) and what a tap does.
@Suite struct SDKControlsTests {
    let session = HostSession()
    var host: UnsafePointer<ah_host> { UnsafePointer(session.table) }

    @Test func aTapFlipsASwitchAndTellsItsAction() throws {
        var changes: [Bool] = []
        let toggle = CurrentHost.with(host) { () -> UISwitch in
            let toggle = UISwitch(frame: CGRect(x: 20, y: 30, width: 200, height: 200))
            toggle.addAction(UIAction { action in changes.append((action.sender as? UISwitch)?.isOn ?? false) },
                             for: .valueChanged)
            return toggle
        }
        // Always UIKit's 51 × 31, off: the light gray track, the knob at the left.
        #expect(toggle.frame == CGRect(x: 20, y: 30, width: 51, height: 31))
        #expect(toggle.backgroundColor == UIColor(rgb: 0xE9E9EA) && toggle.subviews.first?.frame.minX == 2)
        CurrentHost.with(host) {
            #expect(toggle.deliverTap(atWindowPoint: CGPoint(x: 40, y: 45)))
        }
        // On: green, the knob 22 points in (51 − 27 − 2), the action told once.
        #expect(toggle.isOn && changes == [true])
        #expect(toggle.backgroundColor == UIColor(rgb: 0x34C759) && toggle.subviews.first?.frame.minX == 22)
        // setOn does not send the action, as in UIKit; a disabled switch ignores taps.
        CurrentHost.with(host) {
            toggle.setOn(false, animated: false)
            toggle.isEnabled = false
            #expect(!toggle.deliverTap(atWindowPoint: CGPoint(x: 40, y: 45)))
        }
        #expect(!toggle.isOn && changes == [true])
    }

    @Test func aSliderPlacesItsThumbByItsValue() {
        CurrentHost.with(host) {
            let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 228, height: 31))
            slider.minimumValue = 0
            slider.maximumValue = 100
            slider.value = 25
            // The thumb travels 228 − 28 = 200 points: at a quarter, its center is 14 + 50.
            let thumb = slider.subviews[2], before = slider.subviews[1]
            #expect(thumb.frame == CGRect(x: 50, y: 1.5, width: 28, height: 28))
            #expect(before.frame == CGRect(x: 0, y: 13.5, width: 64, height: 4))
            // Values outside the range are held at its ends.
            slider.value = 140
            #expect(slider.value == 100 && thumb.frame.midX == 214)
        }
    }
}
