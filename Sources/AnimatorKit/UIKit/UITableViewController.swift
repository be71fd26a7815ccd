import Foundation

/// UITableViewController: a view controller whose view is a table it is the data source
/// and delegate of. Override the data source's and delegate's methods as on iOS.
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    /// The style its table is made with.
    public let tableViewStyle: UITableView.Style
    /// Whether the selection is cleared when the view is about to appear again (UIKit's true).
    public var clearsSelectionOnViewWillAppear = true

    /// init(style:): a controller whose table has `style`.
    public init(style: UITableView.Style) {
        tableViewStyle = style
        super.init(nibName: nil, bundle: nil)
    }

    /// A plain table's controller (init(nibName:bundle:)).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        tableViewStyle = .plain
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// NSCoding: there are no archived view controllers here.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The table: the view.
    public var tableView: UITableView! {
        get { view as? UITableView }
        set { view = newValue }
    }

    /// Makes the table, sized to the screen, with this controller as its data source and delegate.
    open override func loadView() {
        let table = UITableView(frame: UIScreen.main.bounds, style: tableViewStyle)
        table.dataSource = self
        table.delegate = self
        view = table
    }

    /// Clears the selection (fading) when `clearsSelectionOnViewWillAppear` says, as UIKit does.
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if clearsSelectionOnViewWillAppear, let row = tableView.indexPathForSelectedRow {
            tableView.deselectRow(at: row, animated: animated)
        }
    }

    open func numberOfSections(in tableView: UITableView) -> Int { 1 }
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "") ?? UITableViewCell(style: .default, reuseIdentifier: nil)
    }
    open func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.resolvedRowHeight }
    open func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
}
