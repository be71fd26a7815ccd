import AnimatorABI
import AnimatorEngine

// Implements host.h's batches 1.9 (`screen_show`), 1.12 (`screen_status_bar`) and 1.13
// (`screen_orientations`).

/// A transition the app asked for from a tap handler (screen_show): what the run performs
/// after the tap.
public struct ScreenRequest: Equatable {
    /// The operation asked for.
    public let operation: TransitionOperation
    /// present and push: the new screen's root view, made by the library.
    public let screen: View?
    /// present and push: its title.
    public let title: String?
    /// present: how it is presented.
    public let presentationStyle: ModalPresentationStyle?
    /// Whether it is animated.
    public let animated: Bool
    /// tab: the tab to select.
    public let tabIndex: Int
}

extension HostSession {
    /// Transitions the app asks for, and what its screens want of the status bar.
    static func installScreenFunctions(in table: UnsafeMutablePointer<ah_host>) {
        table.pointee.screen_status_bar = { host, screen, style, flags in
            HostSession.call(host) { session throws(HostCallError) in
                let view = try session.view(screen)
                guard let known = StatusBarPreference.Style(rawValue: style) else {
                    throw .invalidArgument("status bar style \(style) is not default (0), lightContent (1) or darkContent (3)")
                }
                guard flags & ~StatusBarPreference.knownFlags == 0 else {
                    throw .invalidArgument("unknown status bar flags \(flags)")
                }
                let preference = StatusBarPreference(style: known, isHidden: flags & UInt32(AH_STATUS_BAR_HIDDEN) != 0,
                                                     capturesWhenPresented: flags & UInt32(AH_STATUS_BAR_CAPTURES) != 0)
                guard session.statusBarPreferences[view.layer.id] != preference else { return }
                session.statusBarPreferences[view.layer.id] = preference
                session.statusBarObserver?()
            }
        }
        table.pointee.screen_orientations = { host, screen, mask in
            HostSession.call(host) { session throws(HostCallError) in
                let view = try session.view(screen)
                let known = UInt32(AH_ORIENTATION_PORTRAIT | AH_ORIENTATION_PORTRAIT_UPSIDE_DOWN | AH_ORIENTATION_LANDSCAPE_RIGHT
                                   | AH_ORIENTATION_LANDSCAPE_LEFT)
                guard mask != 0, mask & ~known == 0 else {
                    throw .invalidArgument("orientation mask \(mask) is not a nonempty set of AH_ORIENTATION_ bits "
                                           + "(portrait 2, upside down 4, landscape right 8, landscape left 16)")
                }
                session.supportedOrientations[view.layer.id] = mask
            }
        }
        table.pointee.screen_show = { host, request in
            HostSession.call(host) { session throws(HostCallError) in
                let request = try required(request, "request")
                let end = MemoryLayout<ah_screen_request>.offset(of: \.tab_index)! + MemoryLayout<UInt32>.size
                guard Int(request.pointee.struct_size) >= end else {
                    throw .invalidArgument("request's struct_size \(request.pointee.struct_size) does not reach tab_index")
                }
                guard session.acceptsScreenRequest else {
                    throw .invalidState(session.screenRequest == nil
                        ? "screen_show outside a tap: transitions start from a tap here (animator-host run --tap X,Y)"
                        : "screen_show: the tap asked for a transition already")
                }
                let fields = request.pointee
                guard let operation = TransitionOperation(bit: fields.operation) else {
                    throw .invalidArgument("unknown operation \(fields.operation)")
                }
                _ = try session.view(fields.source)
                var screen: View?
                var title: String?
                var style: ModalPresentationStyle?
                if operation == .present || operation == .push {
                    guard fields.screen != AH_NULL_HANDLE else {
                        throw .invalidArgument("\(operation.rawValue) needs the new screen's view")
                    }
                    screen = try session.view(fields.screen)
                    title = fields.title.map { CConversions.boundedString($0, limit: 256) }
                }
                if operation == .present {
                    guard let given = ModalPresentationStyle(rawValue: fields.presentation_style) else {
                        throw .invalidArgument("presentation style \(fields.presentation_style) is not one the host draws "
                                               + "(fullScreen 0, pageSheet 1, custom 4, overFullScreen 5)")
                    }
                    style = given
                }
                session.screenRequest = ScreenRequest(operation: operation, screen: screen, title: title,
                                                      presentationStyle: style, animated: fields.animated,
                                                      tabIndex: Int(fields.tab_index))
                session.acceptsScreenRequest = false
            }
        }
    }
}
