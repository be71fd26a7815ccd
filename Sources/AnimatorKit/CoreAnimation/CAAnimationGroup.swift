import AnimatorABI

/// CAAnimationGroup.
public final class CAAnimationGroup: CAAnimation {
    public var animations: [CAAnimation] = []

    /// copy(): a group of copies of its animations, with the same settings.
    public override func copy() -> Any {
        let copy = CAAnimationGroup()
        copyTiming(into: copy)
        copy.animations = animations.compactMap { $0.copy() as? CAAnimation }
        return copy
    }

    override func fill(_ d: inout ah_animation_desc, _ storage: inout DescriptionStorage) {
        d.kind = ah_animation_kind(AH_ANIMATION_GROUP)
        // Children's delegate closures need a host; the group's own description has none
        // here, so children report through the group's host when added (see CALayer.add).
        let host = CurrentHost.host ?? CALayer.inert
        let children = animations.map { Optional($0.makeDescription(host: host, storage: &storage)) }
        d.children = storage.keep(children)
        d.child_count = UInt32(children.count)
    }
}
