import AnimatorRuns
import AnimatorSupport

/// Writes a timeline as JSON laid out for review: one line per view per frame, so that a
/// change in a golden timeline shows in a diff as the lines of the views that moved, in
/// the frames where they moved. The text is the same JSON `run --timeline` writes (the
/// same reader loads it), only broken into lines.
public enum TimelineLayout {
    /// The laid-out text of a recording's timeline, ending in a newline.
    public static func text(_ recording: Recording) -> String {
        var out = ""
        write(Timeline.json(recording), key: nil, indent: "", into: &out)
        out += "\n"
        return out
    }

    /// A view's members that a golden timeline leaves out at these values ("zIndex" is
    /// the line's place, which the reader does not need).
    static let defaults: [String: JSONValue] = [
        "anchorPoint": .array([.number(0.5), .number(0.5)]),
        "transform": .array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1].map { JSONValue.number($0) }),
        "alpha": .number(1), "hidden": .bool(false), "backgroundColor": .null, "cornerRadius": .number(0),
        "masksToBounds": .bool(false), "borderWidth": .number(0), "borderColor": .string("#000000ff"),
        "shadowOpacity": .number(0), "shadowRadius": .number(3), "shadowOffset": .array([.number(0), .number(-3)]),
        "shadowColor": .string("#000000ff"), "zPosition": .number(0), "transition": .null, "text": .null,
        "contents": .null, "isView": .bool(true),
    ]

    /// Arrays broken into one element per line.
    private static let brokenArrays: Set<String> = ["transitions", "frames", "views", "images"]

    private static func write(_ value: JSONValue, key: String?, indent: String, into out: inout String) {
        switch value {
        case .object(let members) where key == "views":
            // A view on one line, without the members at their defaults (the reader
            // fills them in), so that a line shows what is particular to the view.
            out += JSONValue.object(members.filter { name, value in name != "zIndex" && Self.defaults[name] != value }).serialized()
        case .object(let members) where key != "log" && (key == nil || brokenArrays.contains(key!)):
            out += "{\n"
            let inner = indent + "  "
            for (index, (name, member)) in members.enumerated() {
                out += inner + JSONValue.string(name).serialized() + ": "
                write(member, key: name, indent: inner, into: &out)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        case .array(let elements) where key.map(brokenArrays.contains) == true && !elements.isEmpty:
            out += "[\n"
            let inner = indent + "  "
            for (index, element) in elements.enumerated() {
                out += inner
                write(element, key: key, indent: inner, into: &out)
                out += index == elements.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        default:
            out += value.serialized()
        }
    }

    /// Reads a golden timeline back.
    ///
    /// - Throws: `SnapshotError` naming the file and what is wrong with it.
    public static func load(path: String) throws(SnapshotError) -> Recording {
        do {
            return try Timeline.load(path: path)
        } catch {
            throw SnapshotError(error.path, error.reason)
        }
    }
}
