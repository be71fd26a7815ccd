import AnimatorKit

/// The photo's page: the photo across the screen's width, centred, on black. A swipe
/// down anywhere on it goes back to the grid.
final class PhotoViewController: UIViewController {
    let photoView = UIView()
    private let color: UIColor

    init(color: UIColor) {
        self.color = color
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        return nil
    }

    /// White status bar text over the black page (under a shown navigation bar the bar
    /// decides, as in UIKit).
    override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }

    /// Laid out once for an upright phone: portrait only.
    override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Photo"
        view.backgroundColor = .black
        let width = view.bounds.width
        photoView.frame = CGRect(x: 0, y: (view.bounds.height - width) / 2, width: width, height: width)
        photoView.backgroundColor = color
        view.addSubview(photoView)
        let swipe = UISwipeGestureRecognizer { [weak self] _ in
            self?.navigationController?.popViewController(animated: true)
        }
        swipe.direction = .down
        view.addGestureRecognizer(swipe)
    }
}
