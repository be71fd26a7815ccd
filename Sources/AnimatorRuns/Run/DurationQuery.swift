import AnimatorHost
import AnimatorSupport

/// `inspect`'s question to an animator: its duration for each operation it supports, with
/// the given parameters, asked in a sandbox child when there is a sandbox.
public enum DurationQuery {
    /// Why the durations could not be asked.
    public struct Failure: Error, Sendable {
        /// One line.
        public var reason: String
    }

    /// The child mode that asks durations.
    static let mode = "durations"

    /// Creates the animator with the given parameters and asks its duration per operation,
    /// in a child of `sandbox` when there is one.
    public static func ask(_ info: AnimatorInfo, assignments: [String],
                                     sandbox: PluginSandbox?) -> Result<[(TransitionOperation, Double)], Failure> {
        guard let sandbox else { return askHere(info, assignments: assignments, marker: nil) }
        let request = JSONValue.object([("animator", info.json), ("assignments", .array(assignments.map(JSONValue.string)))])
        var answer: Result<[(TransitionOperation, Double)], Failure>?
        do {
            let failure = try sandbox.run(mode: mode, request: Array(request.serialized().utf8)) { message in
                guard answer == nil, let document = try? JSONValue.parse(bytes: message.payload) else {
                    throw BinaryReader.Malformed("a malformed answer")
                }
                if let reason = document["error"]?.stringValue {
                    answer = .failure(Failure(reason: reason))
                    return
                }
                let pairs = document["durations"]?.arrayValue?.compactMap { pair -> (TransitionOperation, Double)? in
                    guard let items = pair.arrayValue, items.count == 2,
                          let operation = items[0].stringValue.flatMap(TransitionOperation.init(rawValue:)),
                          let seconds = items[1].numberValue else { return nil }
                    return (operation, seconds)
                }
                guard let pairs else { throw BinaryReader.Malformed("a malformed answer") }
                answer = .success(pairs)
            }
            if let failure { return .failure(Failure(reason: failure.description)) }
            return answer ?? .failure(Failure(reason: "the plugin process gave no answer"))
        } catch {
            return .failure(Failure(reason: "\(error)"))
        }
    }

    /// The child's work: asks the durations and sends them (or the reason there are none).
    static func childMain(_ child: SandboxChild) throws(SandboxError) {
        guard let document = try? JSONValue.parse(bytes: child.request),
              let info = document["animator"].flatMap(AnimatorInfo.init(json:)),
              let assignments = document["assignments"]?.arrayValue?.compactMap(\.stringValue) else {
            throw SandboxError("a malformed durations request")
        }
        let reply: JSONValue
        switch askHere(info, assignments: assignments, marker: child.marker) {
        case .success(let pairs):
            reply = .object([("durations", .array(pairs.map { pair -> JSONValue in
                .array([.string(pair.0.rawValue), .number(pair.1)])
            }))])
        case .failure(let failure):
            reply = .object([("error", .string(failure.reason))])
        }
        try child.send(kind: 1, payload: Array(reply.serialized().utf8))
        try child.finish()
    }

    private static func askHere(_ info: AnimatorInfo, assignments: [String],
                                         marker: PluginCallMarker?) -> Result<[(TransitionOperation, Double)], Failure> {
        do {
            let values = try info.resolveParameters(assignments)
            let session = HostSession()
            session.marker = marker
            let instance = try AnimatorInstance(info, parameters: values, session: session)
            var durations: [(TransitionOperation, Double)] = []
            for operation in info.operations.operations {
                durations.append((operation, try instance.duration(for: operation)))
            }
            return .success(durations)
        } catch let error as ParameterError {
            return .failure(Failure(reason: error.description))
        } catch let error as AnimatorError {
            return .failure(Failure(reason: error.reason))
        } catch {
            return .failure(Failure(reason: "\(error)"))
        }
    }
}
