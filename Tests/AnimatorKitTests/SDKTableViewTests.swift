import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine
@testable import AnimatorRuns

/// A list screen as apps write it: a `UITableViewController` subclass with a registered
/// cell class, fixed-height rows, and a `didSelectRowAt` that pushes the row's page. The
/// table makes cells only for the rows on screen, reuses those that scroll away, and a tap
/// on a row selects it and pushes.
@Suite struct SDKTableViewTests {
    final class ContactCell: UITableViewCell {
        let badge = UIView()
        var reuses = 0

        override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
            badge.frame = CGRect(x: 340, y: 20, width: 20, height: 20)
            badge.backgroundColor = .systemRed
            contentView.addSubview(badge)
        }

        required init?(coder: NSCoder) {
            return nil
        }

        override func prepareForReuse() {
            super.prepareForReuse()
            reuses += 1
        }
    }

    final class ContactsViewController: UITableViewController {
        let names = (0..<20).map { "Contact \($0)" }
        var selections: [IndexPath] = []
        var cells: [ContactCell] = []
        var refuses: IndexPath?

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Contacts"
            tableView.register(ContactCell.self, forCellReuseIdentifier: "contact")
            tableView.rowHeight = 60
        }

        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { names.count }

        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath) as! ContactCell
            if !cells.contains(where: { $0 === cell }) { cells.append(cell) }
            cell.textLabel?.text = names[indexPath.row]
            cell.detailTextLabel?.text = "mobile"
            return cell
        }

        override func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
            indexPath == refuses ? nil : indexPath
        }

        override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            selections.append(indexPath)
            let page = UIViewController()
            page.title = names[indexPath.row]
            navigationController?.pushViewController(page, animated: true)
        }
    }

    final class App: NSObject, ScreenProviding {
        var lists: [ContactsViewController] = []
        func viewController(forScreen name: String) -> UIViewController? {
            guard name == "list" else { return nil }
            let list = ContactsViewController(style: .plain)
            lists.append(list)
            return list
        }
    }

    /// A list whose willSelectRowAt refuses one row.
    final class Refusing: NSObject, ScreenProviding {
        let list = ContactsViewController(style: .plain)
        func viewController(forScreen name: String) -> UIViewController? { name == "list" ? list : nil }
    }

    func stage<Provider: NSObject & ScreenProviding>(_ provider: Provider) -> (TransitionStage, AnimatorInstance) {
        let (stage, instance, _) = hostedStage(provider)
        return (stage, instance)
    }

    /// The stage, the instance and the host table its views live in (plugin code that makes
    /// views runs inside a host call: `CurrentHost.with`).
    func hostedStage<Provider: NSObject & ScreenProviding>(_ provider: Provider)
        -> (TransitionStage, AnimatorInstance, UnsafePointer<ah_host>) {
        let made = SDKAppStage(provider, operations: OperationSet([.push, .pop]))
        return (made.stage, made.instance, made.host)
    }

    func stage() -> (TransitionStage, AnimatorInstance, App) {
        let app = App()
        let (stage, instance) = stage(app)
        return (stage, instance, app)
    }

    @Test func onlyTheRowsOnScreenHaveCellsAndATapPushesTheRowsPage() throws {
        let (stage, instance, app) = stage()
        // The list sits below the status bar (47) and the navigation bar (44): content y
        // = window y − 91. Rows are 60 points: row 5 spans 300 ..< 360, window 391 ..< 451.
        let outcome = try stage.perform(.push, animator: instance, tap: Point(x: 195, y: 420))
        #expect(outcome.completed && outcome.problems.isEmpty, "\(outcome.problems)")
        let list = try #require(app.lists.first)
        let table = try #require(list.tableView)
        #expect(list.selections == [IndexPath(row: 5, section: 0)])
        #expect(stage.to.title == "Contact 5")
        #expect(table.indexPathForSelectedRow == IndexPath(row: 5, section: 0))
        // The table is 844 − 91 = 753 points tall: rows 0 to 12 (12 × 60 = 720 < 753) show,
        // each a cell of its own, at 60 × row; 20 rows make 1,200 points of content.
        #expect(table.bounds.height == 753 && table.contentSize.height == 1200)
        #expect(table.indexPathsForVisibleRows == (0...12).map { IndexPath(row: $0, section: 0) })
        #expect(table.visibleCells.count == 13 && Set(table.visibleCells.map(ObjectIdentifier.init)).count == 13)
        for row in 0...12 {
            let cell = try #require(table.cellForRow(at: IndexPath(row: row, section: 0)))
            #expect(cell.frame == CGRect(x: 0, y: CGFloat(60 * row), width: 390, height: 60))
            #expect(cell.textLabel?.text == "Contact \(row)" && cell.isSelected == (row == 5))
        }
        #expect(table.cellForRow(at: IndexPath(row: 13, section: 0)) == nil)
        // The selected row shows UIKit's gray behind its content.
        let selected = try #require(table.cellForRow(at: IndexPath(row: 5, section: 0)))
        let fill = try #require(selected.subviews.first)
        #expect(fill.backgroundColor == UIColor(rgb: 0xD1D1D6) && fill.frame == selected.bounds)
        #expect(selected.subviews.last === selected.contentView)
    }

    @Test func scrollingReusesTheCellsThatLeftAndKeepsTheSelection() throws {
        let app = App()
        let (stage, instance, host) = hostedStage(app)
        _ = try stage.perform(.push, animator: instance, tap: Point(x: 195, y: 420))
        let list = try #require(app.lists.first)
        let table = try #require(list.tableView)
        // Scrolled by the app's code, inside a host call, as plugin code runs.
        let failure: Error? = CurrentHost.with(host) {
            do { try scrolls(list, table) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    func scrolls(_ list: ContactsViewController, _ table: UITableView) throws {
        #expect(table.indexPathsForVisibleRows == (0...12).map { IndexPath(row: $0, section: 0) })
        let made = list.cells.count
        // To the end: 1,200 − 753 = 447. Row 7 (420 ..< 480) is the first that shows.
        table.contentOffset = CGPoint(x: 0, y: 447)
        #expect(table.indexPathsForVisibleRows == (7...19).map { IndexPath(row: $0, section: 0) })
        // Rows 0 to 6 left and 13 to 19 came in: no new cell, seven handed out again, each
        // prepared for reuse once.
        #expect(list.cells.count == made)
        #expect(list.cells.map(\.reuses).reduce(0, +) == 7 && list.cells.allSatisfy { $0.reuses <= 1 })
        #expect(table.cellForRow(at: IndexPath(row: 19, section: 0))?.textLabel?.text == "Contact 19")
        // Row 5 is off screen but still selected; scrolled back, its new cell shows it.
        table.contentOffset = .zero
        #expect(table.indexPathForSelectedRow == IndexPath(row: 5, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 5, section: 0))?.isSelected == true)
        #expect(table.visibleCells.filter(\.isSelected).count == 1)
        // A separator under each row on screen but the table's last: 16 points in, half a
        // point at the row's bottom, UIKit's separator color.
        table.contentOffset = CGPoint(x: 0, y: 447)
        let lines = table.subviews.filter { $0.frame.height == 0.5 }
        #expect(lines.count == 12)
        #expect(lines.allSatisfy { $0.frame.minX == 16 && $0.frame.width == 374 && $0.backgroundColor == .separator })
        let tops: [Double] = lines.map { Double($0.frame.minY) }.sorted()
        let expected: [Double] = (7...18).map { row in Double(60 * row + 60) - 0.5 }
        #expect(tops == expected)
    }

    @Test func aRowTheDelegateRefusesIsNotSelectedAndStartsNothing() throws {
        // willSelectRowAt returns nil for row 5: no selection, no push.
        let provider = Refusing()
        provider.list.refuses = IndexPath(row: 5, section: 0)
        let (stage, instance) = stage(provider)
        do {
            _ = try stage.perform(.push, animator: instance, tap: Point(x: 195, y: 420))
            Issue.record("a refused row pushed")
        } catch {
            #expect(error.reason.hasPrefix("the tap at (195, 420) asked for no transition"), "\(error.reason)")
        }
        #expect(provider.list.selections.isEmpty && provider.list.tableView.indexPathForSelectedRow == nil)
        // Row 6 (window 451 ..< 511) is not refused.
        let other = Refusing()
        other.list.refuses = IndexPath(row: 5, section: 0)
        let (next, nextInstance) = self.stage(other)
        let outcome = try next.perform(.push, animator: nextInstance, tap: Point(x: 195, y: 480))
        #expect(outcome.completed && other.list.selections == [IndexPath(row: 6, section: 0)])
    }

    /// Rows for the selection test: three rows, 50 points each.
    final class Three: NSObject, UITableViewDataSource, UITableViewDelegate {
        var calls: [String] = []
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            UITableViewCell(style: .default, reuseIdentifier: nil)
        }
        func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 50 }
        func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { calls.append("select \(indexPath.row)") }
        func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) { calls.append("deselect \(indexPath.row)") }
    }

    @Test func tapsSelectOneRowOrSeveralAsTheTableAllows() {
        let session = HostSession()
        let rows = Three()
        CurrentHost.with(UnsafePointer(session.table)) {
            // Not in a window: window points are the table's own.
            let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 400))
            table.dataSource = rows
            table.delegate = rows
            #expect(table.takeTap(atWindowPoint: CGPoint(x: 10, y: 60)))      // row 1
            #expect(table.takeTap(atWindowPoint: CGPoint(x: 10, y: 120)))     // row 2: row 1 loses it
            #expect(!table.takeTap(atWindowPoint: CGPoint(x: 10, y: 160)))    // below the rows
            #expect(rows.calls == ["select 1", "deselect 1", "select 2"])
            #expect(table.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
            rows.calls = []
            table.allowsMultipleSelection = true
            _ = table.takeTap(atWindowPoint: CGPoint(x: 10, y: 10))           // row 0 joins
            _ = table.takeTap(atWindowPoint: CGPoint(x: 10, y: 120))          // row 2 again: deselected
            #expect(rows.calls == ["select 0", "deselect 2"])
            #expect(table.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0)])
            _ = table.takeTap(atWindowPoint: CGPoint(x: 10, y: 60))
            #expect(table.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)])
            #expect(table.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
            #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.isSelected == true)
            table.deselectRow(at: IndexPath(row: 0, section: 0), animated: false)
            table.deselectRow(at: IndexPath(row: 1, section: 0), animated: false)
            #expect(table.indexPathsForSelectedRows == nil && table.visibleCells.allSatisfy { !$0.isSelected })
        }
    }

    /// A navigation item's title is the bar's, over the view controller's; setting the
    /// view controller's title sets its item's too, as in UIKit.
    final class Titled: NSObject, ScreenProviding {
        let titleLast: Bool
        init(titleLast: Bool) { self.titleLast = titleLast }
        func viewController(forScreen name: String) -> UIViewController? {
            guard name == "list" else { return nil }
            let list = UIViewController()
            if titleLast {
                list.navigationItem.title = "Inbox"
                list.title = "Mail"
            } else {
                list.title = "Mail"
                list.navigationItem.title = "Inbox"
            }
            list.navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .compose)
            return list
        }
    }

    @Test func theNavigationItemsTitleIsWhatTheBarShows() throws {
        let (stage, instance) = stage(Titled(titleLast: false))
        try stage.prepare(.push, presenter: instance)
        #expect(stage.from.title == "Inbox")
        let (again, againInstance) = self.stage(Titled(titleLast: true))
        try again.prepare(.push, presenter: againInstance)
        #expect(again.from.title == "Mail")
    }
}
