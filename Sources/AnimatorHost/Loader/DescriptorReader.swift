import AnimatorABI

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
    static func read(_ pointer: UnsafePointer<ah_animator_descriptor>?, index: UInt32,
                     path: String) -> Result<AnimatorInfo, Refusal> {
        let prefix = "animator \(index)"
        guard let pointer else { return refuse("\(prefix): descriptor is NULL") }
        let header = pointer.withMemoryRebound(to: ah_version.self, capacity: 1) { $0.pointee }
        if let reason = versionProblem(ABIVersion(header), what: "\(prefix): descriptor") {
            return refuse(reason)
        }
        let descriptor = pointer.pointee
        if Int(descriptor.struct_size) < MinimumSize.descriptor {
            return refuse("\(prefix): descriptor is truncated (struct_size \(descriptor.struct_size), "
                + "ABI \(ABIVersion(header)) needs at least \(MinimumSize.descriptor))")
        }
        let fields: [(String, UnsafePointer<CChar>?)] = [
            ("id", descriptor.id), ("name", descriptor.name), ("version", descriptor.version),
        ]
        for (field, value) in fields where value == nil || value?.pointee == 0 {
            return refuse("\(prefix): missing required field '\(field)'")
        }
        let id = String(cString: descriptor.id)
        let name = String(cString: descriptor.name)
        guard isReverseDNS(id) else {
            return refuse("\(prefix): id '\(id)' is not a reverse-DNS id (lowercase letters, digits, '-', '_', "
                + "dot-separated, at least two parts)")
        }
        guard isShortName(name) else {
            return refuse("\(prefix) (\(id)): name '\(name)' must be lowercase letters, digits, '-' or '_'")
        }
        let operations = descriptor.operations
        if operations == 0 {
            return refuse("\(prefix) (\(id)): declares no operations")
        }
        let unknown = operations & ~OperationSet.known.rawValue
        if unknown != 0 {
            return refuse("\(prefix) (\(id)): unknown operation bits 0x\(String(unknown, radix: 16)) "
                + "(this host knows present, dismiss, push, pop, tab)")
        }
        let parameters: [ParameterSpec]
        switch readParameters(descriptor, prefix: "\(prefix) (\(id))") {
        case .success(let list): parameters = list
        case .failure(let refusal): return .failure(refusal)
        }
        return .success(AnimatorInfo(
            id: id, name: name, displayName: string(descriptor.display_name) ?? name,
            version: String(cString: descriptor.version), summary: string(descriptor.description),
            author: string(descriptor.author), url: string(descriptor.url),
            operations: OperationSet(rawValue: operations),
            isInteractive: descriptor.flags & UInt32(AH_ANIMATOR_INTERACTIVE) != 0,
            parameters: parameters, abi: ABIVersion(header), path: path, index: index))
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

    private static func readParameters(_ descriptor: ah_animator_descriptor,
                                       prefix: String) -> Result<[ParameterSpec], Refusal> {
        let count = descriptor.param_count
        if count == 0 { return .success([]) }
        guard count <= parameterLimit else {
            return refuse("\(prefix): param_count \(count) is more than the \(parameterLimit) allowed")
        }
        guard let list = descriptor.params else {
            return refuse("\(prefix): param_count is \(count) but params is NULL")
        }
        var result: [ParameterSpec] = []
        for position in 0..<Int(count) {
            let label = "\(prefix): parameter \(position)"
            guard let pointer = list[position] else { return refuse("\(label) is NULL") }
            switch readParameter(pointer.pointee, label: label) {
            case .success(let spec):
                if result.contains(where: { $0.name == spec.name }) {
                    return refuse("\(label): duplicate parameter name '\(spec.name)'")
                }
                result.append(spec)
            case .failure(let refusal):
                return .failure(refusal)
            }
        }
        return .success(result)
    }

    private static func readParameter(_ parameter: ah_param_descriptor, label: String) -> Result<ParameterSpec, Refusal> {
        if Int(parameter.struct_size) < MinimumSize.parameter {
            return refuse("\(label) is truncated (struct_size \(parameter.struct_size), "
                + "needs at least \(MinimumSize.parameter))")
        }
        guard let cName = parameter.name, cName.pointee != 0 else {
            return refuse("\(label): missing required field 'name'")
        }
        let name = String(cString: cName)
        let label = "\(label) '\(name)'"
        guard isIdentifier(name) else {
            return refuse("\(label): name must be a letter followed by letters, digits, '_' or '-'")
        }
        let value = parameter.default_value
        guard value.type == parameter.type else {
            return refuse("\(label): default value's type \(value.type) differs from the parameter's type \(parameter.type)")
        }
        let hasMin = parameter.flags & UInt32(AH_PARAM_HAS_MIN) != 0
        let hasMax = parameter.flags & UInt32(AH_PARAM_HAS_MAX) != 0
        var spec: ParameterSpec
        switch Int(parameter.type) {
        case AH_PARAM_NUMBER:
            spec = ParameterSpec(name: name, type: .number, defaultValue: .number(value.number),
                                 minimum: hasMin ? parameter.min : nil, maximum: hasMax ? parameter.max : nil)
            if let minimum = spec.minimum, let maximum = spec.maximum, !(minimum <= maximum) {
                return refuse("\(label): min \(minimum) is above max \(maximum)")
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
            spec = ParameterSpec(name: name, type: .string, defaultValue: .string(string(value.string) ?? ""))
        case AH_PARAM_ENUM:
            let count = parameter.enum_count
            guard count > 0, count <= parameterLimit, let names = parameter.enum_values else {
                return refuse("\(label): an enum needs enum_values and an enum_count from 1 to \(parameterLimit)")
            }
            var choices: [String] = []
            for position in 0..<Int(count) {
                guard let choice = names[position], choice.pointee != 0 else {
                    return refuse("\(label): enum value \(position) is NULL or empty")
                }
                let text = String(cString: choice)
                if choices.contains(text) { return refuse("\(label): enum value '\(text)' appears twice") }
                choices.append(text)
            }
            guard value.enum_index < count else {
                return refuse("\(label): default enum_index \(value.enum_index) is out of range (\(count) values)")
            }
            spec = ParameterSpec(name: name, type: .enumeration,
                                 defaultValue: .choice(choices[Int(value.enum_index)]), choices: choices)
        default:
            return refuse("\(label): unknown parameter type \(parameter.type)")
        }
        spec.help = string(parameter.help)
        do {
            try spec.check(spec.defaultValue)
        } catch {
            return refuse("\(label): invalid default: \(error.reason)")
        }
        return .success(spec)
    }

    private static func refuse<T>(_ reason: String) -> Result<T, Refusal> {
        .failure(Refusal(reason: reason))
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
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
