import Foundation
import Testing
import TestSupport
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering

/// PNG decoding held against independent encoders (pypng for every kind, Pillow for large
/// compressed and stored data), and layer contents drawn under gravities, contentsRect
/// and transforms, checked against closed forms worked out by hand.
@Suite struct PNGDecoderTests {
    struct Case: Decodable {
        var path: String
        var pixels: [[[Int]]]
    }

    /// A straight 8-bit color as the premultiplied pixel the decoder gives.
    func premultiplied(_ rgba: [Int]) -> UInt32 {
        let alpha = rgba[3]
        func channel(_ value: Int) -> UInt32 { UInt32((value * alpha + 127) / 255) }
        return channel(rgba[0]) | channel(rgba[1]) << 8 | channel(rgba[2]) << 16 | UInt32(alpha) << 24
    }

    @Test func everyKindOfPNGDecodesPixelForPixel() throws {
        let folder = TemporaryDirectory()
        let script = "import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')"
        let result = try Python.run(script, [PackageLayout.root + "/Tests/Images/write_pngs.py", folder.path])
        try #require(result.status == 0, "\(result.standardError)")
        let cases = try JSONDecoder().decode([Case].self, from: Data(result.standardOutput.utf8))
        // 5 grey depths, 2 × 3 (RGB, grey+alpha, RGBA), 4 palettes, 2 keys; plain and Adam7.
        #expect(cases.count == 2 * (5 + 6 + 4 + 2))
        for item in cases {
            let image = try PNGDecoder.decode(path: item.path)
            #expect(image.width == 13 && image.height == 7, "\(item.path)")
            let expected = item.pixels.flatMap { $0.map(premultiplied) }
            let wrong = zip(image.pixels, expected).enumerated().filter { $0.element.0 != $0.element.1 }
            #expect(wrong.isEmpty, "\(item.path): \(wrong.count) pixels differ, first at index \(wrong.first?.offset ?? -1)")
        }
    }

    @Test func largeCompressedAndStoredDataDecodes() throws {
        let folder = TemporaryDirectory()
        // A 300 × 200 RGBA picture of noise and gradients, saved fully compressed (dynamic
        // Huffman codes) and not compressed at all (stored blocks), and its raw bytes.
        let script = """
            import sys, random
            from PIL import Image
            random.seed(7)
            im = Image.new('RGBA', (300, 200))
            im.putdata([((x * 7) % 256, (y * 5) % 256, random.randrange(256), 255 if x % 3 else random.randrange(256))
                        for y in range(200) for x in range(300)])
            im.save(sys.argv[1] + '/dense.png', compress_level=9)
            im.save(sys.argv[1] + '/stored.png', compress_level=0)
            open(sys.argv[1] + '/raw.rgba', 'wb').write(im.tobytes())
            """
        let result = try Python.run(script, [folder.path])
        try #require(result.status == 0, "\(result.standardError)")
        let raw = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.path + "/raw.rgba")))
        let expected = stride(from: 0, to: raw.count, by: 4).map { premultiplied([Int(raw[$0]), Int(raw[$0 + 1]),
                                                                                   Int(raw[$0 + 2]), Int(raw[$0 + 3])]) }
        for name in ["dense", "stored"] {
            let image = try PNGDecoder.decode(path: folder.path + "/\(name).png")
            #expect(image.width == 300 && image.height == 200)
            #expect(image.pixels == expected, "\(name)")
        }
    }

    @Test func damagedFilesAreRefusedWithAReason() throws {
        let folder = TemporaryDirectory()
        let good = PNGEncoder.encode(Image(width: 40, height: 30, fill: 0xFF33_6699))
        #expect(try PNGDecoder.decode(good).pixels.allSatisfy { $0 == 0xFF33_6699 })
        func failure(_ bytes: [UInt8]) -> String? {
            do { _ = try PNGDecoder.decode(bytes); return nil } catch { return error.description }
        }
        #expect(failure(Array("GIF89a".utf8))?.contains("not a PNG") == true)
        #expect(failure(Array(good.prefix(good.count / 2)))?.isEmpty == false)
        var flipped = good
        flipped[40] ^= 0xFF                 // inside IDAT: its CRC no longer matches
        #expect(failure(flipped)?.contains("CRC") == true)
        // A header claiming 100000 × 100000 pixels (with a correct CRC) is refused before
        // anything is allocated.
        var huge = Array(good.prefix(33))
        huge.replaceSubrange(16..<24, with: [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0])
        let crc = Checksums.crc32(huge[12..<29])
        huge.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        #expect(failure(huge + Array(good[33...]))?.contains("16384") == true)
        // A palette of one color, and a pixel naming color 5: refused, not drawn black.
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            let crc = Checksums.crc32(typed[...])
            return [UInt8(body.count >> 24), UInt8(body.count >> 16 & 0xFF), UInt8(body.count >> 8 & 0xFF), UInt8(body.count & 0xFF)]
                + typed + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        }
        func palettePNG(indexes: [UInt8]) -> [UInt8] {
            // One row: filter 0 then the indexes, in a stored (uncompressed) deflate block.
            let row: [UInt8] = [0] + indexes
            var a: UInt32 = 1, b: UInt32 = 0
            for byte in row { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
            let adler = b << 16 | a
            let length = UInt16(row.count)
            let zlib: [UInt8] = [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
                + row + [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
            let width = UInt8(indexes.count)
            return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
                + chunk("IHDR", [0, 0, 0, width, 0, 0, 0, 1, 8, 3, 0, 0, 0])
                + chunk("PLTE", [255, 0, 0]) + chunk("IDAT", zlib) + chunk("IEND", [])
        }
        #expect(try PNGDecoder.decode(palettePNG(indexes: [0, 0])).pixels == [0xFF00_00FF, 0xFF00_00FF])
        #expect(failure(palettePNG(indexes: [0, 5])) == "a pixel of row 0 uses a palette entry beyond the 1 the palette has")
        // A file that is not there, and a folder.
        #expect(throws: PNGDecoder.Failure.self) { try PNGDecoder.decode(path: folder.path + "/missing.png") }
        #expect(throws: PNGDecoder.Failure.self) { try PNGDecoder.decode(path: folder.path) }
    }
}

@Suite struct LayerContentsTests {
    let engine = SnapshotRasterizer.engine()
    let red: UInt32 = 0xFF00_00FF, blue: UInt32 = 0xFFFF_0000, white: UInt32 = 0xFFFF_FFFF

    /// A window of `size` with one layer at `frame` showing `image`.
    func render(_ image: Image, frame: Rect, gravity: LayerContents.Gravity = .resize, masks: Bool = false,
                rect: Rect = Rect(x: 0, y: 0, width: 1, height: 1), transform: Transform3D = .identity,
                size: Size = Size(width: 100, height: 100), cornerRadius: Double = 0) throws -> Image {
        let window = engine.makeView(frame: Rect(origin: .zero, size: size))
        window.backgroundColor = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)
        let view = engine.makeView(frame: frame)
        view.layer.contents = LayerContents(image: image, gravity: gravity, rect: rect)
        view.layer.masksToBounds = masks
        view.layer.cornerRadius = cornerRadius
        view.layer.transform = transform
        try window.addSubview(view)
        return SceneRenderer(size: size, scale: 1).render(SceneFrame(engine: engine, root: window.layer.id))
    }

    /// Left half red, right half blue.
    var halves: Image {
        var image = Image(width: 10, height: 10, fill: red)
        for y in 0..<10 { for x in 5..<10 { image.pixels[y * 10 + x] = blue } }
        return image
    }

    /// Pictures are equal by size and every pixel, whether or not they share storage; so
    /// are the contents holding them, which frames compare node by node.
    @Test func picturesAreEqualByTheirSizeAndEveryPixel() {
        let picture = halves
        var copy = Image(width: 10, height: 10)
        copy.pixels.withUnsafeMutableBufferPointer { target in
            for (index, pixel) in picture.pixels.enumerated() { target[index] = pixel }
        }
        #expect(picture == copy)
        var changed = copy
        changed.pixels[99] = red                    // the last pixel alone
        #expect(picture != changed)
        changed = copy
        changed.pixels[0] = 0xFE00_00FF             // the first's alpha 255 → 254
        #expect(picture != changed)
        // The same pixels in another shape.
        #expect(Image(width: 2, height: 3, fill: red) != Image(width: 3, height: 2, fill: red))
        #expect(Image(width: 0, height: 4) == Image(width: 0, height: 4))
        #expect(LayerContents(image: picture) == LayerContents(image: copy))
        #expect(LayerContents(image: picture) != LayerContents(image: Image(width: 10, height: 10, fill: red)))
    }

    @Test func bilinearFilteringFollowsTheClosedForm() throws {
        // Two texels, black and white, stretched over 20 points: the pixel centred at
        // x + 0.5 samples u = (x + 0.5) × 2 / 20 − 0.5 texels, clamped to 0…1, so its grey is
        // 255 × clamp(u); the edges of the image repeat its edge texels.
        let image = Image(width: 2, height: 1, pixels: [0xFF00_0000, 0xFFFF_FFFF])
        let picture = try render(image, frame: Rect(x: 0, y: 0, width: 20, height: 10), size: Size(width: 20, height: 10))
        for x in 0..<20 {
            let u = min(max((Double(x) + 0.5) * 2 / 20 - 0.5, 0), 1)
            let grey = Int(picture.rgba(x: x, y: 5).red)
            #expect(abs(Double(grey) - 255 * u) <= 1.5, "x \(x): \(grey)")
        }
    }

    @Test func everyRowOfARoundedStretchedImageSamplesItsOwnColumns() throws {
        // Seven texels, black and white in turn, stretched over a 50 × 30 layer with corners
        // of 10 that clips them: the rows near the corners start further in than the
        // others. Every pixel wholly inside samples u = (x + 0.5) × 7 / 50 − 0.5 texels,
        // clamped to 0…6, whatever its row: texel ⌊u⌋ and the next mixed by the fraction in
        // 256ths, (a × (256 − f) + b × f + 128) / 256.
        let texels = (0..<7).map { $0 % 2 == 0 ? 0 : 255 }
        let image = Image(width: 7, height: 1, pixels: texels.map { 0xFF00_0000 | UInt32($0) * 0x01_0101 })
        let picture = try render(image, frame: Rect(x: 0, y: 0, width: 50, height: 30), masks: true,
                                 size: Size(width: 50, height: 30), cornerRadius: 10)
        var checked = 0
        for y in 0..<30 {
            for x in 0..<50 {
                // The distance inside the rounded rectangle from the pixel's centre.
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                let cx = min(max(px, 10), 40), cy = min(max(py, 10), 20)
                let inside = px == cx || py == cy ? min(px, 50 - px, py, 30 - py) : 10 - ((px - cx) * (px - cx) + (py - cy) * (py - cy)).squareRoot()
                guard inside >= 0.75 else { continue }
                let u = min(max(px * 7 / 50 - 0.5, 0), 6)
                let column = Int(u), fraction = Int((u - Double(column)) * 256)
                let expected = (texels[column] * (256 - fraction) + texels[min(column + 1, 6)] * fraction + 128) >> 8
                let grey = Int(picture.rgba(x: x, y: y).red)
                #expect(abs(grey - expected) <= 1, "(\(x), \(y)): \(grey), expected \(expected)")
                checked += 1
            }
        }
        // Every row has such pixels, the corner rows fewer (about 50 × 30 less the corners).
        #expect(checked > 1_100)
    }

    @Test func gravitiesPlaceTheImageAsCoreAnimationDoes() throws {
        let square = Image(width: 10, height: 10, fill: red)
        let frame = Rect(x: 0, y: 25, width: 100, height: 50)
        // center: 10 × 10 points in the middle (45…55, 45…55).
        let centered = try render(square, frame: frame, gravity: .center)
        #expect(centered.pixels[50 * 100 + 50] == red && centered.pixels[50 * 100 + 40] == white)
        // topLeft: 0…10 × 25…35.
        let corner = try render(square, frame: frame, gravity: .topLeft)
        #expect(corner.pixels[30 * 100 + 5] == red && corner.pixels[30 * 100 + 15] == white)
        // resizeAspect: 50 × 50 centred across (25…75).
        let fit = try render(square, frame: frame, gravity: .resizeAspect)
        #expect(fit.pixels[50 * 100 + 26] == red && fit.pixels[50 * 100 + 24] == white)
        // resizeAspectFill: 100 × 100 centred on the layer (y 0…100), clipped to the
        // bounds (y 25…75) only when the layer masks to bounds.
        let fill = try render(square, frame: frame, gravity: .resizeAspectFill)
        #expect(fill.pixels[10 * 100 + 50] == red)
        let clipped = try render(square, frame: frame, gravity: .resizeAspectFill, masks: true)
        #expect(clipped.pixels[10 * 100 + 50] == white && clipped.pixels[30 * 100 + 50] == red)
        // resize: the whole bounds.
        let stretched = try render(square, frame: frame, gravity: .resize)
        #expect(stretched.pixels[26 * 100 + 1] == red && stretched.pixels[24 * 100 + 1] == white)
    }

    @Test func contentsRectPicksPartOfTheImage() throws {
        // The right half of red | blue, stretched over the layer: all blue.
        let picture = try render(halves, frame: Rect(x: 0, y: 0, width: 100, height: 100),
                                 rect: Rect(x: 0.5, y: 0, width: 0.5, height: 1))
        #expect(picture.pixels[50 * 100 + 10] == blue && picture.pixels[50 * 100 + 90] == blue)
    }

    /// A 30 × 30 grid of nine 10-pixel cells, each its own color (cell (col, row) has red
    /// 40 + 60 × col and green 40 + 60 × row), opaque.
    var grid: (image: Image, cell: (Int, Int) -> UInt32) {
        func cell(_ col: Int, _ row: Int) -> UInt32 {
            0xFF00_0000 | UInt32(40 + 60 * row) << 8 | UInt32(40 + 60 * col)
        }
        var image = Image(width: 30, height: 30)
        for y in 0..<30 { for x in 0..<30 { image.pixels[y * 30 + x] = cell(x / 10, y / 10) } }
        return (image, cell)
    }

    @Test func contentsCenterKeepsTheCapsAndStretchesTheMiddle() throws {
        // The middle third stretches: drawn 90 × 60, the caps keep their 10 points and the
        // middle takes the rest (70 × 40). Breakpoints worked by hand: x 0, 10, 80, 90 over
        // texels 0, 10, 20, 30; y 0, 10, 50, 60.
        let (image, cell) = grid
        let third = Rect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        let contents = LayerContents(image: image, center: third)
        let stretch = contents.stretch(into: Rect(x: 0, y: 0, width: 90, height: 60))
        #expect(stretch.x == [0, 10, 80, 90] && stretch.y == [0, 10, 50, 60])
        #expect(stretch.u.map { ($0 * 1e9).rounded() / 1e9 } == [0, 10, 20, 30])
        // Narrower than the two caps: they share the width in proportion, no middle.
        let squeezed = contents.stretch(into: Rect(x: 0, y: 0, width: 10, height: 60)).x
        #expect(zip(squeezed, [0, 5, 5, 10]).allSatisfy { abs($0 - $1) < 1e-9 })
        let window = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let view = engine.makeView(frame: Rect(x: 0, y: 0, width: 90, height: 60))
        view.layer.contents = contents
        try window.addSubview(view)
        let picture = SceneRenderer(size: Size(width: 100, height: 100), scale: 1)
            .render(SceneFrame(engine: engine, root: window.layer.id))
        func at(_ x: Int, _ y: Int) -> UInt32 { picture.pixels[y * 100 + x] }
        // Corners at their own size; edges stretched one way; the middle both ways. Stretched
        // evenly instead, (15, 5) would still be the top-left cell (15 / 3 = 5 texels).
        #expect(at(4, 4) == cell(0, 0) && at(85, 55) == cell(2, 2) && at(85, 4) == cell(2, 0))
        #expect(at(15, 4) == cell(1, 0) && at(4, 30) == cell(0, 1) && at(45, 30) == cell(1, 1))
        #expect(at(75, 45) == cell(1, 1) && at(84, 30) == cell(2, 1))
    }

    @Test func aRotatedImageTurnsWithItsLayer() throws {
        // Rotating by π/2 about the centre maps (x, y) to (−y, x): the left half (red) goes
        // to the top, the right half (blue) to the bottom.
        let picture = try render(halves, frame: Rect(x: 0, y: 0, width: 100, height: 100),
                                 transform: .rotation(.pi / 2, 0, 0, 1))
        #expect(picture.pixels[20 * 100 + 50] == red)
        #expect(picture.pixels[80 * 100 + 50] == blue)
    }

    @Test func everyPixelOfATurnedImageSamplesWhereItsCenterFalls() throws {
        // A 30 × 30 image whose red grows by 8 a texel column and green by 8 a texel row,
        // over a 150 × 150 layer centred in a 200 × 200 screen and turned by 0.5 rad (past
        // the painter's 64-column strips and 16-row bands). A pixel centre (px, py) lies at
        // layer point (d·R(−0.5)) + 75 (d its offset from the screen's centre), texel
        // u = x / 5 − 0.5: bilinear sampling of a ramp is the ramp, red 8·u, green 8·v
        // (clamped to texels 0…29), give or take the 256ths the weights are rounded to.
        var image = Image(width: 30, height: 30)
        for j in 0..<30 {
            for i in 0..<30 { image.pixels[j * 30 + i] = 0xFF00_0000 | UInt32(8 * j) << 8 | UInt32(8 * i) }
        }
        let angle = 0.5
        let picture = try render(image, frame: Rect(x: 25, y: 25, width: 150, height: 150),
                                 transform: .rotation(angle, 0, 0, 1), size: Size(width: 200, height: 200))
        var checked = 0, strips = Set<Int>(), bands = Set<Int>()
        for y in 0..<200 {
            for x in 0..<200 {
                let dx = Double(x) + 0.5 - 100, dy = Double(y) + 0.5 - 100
                let lx = dx * cos(angle) + dy * sin(angle) + 75, ly = -dx * sin(angle) + dy * cos(angle) + 75
                // Wholly inside, a pixel and a half from the layer's edges.
                guard min(lx, ly, 150 - lx, 150 - ly) >= 1.5 else { continue }
                let u = min(max(lx / 5 - 0.5, 0), 29), v = min(max(ly / 5 - 0.5, 0), 29)
                let pixel = picture.rgba(x: x, y: y)
                #expect(abs(Double(pixel.red) - 8 * u) <= 1.2 && abs(Double(pixel.green) - 8 * v) <= 1.2,
                        "(\(x), \(y)): \(pixel.red), \(pixel.green), expected \(8 * u), \(8 * v)")
                checked += 1
                strips.insert(x / 64)
                bands.insert(y / 16)
            }
        }
        // The turned square's inside: about (150 − 3)² pixels, across every strip and band.
        #expect(checked > 20_000 && strips.count == 4 && bands.count >= 12)
    }

    @Test func aSnapshotIsAPictureThatScalesWithItsBounds() throws {
        // A 50 × 50 thumbnail, red left half and blue right half, snapshotted and the
        // snapshot's frame set to 100 × 100: the picture fills it, halves at x = 50; the
        // thumbnail hidden afterwards does not change the picture.
        let window = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.backgroundColor = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)
        let thumbnail = engine.makeView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let left = engine.makeView(frame: Rect(x: 0, y: 0, width: 25, height: 50))
        left.backgroundColor = RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)
        let right = engine.makeView(frame: Rect(x: 25, y: 0, width: 25, height: 50))
        right.backgroundColor = RGBAColor(red: 0, green: 0, blue: 1, alpha: 1)
        try thumbnail.addSubview(left)
        try thumbnail.addSubview(right)
        try window.addSubview(thumbnail)
        let snapshot = thumbnail.snapshotView(afterScreenUpdates: false)
        thumbnail.isHidden = true
        snapshot.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        try window.addSubview(snapshot)
        let picture = SceneRenderer(size: Size(width: 100, height: 100), scale: 1)
            .render(SceneFrame(engine: engine, root: window.layer.id))
        #expect(picture.pixels[50 * 100 + 10] == red && picture.pixels[50 * 100 + 47] == red)
        #expect(picture.pixels[50 * 100 + 53] == blue && picture.pixels[90 * 100 + 90] == blue)
    }

    @Test func anImageInPerspectiveFillsTheLayersQuad() throws {
        // A uniform image and a background of the same color under the same perspective
        // rotation cover the same pixels.
        let transform = Transform3D.rotation(0.6, 0, 1, 0).concatenating(.perspective(distance: 250))
        let solid = Image(width: 8, height: 8, fill: blue)
        let asImage = try render(solid, frame: Rect(x: 20, y: 20, width: 60, height: 60), transform: transform)
        let window = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.backgroundColor = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)
        let view = engine.makeView(frame: Rect(x: 20, y: 20, width: 60, height: 60))
        view.backgroundColor = RGBAColor(red: 0, green: 0, blue: 1, alpha: 1)
        view.layer.transform = transform
        try window.addSubview(view)
        let asBackground = SceneRenderer(size: Size(width: 100, height: 100), scale: 1)
            .render(SceneFrame(engine: engine, root: window.layer.id))
        let difference = PictureDifference(actual: asImage, expected: asBackground, channelTolerance: 2)
        #expect(difference.isSame, "\(difference.summary())")
        // And the perspective did something: turned 0.6 rad about y, the square's half
        // width of 30 becomes 30 cos 0.6 ≈ 24.8, at most 24.8 / (1 − 30 sin 0.6 / 250) ≈ 26.6
        // on the near side, so x = 21 (29 from the centre) is left of it, and the centre is in.
        #expect(asImage.pixels[50 * 100 + 21] == white)
        #expect(asImage.pixels[50 * 100 + 50] == blue)
    }
}

/// Bilinear mixing of two pixels, against the per-channel closed form.
@Suite struct BilinearMixTests {
    @Test func mixingNeverCarriesIntoTheNextChannel() {
        // Opaque pixels whose channels sit near 255: a careless sum of two rounded halves
        // reaches 256 and carries. The exact mix is (a × (256 − t) + b × t) / 256, rounded.
        let samples: [UInt32] = [0xFFFF_FFFF, 0xFFFE_FDFC, 0xFF80_7F01, 0xFF00_00FF, 0xFFFB_AD6F]
        for a in samples {
            for b in samples {
                for t in stride(from: 0 as UInt32, through: 256, by: 1) {
                    let mixed = ImagePainter.mix(a, b, t)
                    for shift: UInt32 in [0, 8, 16, 24] {
                        let ca = Double(a >> shift & 0xFF), cb = Double(b >> shift & 0xFF)
                        let exact = (ca * Double(256 - t) + cb * Double(t)) / 256
                        #expect(abs(Double(mixed >> shift & 0xFF) - exact) <= 0.5 + 1e-9, "a \(a) b \(b) t \(t)")
                    }
                }
            }
        }
    }
}

/// Snapshot pictures within a memory budget.
@Suite struct SnapshotBudgetTests {
    @Test func snapshotsInALoopStopBeingPicturesAtTheBudget() throws {
        let engine = SnapshotRasterizer.engine()
        let screen = engine.makeView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        screen.backgroundColor = RGBAColor(red: 0, green: 0, blue: 1, alpha: 1)
        // A full screen at 3 pixels a point is 1170 × 2532 = 2 962 440 pixels. After 22
        // pictures (65 173 680 pixels) the budget of 64 Mi (67 108 864) is not reached, so
        // the 23rd is a picture too (68 136 120); from the 24th on, snapshots copy layers.
        var pictures = 0, copies = 0
        for _ in 0..<30 {
            let snapshot = screen.snapshotView(afterScreenUpdates: false)
            if snapshot.layer.contents != nil { pictures += 1 } else if snapshot.layer.sublayers.count == 1 { copies += 1 }
        }
        #expect(pictures == 23)
        #expect(copies == 7)
        #expect(engine.snapshotPixels <= AnimationEngine.snapshotPixelBudget + 1170 * 2532)
    }
}
