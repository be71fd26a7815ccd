import AnimatorABI
import AnimatorEngine
import AnimatorRendering
import Glibc

// Implements animator_host/image.h: `image_create_rgba`, `image_create_png`, `image_size`, `image_release`,
// `layer_set_contents`, `layer_set_contents_gravity`, `layer_set_contents_rect`, `layer_set_contents_center`.
// Table batches 1.4, 1.6.

extension HostSession {
    /// Images, and layers showing them as contents (gravity, contents rect, contents center).
    static func installImageFunctions(in table: UnsafeMutablePointer<ah_host>) {
        table.pointee.image_create_rgba = { host, pixels, width, height, bytesPerRow, out in
            HostSession.call(host) { session throws(HostCallError) in
                let out = try required(out, "out")
                let pixels = try required(pixels, "pixels")
                try HostSession.checkSize(width, height)
                guard Int(bytesPerRow) >= Int(width) * 4 else {
                    throw .invalidArgument("bytes_per_row \(bytesPerRow) is less than 4 × width (\(Int(width) * 4))")
                }
                var image = Image(width: Int(width), height: Int(height))
                for y in 0..<Int(height) {
                    let row = pixels + y * Int(bytesPerRow)
                    for x in 0..<Int(width) {
                        let p = row + x * 4
                        let alpha = UInt32(p[3])
                        func channel(_ value: UInt8) -> UInt32 { (UInt32(value) * alpha + 127) / 255 }
                        image.pixels[y * Int(width) + x] = channel(p[0]) | channel(p[1]) << 8 | channel(p[2]) << 16 | alpha << 24
                    }
                }
                out.pointee = session.images.insert(image)
            }
        }
        table.pointee.image_create_png = { host, data, size, out in
            HostSession.call(host) { session throws(HostCallError) in
                let out = try required(out, "out")
                let data = try required(data, "data")
                guard size <= 512 << 20 else { throw .invalidArgument("a PNG of \(size) bytes is over 512 MiB") }
                let bytes = Array(UnsafeBufferPointer(start: data, count: size))
                do {
                    let image = try PNGDecoder.decode(bytes)
                    try HostSession.checkSize(UInt32(image.width), UInt32(image.height))
                    out.pointee = session.images.insert(image)
                } catch let error as PNGDecoder.Failure {
                    throw .invalidArgument("the PNG cannot be read: \(error.description)")
                } catch {
                    throw error as! HostCallError
                }
            }
        }
        table.pointee.image_size = { host, handle, width, height in
            HostSession.call(host) { session throws(HostCallError) in
                let image = try session.image(handle)
                try required(width, "width").pointee = UInt32(image.width)
                try required(height, "height").pointee = UInt32(image.height)
            }
        }
        table.pointee.image_release = { host, handle in
            HostSession.call(host) { session throws(HostCallError) in
                _ = try session.image(handle)
                session.images.remove(handle)
            }
        }
        table.pointee.layer_set_contents = { host, layer, handle, scale in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                guard scale.isFinite, scale >= 0 else { throw .invalidArgument("scale \(scale) is not a finite number ≥ 0") }
                guard handle != AH_NULL_HANDLE else {
                    target.contents = nil
                    return
                }
                let image = try session.image(handle)
                target.contents = LayerContents(image: image, scale: scale == 0 ? 1 : scale, gravity: target.contentsGravity,
                                                rect: target.contentsRect)
            }
        }
        table.pointee.layer_set_contents_gravity = { host, layer, gravity in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                let all = LayerContents.Gravity.cOrder
                guard Int(gravity) < all.count else { throw .invalidArgument("unknown contents gravity \(gravity)") }
                target.contentsGravity = all[Int(gravity)]
            }
        }
        table.pointee.layer_set_contents_rect = { host, layer, rect in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                let numbers = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
                guard numbers.allSatisfy(\.isFinite) else { throw .invalidArgument("the contents rect is not finite") }
                target.contentsRect = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            }
        }
        table.pointee.layer_set_contents_center = { host, layer, rect in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                let numbers = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
                guard numbers.allSatisfy(\.isFinite), rect.size.width >= 0, rect.size.height >= 0 else {
                    throw .invalidArgument("the contents center must be finite with a size not negative")
                }
                target.contentsCenter = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            }
        }
    }
}


extension HostSession {
    /// The image a handle names.
    func image(_ handle: ah_image) throws(HostCallError) -> Image {
        switch images.lookup(handle) {
        case .success(let image): return image
        case .failure(.staleHandle): throw .staleHandle("image handle \(handle) is stale (released)")
        case .failure: throw .invalidHandle("\(handle) is not an image handle of this host")
        }
    }

    static func checkSize(_ width: UInt32, _ height: UInt32) throws(HostCallError) {
        let limit = AH_IMAGE_MAX_SIDE
        guard width > 0, height > 0, width <= limit, height <= limit else {
            throw .invalidArgument("an image of \(width) × \(height) pixels (each side 1...\(limit))")
        }
    }
}

extension LayerContents.Gravity {
    /// The gravities in the order of the C constants AH_GRAVITY_RESIZE ... AH_GRAVITY_BOTTOM_RIGHT.
    static let cOrder: [LayerContents.Gravity] = [.resize, .resizeAspect, .resizeAspectFill, .center, .top, .bottom,
                                                   .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight]
}
