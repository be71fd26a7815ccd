import AnimatorABI
import Glibc

/// UIImage: a bitmap a plugin shows in image views and as layer contents. It holds its
/// bytes in the plugin (a PNG file's, or straight RGBA pixels), so it can be made anywhere,
/// in a stored property's initializer too; the host gets its copy (ABI 1.4's
/// image_create_*) the first time the image is shown in a host call, once per host.
public final class UIImage {
    enum Source {
        case png([UInt8])
        case rgba([UInt8], width: Int, height: Int)
        /// Drawn by a host (a UIGraphicsImageRenderer's image): it lives in that host.
        case drawn(ah_image, host: UnsafePointer<ah_host>)
    }

    let source: Source
    /// Image pixels per point (UIImage.scale).
    public let scale: CGFloat
    /// The size in pixels, from the PNG's header or the RGBA pixels.
    let pixelSize: (width: Int, height: Int)
    /// The host's handle on this image, by host table.
    private var handles: [UnsafePointer<ah_host>: ah_image] = [:]

    /// An image from the bytes of a PNG file (UIImage(data:)), or nil when they are not a PNG.
    public init?(data: [UInt8], scale: CGFloat = 1) {
        // A PNG starts with its 8-byte signature and the IHDR chunk: width and height at 16 and 20.
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard data.count >= 24, Array(data[0..<8]) == signature else { return nil }
        func u32(_ at: Int) -> Int { Int(data[at]) << 24 | Int(data[at + 1]) << 16 | Int(data[at + 2]) << 8 | Int(data[at + 3]) }
        guard u32(16) > 0, u32(20) > 0 else { return nil }
        source = .png(data)
        self.scale = scale > 0 && scale.isFinite ? scale : 1
        pixelSize = (u32(16), u32(20))
    }

    /// An image from a PNG file (UIImage(contentsOfFile:)), or nil when it cannot be read.
    public convenience init?(contentsOfFile path: String, scale: CGFloat = 1) {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
            if bytes.count > 512 << 20 { return nil }
        }
        self.init(data: bytes, scale: scale)
    }

    /// An image from straight (not premultiplied) 8-bit RGBA pixels, rows from the top,
    /// `width` × `height` of them: for pictures a plugin draws itself. Nil when the
    /// count does not match.
    public init?(rgba pixels: [UInt8], width: Int, height: Int, scale: CGFloat = 1) {
        guard width > 0, height > 0, pixels.count == width * height * 4 else { return nil }
        source = .rgba(pixels, width: width, height: height)
        self.scale = scale > 0 && scale.isFinite ? scale : 1
        pixelSize = (width, height)
    }

    /// An image a host drew (image_draw), `width` × `height` pixels; released with it.
    init(drawn handle: ah_image, host: UnsafePointer<ah_host>, width: Int, height: Int, scale: CGFloat) {
        source = .drawn(handle, host: host)
        self.scale = scale
        pixelSize = (max(width, 1), max(height, 1))
        handles[host] = handle
    }

    deinit {
        // A drawn image is the host's only copy: let it go with the object, when that
        // happens inside a call of its host (outside one the host may be gone; it frees
        // its images when its session ends).
        if case .drawn(let handle, let host) = source, CurrentHost.host == host {
            _ = host.pointee.image_release(host, handle)
        }
    }

    /// The size in points: pixels / scale.
    public var size: CGSize { CGSize(width: CGFloat(pixelSize.width) / scale, height: CGFloat(pixelSize.height) / scale) }

    /// The image as Core Animation takes it for `CALayer.contents`.
    public var cgImage: CGImage? { CGImage(image: self) }

    /// The host's handle on the image (made on first use), or nil when the host cannot
    /// take images (ABI before 1.4) or refused it (the reason is in its log).
    func handle(_ link: HostLink) -> ah_image? {
        if let handle = handles[link.host] { return handle }
        guard link.hasImages else {
            link.table.log(link.host, ah_log_level(AH_LOG_ERROR), "UIImage: the host has no images (ABI 1.4 needed)")
            return nil
        }
        var handle: ah_image = 0
        let status: ah_status
        switch source {
        case .png(let bytes):
            status = bytes.withUnsafeBufferPointer { link.table.image_create_png(link.host, $0.baseAddress, $0.count, &handle) }
        case .rgba(let bytes, let width, let height):
            status = bytes.withUnsafeBufferPointer {
                link.table.image_create_rgba(link.host, $0.baseAddress, UInt32(width), UInt32(height), UInt32(width * 4), &handle)
            }
        case .drawn:
            link.table.log(link.host, ah_log_level(AH_LOG_ERROR), "UIImage: an image drawn by another host cannot be shown here")
            return nil
        }
        guard link.check(status, "UIImage") else { return nil }
        handles[link.host] = handle
        return handle
    }
}

/// CALayerContentsGravity: where contents go in a layer's bounds.
public struct CALayerContentsGravity: Equatable, Hashable, Sendable {
    let value: UInt32

    public static let resize = CALayerContentsGravity(value: AH_GRAVITY_RESIZE)
    public static let resizeAspect = CALayerContentsGravity(value: AH_GRAVITY_RESIZE_ASPECT)
    public static let resizeAspectFill = CALayerContentsGravity(value: AH_GRAVITY_RESIZE_ASPECT_FILL)
    public static let center = CALayerContentsGravity(value: AH_GRAVITY_CENTER)
    public static let top = CALayerContentsGravity(value: AH_GRAVITY_TOP)
    public static let bottom = CALayerContentsGravity(value: AH_GRAVITY_BOTTOM)
    public static let left = CALayerContentsGravity(value: AH_GRAVITY_LEFT)
    public static let right = CALayerContentsGravity(value: AH_GRAVITY_RIGHT)
    public static let topLeft = CALayerContentsGravity(value: AH_GRAVITY_TOP_LEFT)
    public static let topRight = CALayerContentsGravity(value: AH_GRAVITY_TOP_RIGHT)
    public static let bottomLeft = CALayerContentsGravity(value: AH_GRAVITY_BOTTOM_LEFT)
    public static let bottomRight = CALayerContentsGravity(value: AH_GRAVITY_BOTTOM_RIGHT)
}

extension HostLink {
    /// Whether the host has the images batch (ABI 1.4).
    var hasImages: Bool {
        table.abi.minor >= 4 && Int(table.struct_size) >= MemoryLayout<ah_host>.size
    }
}

extension CALayer {
    /// CALayer.contents: a `CGImage` (or a `UIImage`), or nil.
    public var contents: Any? {
        get { contentsImage?.cgImage }
        set {
            let image = (newValue as? CGImage)?.image ?? (newValue as? UIImage)
            contentsImage = image
            guard link.hasImages else {
                if newValue != nil { link.table.log(link.host, ah_log_level(AH_LOG_ERROR), "CALayer.contents: the host has no images (ABI 1.4 needed)") }
                return
            }
            let handle = image.flatMap { $0.handle(link) } ?? ah_image(AH_NULL_HANDLE)
            link.check(link.table.layer_set_contents(link.host, self.handle, handle, Double(contentsScale)), "CALayer.contents")
        }
    }

    /// contentsGravity.
    public var contentsGravity: CALayerContentsGravity {
        get { storedGravity }
        set {
            storedGravity = newValue
            guard link.hasImages else { return }
            link.check(link.table.layer_set_contents_gravity(link.host, handle, newValue.value), "CALayer.contentsGravity")
        }
    }

    /// contentsRect, in unit coordinates of the contents.
    public var contentsRect: CGRect {
        get { storedContentsRect }
        set {
            storedContentsRect = newValue
            guard link.hasImages else { return }
            link.check(link.table.layer_set_contents_rect(link.host, handle, newValue.cValue), "CALayer.contentsRect")
        }
    }

    /// contentsCenter: the part of the contents rect that stretches, in its unit coordinates
    /// (default the whole); the rest keeps its size, as an image's cap insets do.
    public var contentsCenter: CGRect {
        get { storedContentsCenter }
        set {
            storedContentsCenter = newValue
            guard link.hasEngine else { return }
            link.check(link.table.layer_set_contents_center(link.host, handle, newValue.cValue), "CALayer.contentsCenter")
        }
    }
}
