import AnimatorSupport

/// Everything an animator says about itself, copied out of its C descriptor.
public struct AnimatorInfo: Equatable, Sendable {
    /// Stable reverse-DNS id.
    public var id: String
    /// Short command-line name.
    public var name: String
    /// Human name (the short name when the animator gave none).
    public var displayName: String
    /// The animator's own version.
    public var version: String
    /// One sentence, if given.
    public var summary: String?
    /// Who wrote it, if given.
    public var author: String?
    /// Where to read more, if given.
    public var url: String?
    /// The operations it supports.
    public var operations: OperationSet
    /// Whether it can be driven interactively.
    public var isInteractive: Bool
    /// Whether one instance serves every transition with the same parameter values
    /// (AH_ANIMATOR_SHARED_INSTANCE).
    public var sharesInstance = false
    /// Its parameters, in the order their values are passed.
    public var parameters: [ParameterSpec]
    /// The ABI its library was built for.
    public var abi: ABIVersion
    /// The library file it came from.
    public var path: String
    /// The version of the file the animator was read from (set by the loader); a library
    /// is loaded only if its file still has it.
    public var file: FileIdentity?
    /// Its index among the library's animators.
    public var index: UInt32

    /// Creates an info.
    public init(id: String, name: String, displayName: String, version: String, summary: String?,
                author: String?, url: String?, operations: OperationSet, isInteractive: Bool,
                parameters: [ParameterSpec], abi: ABIVersion, path: String, index: UInt32) {
        self.id = id
        self.name = name
        self.displayName = displayName
        self.version = version
        self.summary = summary
        self.author = author
        self.url = url
        self.operations = operations
        self.isInteractive = isInteractive
        self.parameters = parameters
        self.abi = abi
        self.path = path
        self.index = index
    }

    /// The parameter called `name`.
    public func parameter(named name: String) -> ParameterSpec? {
        parameters.first { $0.name == name }
    }

    /// The animator as a JSON object: the keys of `list --json` (id, name, version, abi,
    /// operations, interactive, parameters, path, description) and the rest of the
    /// descriptor (displayName, author, url, index).
    public var json: JSONValue {
        .object([
            ("id", .string(id)),
            ("name", .string(name)),
            ("displayName", .string(displayName)),
            ("version", .string(version)),
            ("abi", .string(abi.description)),
            ("operations", .array(operations.operations.map { .string($0.rawValue) })),
            ("interactive", .bool(isInteractive)),
            ("parameters", .array(parameters.map(\.json))),
            ("path", .string(path)),
            ("description", .optional(summary)),
            ("author", .optional(author)),
            ("url", .optional(url)),
            ("index", .number(Double(index))),
        ] + (sharesInstance ? [("sharedInstance", .bool(true))] : [])
          + (file.map { [("file", .string($0.text))] } ?? []))
    }

    /// Reads an info written by `json`; nil when something is missing or malformed.
    public init?(json: JSONValue) {
        guard let id = json["id"]?.stringValue, let name = json["name"]?.stringValue,
              let version = json["version"]?.stringValue, let abiText = json["abi"]?.stringValue,
              let abiParts = Optional(abiText.split(separator: ".").compactMap { UInt32($0) }), abiParts.count == 2,
              let operationNames = json["operations"]?.arrayValue, let path = json["path"]?.stringValue,
              let parametersJSON = json["parameters"]?.arrayValue,
              let index = json["index"]?.numberValue.flatMap({ UInt32(exactly: $0) }) else {
            return nil
        }
        let operations = operationNames.compactMap { $0.stringValue.flatMap(TransitionOperation.init(rawValue:)) }
        let parameters = parametersJSON.compactMap(ParameterSpec.init(json:))
        guard operations.count == operationNames.count, parameters.count == parametersJSON.count else { return nil }
        self.init(id: id, name: name, displayName: json["displayName"]?.stringValue ?? name, version: version,
                  summary: json["description"]?.stringValue, author: json["author"]?.stringValue,
                  url: json["url"]?.stringValue, operations: OperationSet(operations),
                  isInteractive: json["interactive"]?.boolValue ?? false, parameters: parameters,
                  abi: ABIVersion(major: abiParts[0], minor: abiParts[1]), path: path, index: index)
        sharesInstance = json["sharedInstance"]?.boolValue ?? false
        file = json["file"]?.stringValue.flatMap(FileIdentity.init(text:))
    }

    /// Resolves `--param name=value` assignments against this animator's parameters.
    ///
    /// - Parameter assignments: texts of the form `name=value`; a later one for the same
    ///   name replaces an earlier one.
    /// - Returns: one value per parameter, in declaration order, defaults filled in.
    /// - Throws: the first malformed assignment, unknown name or invalid value.
    public func resolveParameters(_ assignments: [String]) throws(ParameterError) -> [ParameterValue] {
        var values = parameters.map(\.defaultValue)
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw ParameterError(parameter: assignment, reason: "expected name=value")
            }
            let name = String(assignment[..<equals])
            // Exact first, then regardless of case (Duration=0.3 means duration).
            guard let index = parameters.firstIndex(where: { $0.name == name })
                    ?? parameters.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) else {
                let known = parameters.map(\.name).joined(separator: ", ")
                let guess = Suggestion.closest(to: name, among: parameters.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
                throw ParameterError(parameter: name,
                                     reason: "\(self.name) has no such parameter\(guess) (it has: \(known.isEmpty ? "none" : known))")
            }
            values[index] = try parameters[index].parse(String(assignment[assignment.index(after: equals)...]))
        }
        return values
    }
}
