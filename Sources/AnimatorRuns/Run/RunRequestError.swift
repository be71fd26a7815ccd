/// A mistake in a run request: a field that does not fit the others or the animator (a
/// parameter it lacks, a style for a push). The command line reports it as a usage error
/// (exit status 2), naming the option that set the field.
public struct RunRequestError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The field at fault, or nil for the request as a whole.
    public var field: RunRequest.Field?
    /// What is wrong, said after the field's name: "applies to present and dismiss, not
    /// push", or ": '9' is not ..." (a detail starting with ':' follows the name directly).
    public var detail: String

    /// An error of `field`.
    public init(_ field: RunRequest.Field?, _ detail: String) {
        self.field = field
        self.detail = detail
    }

    /// The message with the field named as `name` names it (an option, a JSON key).
    public func message(naming name: (RunRequest.Field) -> String) -> String {
        guard let field else { return detail }
        return name(field) + (detail.hasPrefix(":") ? "" : " ") + detail
    }

    /// The message with the field's JSON key.
    public var description: String { message(naming: \.rawValue) }
}
