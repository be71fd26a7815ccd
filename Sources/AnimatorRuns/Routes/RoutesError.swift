/// Why a routes file was refused: where (source and JSON path) and why, in one line.
public struct RoutesError: Error, Equatable, CustomStringConvertible {
    /// The file (or "demo").
    public var source: String
    /// The JSON path of the problem, or nil for a syntax error (the reason says where).
    public var path: String?
    /// Why.
    public var reason: String

    public var description: String { "\(source): " + (path.map { "\($0): " } ?? "") + reason }
}
