@testable import AnimatorHost
@testable import AnimatorKit
import Foundation
import Testing

/// The window and its scene as library code reaches them: `keyWindow?.rootViewController`
/// for the root screen's safe area or the top of the presentation chain, the scene's
/// status bar frame, the orientation.
@Suite struct SDKWindowSceneTests {
    @Test func theWindowsSceneAndRootAnswerForTheRunsScreen() throws {
        let stage = try SDKStage()
        let host = UnsafePointer(stage.session.table)
        CurrentHost.with(host) {
            guard let window = UIApplication.shared.keyWindow else {
                Issue.record("no key window")
                return
            }
            // One scene, the window's, connected to the app, with the window in it.
            let scene = window.windowScene
            #expect(scene != nil && UIApplication.shared.connectedScenes.count == 1)
            #expect(UIApplication.shared.connectedScenes.first === scene)
            #expect(scene?.windows == [window] && scene?.keyWindow === window)
            #expect(scene?.activationState == .foregroundActive)
            // iPhone 14 upright (the default): 390 × 844 points, the status bar the notch's
            // 47 points of safe area at the top, portrait.
            #expect(scene?.statusBarManager?.statusBarFrame == CGRect(x: 0, y: 0, width: 390, height: 47))
            #expect(scene?.interfaceOrientation == .portrait && scene?.interfaceOrientation.isLandscape == false)
            // The root view controller is the run's root screen (the list): its view fills
            // the window and has the device's safe area, as PanModal reads it.
            let root = window.rootViewController
            #expect(root?.view.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
            #expect(root?.view.safeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
            // The same object every time it is asked.
            #expect(window.rootViewController === root)
            // The window is the host's: a new root is refused, with a line in the log.
            let other = UIViewController()
            other.title = "Other"
            window.rootViewController = other
            #expect(window.rootViewController === root)
        }
        #expect(stage.session.log.contains { $0.message.contains("rootViewController") && $0.message.contains("Other") },
                "\(stage.session.log)")
    }

    @Test func aLandscapeRunIsLandscape() throws {
        let stage = try SDKStage()
        stage.session.traits.orientation = .landscape
        let orientation = CurrentHost.with(UnsafePointer(stage.session.table)) {
            UIApplication.shared.keyWindow?.windowScene?.interfaceOrientation
        }
        #expect(orientation?.isLandscape == true)
    }
}
