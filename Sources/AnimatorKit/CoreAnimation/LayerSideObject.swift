/// An object the host keeps beside a layer for this copy of AnimatorKit (layer_set_object,
/// batch 1.8), released by the host when replaced or when the session ends: what every
/// object on the same layer shares (its added animations, its `@Managed` values).
class LayerSideObject {
    required init() {}
}
