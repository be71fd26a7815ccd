import AnimatorABI
import AnimatorEngine
import Glibc

/// The smallest struct sizes a plugin may declare: the end of each struct's last batch-1.0
/// field. Fields appended in later minors make structs longer, never these offsets.
enum MinimumSize {
    static let entry = MemoryLayout<ah_plugin_entry>.offset(of: \.create_animator)!
        + MemoryLayout<UnsafeRawPointer>.size
    static let descriptor = MemoryLayout<ah_animator_descriptor>.offset(of: \.params)!
        + MemoryLayout<UnsafeRawPointer>.size
    static let parameter = MemoryLayout<ah_param_descriptor>.offset(of: \.enum_count)!
        + MemoryLayout<UInt32>.size
    static let animator = MemoryLayout<ah_animator>.offset(of: \.destroy)!
        + MemoryLayout<UnsafeRawPointer>.size
}

/// Turns a plugin's C descriptors into `AnimatorInfo` values, checking every rule of the
/// ABI. A failure is the one-line reason, without the file (the caller adds it).
enum DescriptorReader {
    /// The most parameters one animator may declare; more is taken for garbage.
    static let parameterLimit: UInt32 = 256

    /// Reads and checks descriptor number `index` of the library at `path`.
    ///
    /// Messages are built only when something is refused: this runs for every animator of
    /// every library scanned.
    static func read(_ pointer: UnsafePointer<ah_animator_descriptor>?, index: UInt32,
                     path: String) throws(Refusal) -> AnimatorInfo {
        func refusal(_ reason: String, id: String? = nil) -> Refusal {
            Refusal(reason: "animator \(index)" + (id.map { " (\($0))" } ?? "") + ": " + reason)
        }
        guard let pointer else { throw refusal("descriptor is NULL") }
        let header = pointer.withMemoryRebound(to: ah_version.self, capacity: 1) { $0.pointee }
        if let reason = versionProblem(ABIVersion(header), what: "descriptor") { throw refusal(reason) }
        let descriptor = pointer.pointee
        if Int(descriptor.struct_size) < MinimumSize.descriptor {
            throw refusal("descriptor is truncated (struct_size \(descriptor.struct_size), "
                + "ABI \(ABIVersion(header)) needs at least \(MinimumSize.descriptor))")
        }
        guard let cID = nonEmpty(descriptor.id) else { throw refusal("missing required field 'id'") }
        guard let cName = nonEmpty(descriptor.name) else { throw refusal("missing required field 'name'") }
        guard let cVersion = nonEmpty(descriptor.version) else { throw refusal("missing required field 'version'") }
        // Every text is bounded before it is read: a plugin's megabyte of id costs nothing.
        func bounded(_ pointer: UnsafePointer<CChar>?, _ field: String, _ limit: Int) throws(Refusal) -> String? {
            do { return try Self.text(pointer, field: field, limit: limit) } catch { throw refusal(error.reason) }
        }
        let id = try bounded(cID, "id", TextLimits.id)!
        let name = try bounded(cName, "name", TextLimits.name)!
        let version = try bounded(cVersion, "version", TextLimits.version)!
        let displayName = try bounded(descriptor.display_name, "display_name", TextLimits.displayName)
        let summary = try bounded(descriptor.description, "description", TextLimits.description)
        let author = try bounded(descriptor.author, "author", TextLimits.author)
        let url = try bounded(descriptor.url, "url", TextLimits.url)
        guard isReverseDNS(id) else {
            throw refusal("id '\(id)' is not a reverse-DNS id (lowercase letters, digits, '-', '_', "
                + "dot-separated, at least two parts)")
        }
        guard isShortName(name) else {
            throw refusal("name '\(name)' must be lowercase letters, digits, '-' or '_'", id: id)
        }
        let operations = descriptor.operations
        if operations == 0 { throw refusal("declares no operations", id: id) }
        let unknown = operations & ~OperationSet.known.rawValue
        if unknown != 0 {
            throw refusal("unknown operation bits 0x\(String(unknown, radix: 16)) "
                + "(this host knows present, dismiss, push, pop, tab)", id: id)
        }
        let parameters: [ParameterSpec]
        do {
            parameters = try readParameters(descriptor)
        } catch {
            throw refusal(error.reason, id: id)
        }
        var info = AnimatorInfo(
            id: id, name: name, displayName: displayName ?? name,
            version: version, summary: summary, author: author, url: url,
            operations: OperationSet(rawValue: operations),
            isInteractive: descriptor.flags & UInt32(AH_ANIMATOR_INTERACTIVE) != 0,
            parameters: parameters, abi: ABIVersion(header), path: path, index: index)
        info.sharesInstance = descriptor.flags & UInt32(AH_ANIMATOR_SHARED_INSTANCE) != 0
        return info
    }

    /// The reason a declared ABI version cannot be loaded by this host, or nil.
    static func versionProblem(_ version: ABIVersion, what: String) -> String? {
        let host = ABIVersion.host
        if version.major != host.major {
            return "\(what) is built for ABI \(version); this host supports ABI \(host.major).x (\(host))"
        }
        if version.minor > host.minor {
            return "\(what) is built for ABI \(version), newer than this host's ABI \(host); update animator-host"
        }
        return nil
    }

    private static func readParameters(_ descriptor: ah_animator_descriptor) throws(Refusal) -> [ParameterSpec] {
        let count = descriptor.param_count
        if count == 0 { return [] }
        guard count <= parameterLimit else {
            throw Refusal(reason: "param_count \(count) is more than the \(parameterLimit) allowed")
        }
        guard let list = descriptor.params else {
            throw Refusal(reason: "param_count is \(count) but params is NULL")
        }
        var result: [ParameterSpec] = []
        result.reserveCapacity(Int(count))
        for position in 0..<Int(count) {
            guard let pointer = list[position] else { throw Refusal(reason: "parameter \(position) is NULL") }
            let spec: ParameterSpec
            do {
                spec = try readParameter(pointer.pointee)
            } catch {
                let named = error.name.map { " '\($0)'" } ?? ""
                throw Refusal(reason: "parameter \(position)\(named)\(error.isTruncation ? "" : ":") \(error.reason)")
            }
            if result.contains(where: { $0.name == spec.name }) {
                throw Refusal(reason: "parameter \(position): duplicate parameter name '\(spec.name)'")
            }
            result.append(spec)
        }
        return result
    }

    /// Why one parameter descriptor was refused, before its position is attached.
    private struct ParameterRefusal: Error {
        var name: String?
        var reason: String
        var isTruncation = false
    }

    private static func readParameter(_ parameter: ah_param_descriptor) throws(ParameterRefusal) -> ParameterSpec {
        if Int(parameter.struct_size) < MinimumSize.parameter {
            throw ParameterRefusal(name: nil, reason: "is truncated (struct_size \(parameter.struct_size), "
                + "needs at least \(MinimumSize.parameter))", isTruncation: true)
        }
        guard let cName = nonEmpty(parameter.name) else {
            throw ParameterRefusal(name: nil, reason: "missing required field 'name'")
        }
        let name: String
        do {
            name = try Self.text(cName, field: "name", limit: TextLimits.parameterName)!
        } catch {
            throw ParameterRefusal(name: nil, reason: error.reason)
        }
        func refuse(_ reason: String) -> ParameterRefusal { ParameterRefusal(name: name, reason: reason) }
        guard isIdentifier(name) else {
            throw refuse("name must be a letter followed by letters, digits, '_' or '-'")
        }
        let value = parameter.default_value
        guard value.type == parameter.type else {
            throw refuse("default value's type \(value.type) differs from the parameter's type \(parameter.type)")
        }
        let hasMin = parameter.flags & UInt32(AH_PARAM_HAS_MIN) != 0
        let hasMax = parameter.flags & UInt32(AH_PARAM_HAS_MAX) != 0
        var spec: ParameterSpec
        switch Int(parameter.type) {
        case AH_PARAM_NUMBER:
            spec = ParameterSpec(name: name, type: .number, defaultValue: .number(value.number),
                                 minimum: hasMin ? parameter.min : nil, maximum: hasMax ? parameter.max : nil)
            if let minimum = spec.minimum, let maximum = spec.maximum, !(minimum <= maximum) {
                throw refuse("min \(minimum) is above max \(maximum)")
            }
        case AH_PARAM_BOOL:
            spec = ParameterSpec(name: name, type: .bool, defaultValue: .bool(value.boolean))
        case AH_PARAM_POINT:
            spec = ParameterSpec(name: name, type: .point, defaultValue: .point(x: value.point.x, y: value.point.y))
        case AH_PARAM_SIZE:
            spec = ParameterSpec(name: name, type: .size,
                                 defaultValue: .size(width: value.size.width, height: value.size.height))
        case AH_PARAM_COLOR:
            let color = RGBAColor(red: value.color.red, green: value.color.green, blue: value.color.blue,
                                  alpha: value.color.alpha)
            spec = ParameterSpec(name: name, type: .color, defaultValue: .color(color))
        case AH_PARAM_STRING:
            let text: String?
            do { text = try Self.text(value.string, field: "default string", limit: TextLimits.stringValue) } catch {
                throw refuse(error.reason)
            }
            spec = ParameterSpec(name: name, type: .string, defaultValue: .string(text ?? ""))
        case AH_PARAM_ENUM:
            let count = parameter.enum_count
            guard count > 0, count <= parameterLimit, let names = parameter.enum_values else {
                throw refuse("an enum needs enum_values and an enum_count from 1 to \(parameterLimit)")
            }
            var choices: [String] = []
            for position in 0..<Int(count) {
                guard let choice = nonEmpty(names[position]) else {
                    throw refuse("enum value \(position) is NULL or empty")
                }
                guard strnlen(choice, TextLimits.parameterName + 1) <= TextLimits.parameterName else {
                    throw refuse("enum value \(position) is over \(TextLimits.parameterName) bytes")
                }
                let text = String(cString: choice)
                if choices.contains(text) { throw refuse("enum value '\(text)' appears twice") }
                choices.append(text)
            }
            guard value.enum_index < count else {
                throw refuse("default enum_index \(value.enum_index) is out of range (\(count) values)")
            }
            spec = ParameterSpec(name: name, type: .enumeration,
                                 defaultValue: .choice(choices[Int(value.enum_index)]), choices: choices)
        default:
            throw refuse("unknown parameter type \(parameter.type)")
        }
        do {
            spec.help = try Self.text(parameter.help, field: "help", limit: TextLimits.help)
        } catch {
            throw refuse(error.reason)
        }
        do {
            try spec.check(spec.defaultValue)
        } catch {
            throw refuse("invalid default: \(error.reason)")
        }
        return spec
    }

    private static func nonEmpty(_ pointer: UnsafePointer<CChar>?) -> UnsafePointer<CChar>? {
        guard let pointer, pointer.pointee != 0 else { return nil }
        return pointer
    }

    /// The longest texts a descriptor may hold, in bytes.
    enum TextLimits {
        static let id = 128, name = 64, version = 64, displayName = 128, description = 4096, author = 256, url = 2048
        static let parameterName = 64, help = 1024, stringValue = 4096
    }

    /// A text of at most `limit` bytes, read without looking further than `limit` + 1.
    static func text(_ pointer: UnsafePointer<CChar>?, field: String, limit: Int) throws(Refusal) -> String? {
        guard let pointer else { return nil }
        guard strnlen(pointer, limit + 1) <= limit else { throw Refusal(reason: "\(field) is over \(limit) bytes") }
        return String(cString: pointer)
    }

    /// "org.animatorhost.zoom": two or more non-empty dot-separated parts of [a-z0-9_-].
    static func isReverseDNS(_ id: String) -> Bool {
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts.allSatisfy { part in
            !part.isEmpty && part.utf8.allSatisfy { isLowerAlnum($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
        }
    }

    /// "bubble", "fade-c": [a-z0-9_-], starting with a letter or digit.
    static func isShortName(_ name: String) -> Bool {
        guard let first = name.utf8.first, isLowerAlnum(first) else { return false }
        return name.utf8.allSatisfy { isLowerAlnum($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    }

    /// "startPoint": a letter, then letters, digits, '_' or '-'.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, isLetter(first) else { return false }
        return name.utf8.allSatisfy {
            isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isLowerAlnum(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
