import AnimatorABI

/// The host's side of `ah_status`: why a call from a plugin failed.
enum HostError: Error, Equatable {
    case invalidHandle
    case staleHandle
    case invalidArgument
    case invalidState
    case unsupported

    var status: ah_status {
        switch self {
        case .invalidHandle: return ah_status(AH_ERR_INVALID_HANDLE)
        case .staleHandle: return ah_status(AH_ERR_STALE_HANDLE)
        case .invalidArgument: return ah_status(AH_ERR_INVALID_ARGUMENT)
        case .invalidState: return ah_status(AH_ERR_INVALID_STATE)
        case .unsupported: return ah_status(AH_ERR_UNSUPPORTED)
        }
    }
}

/// `AH_OK` as an `ah_status`.
let statusOK = ah_status(AH_OK)
