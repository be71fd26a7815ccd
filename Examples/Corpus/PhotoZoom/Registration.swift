import AnimatorKit

/// The app's navigation controller delegate and its screens: the grid and the page of the
/// photo it shows (ScreenProviding), the zoom for pushes and pops between them.
final class PhotoTransitions: NSObject, UINavigationControllerDelegate, ScreenProviding {
    let selectedIndex: Int
    let duration: TimeInterval

    init(selectedIndex: Int, duration: TimeInterval) {
        self.selectedIndex = selectedIndex
        self.duration = duration
    }

    func viewController(forScreen name: String) -> UIViewController? {
        switch name {
        case "list":
            let grid = PhotoGridViewController()
            grid.selectedIndex = selectedIndex
            return grid
        case "detail":
            return PhotoViewController(color: PhotoGridViewController.photoColors[selectedIndex])
        default:
            return nil
        }
    }

    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        let animator = PhotoZoomAnimator()
        animator.operation = operation
        animator.duration = duration
        return animator
    }
}

@_cdecl("animator_host_entry")
public func animatorHostEntry() -> UnsafeRawPointer {
    AnimatorLibrary.entry(
        AnimatorExport(
            AnimatorDescriptor(
                id: "org.animatorhost.corpus.photo-zoom", name: "photo-zoom", displayName: "Photo zoom",
                version: "1.0.0", summary: "A photo grows from the app's own grid to its own photo page, and back.",
                operations: [.push, .pop],
                parameters: [
                    .number("duration", default: 0.4, range: 0...5, help: "Length of the transition in seconds."),
                    .number("cell", default: 4, range: 0...11, help: "The photo tapped in the grid (0 to 11)."),
                ]),
            delegate: { parameters in
                PhotoTransitions(selectedIndex: Int(parameters.number("cell")), duration: parameters.number("duration"))
            }))
}
