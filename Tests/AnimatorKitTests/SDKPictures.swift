@testable import AnimatorHost
@testable import AnimatorKit
@testable import AnimatorEngine
@testable import AnimatorRendering

extension HostSession {
    /// The picture of a view the SDK made (a window), `size` points at one pixel each, at
    /// `time` (default now).
    func picture(of view: AnimatorKit.UIView, size: Size, at time: Double? = nil) throws -> Image {
        let root = try layers.lookup(view.layer.handle).get()
        return SceneRenderer(size: size, scale: 1).render(SceneFrame(engine: engine, root: root, at: time))
    }
}

extension Image {
    /// A pixel's red, green and blue.
    func rgb(_ x: Int, _ y: Int) -> [UInt8] {
        let pixel = rgba(x: x, y: y)
        return [pixel.red, pixel.green, pixel.blue]
    }
}
