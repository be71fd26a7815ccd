import AnimatorKit

/// A photo library's grid: twelve square photos, three to a row, 2 points apart and from
/// the edges. (The photos are flat colors: the grid is what the transition needs.)
final class PhotoGridViewController: UIViewController {
    static let photoColors: [UIColor] = [
        .systemRed, .systemOrange, .systemYellow, .systemGreen, .systemTeal, .systemBlue,
        .systemIndigo, .systemPurple, .systemPink, UIColor(red: 0.55, green: 0.35, blue: 0.2, alpha: 1),
        UIColor(red: 0.2, green: 0.5, blue: 0.35, alpha: 1), UIColor(red: 0.35, green: 0.35, blue: 0.4, alpha: 1),
    ]

    private(set) var photoViews: [UIView] = []
    /// The photo the user tapped: the one the zoom grows.
    var selectedIndex = 0

    var selectedPhotoView: UIView { photoViews[selectedIndex] }

    /// Laid out once for an upright phone: portrait only.
    override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .white
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Photos"
        let side = (view.bounds.width - 8) / 3
        for (index, color) in Self.photoColors.enumerated() {
            let photo = UIView(frame: CGRect(x: 2 + CGFloat(index % 3) * (side + 2),
                                             y: 2 + CGFloat(index / 3) * (side + 2), width: side, height: side))
            photo.backgroundColor = color
            photo.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in self?.showPhoto(at: index) })
            view.addSubview(photo)
            photoViews.append(photo)
        }
    }

    /// A tap on a photo opens its page.
    func showPhoto(at index: Int) {
        selectedIndex = index
        navigationController?.pushViewController(PhotoViewController(color: Self.photoColors[index]), animated: true)
    }
}
