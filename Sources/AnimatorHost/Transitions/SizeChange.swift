import AnimatorABI
import AnimatorEngine

/// A change of the window's size (a rotation, a resize in split screen), as UIKit tells
/// view controllers and presentation controllers about it with
/// viewWillTransition(to:with:). Each receiver hears it three times, `phase` by `phase`.
public struct SizeChange: Equatable, Sendable {
    /// Where the change is.
    public enum Phase: Equatable, Sendable {
        /// viewWillTransition(to:with:): nothing has its new size yet.
        case will
        /// Inside the change's animation: the window, containers and presented views have
        /// their new frames; what changes now animates along.
        case animate
        /// The animation ended.
        case did
    }

    /// The window's size before.
    public var from: Size
    /// The window's size after.
    public var to: Size
    /// How long the change animates, in seconds.
    public var duration: Double
    /// The turn the interface makes, in radians (−π/2 portrait to landscape, π/2 back, 0
    /// for a resize): the coordinator's `targetTransform` is a rotation by it.
    public var rotation: Double
    /// Where the change is.
    public var phase: Phase

    /// A change from `from` to `to`.
    public init(from: Size, to: Size, duration: Double, rotation: Double, phase: Phase = .will) {
        self.from = from
        self.to = to
        self.duration = duration
        self.rotation = rotation
        self.phase = phase
    }

    /// How long iOS animates a rotation of an iPhone's interface by a quarter turn, the
    /// host's default for a change of size.
    public static let standardDuration = 0.4

    /// The C form (size.h), valid as long as the value.
    var cValue: ah_size_change {
        let phase: UInt32
        switch self.phase {
        case .will: phase = UInt32(AH_SIZE_CHANGE_WILL)
        case .animate: phase = UInt32(AH_SIZE_CHANGE_ANIMATE)
        case .did: phase = UInt32(AH_SIZE_CHANGE_DID)
        }
        return ah_size_change(abi: ah_version(major: UInt32(AH_ABI_MAJOR), minor: UInt32(AH_ABI_MINOR)),
                              struct_size: UInt32(MemoryLayout<ah_size_change>.size), phase: ah_size_change_phase(phase),
                              from: ah_size(width: from.width, height: from.height),
                              to: ah_size(width: to.width, height: to.height), duration: duration, rotation: rotation)
    }
}
