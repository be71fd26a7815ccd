#!/usr/bin/env python3
"""The render benchmark's reference: draws the frames of an animator-host timeline with
Skia's CPU raster (skia-python), the way animator-host's renderer draws them, and prints
the median milliseconds per frame (drawing only: no encoding, one thread). Each frame's
drawing commands are recorded once into an SkPicture and the picture's playback is
timed, so the figure is Skia's rasterization, not Python's cost per call.

    skia_timeline.py TIMELINE.json SCALE [ROUNDS] [FONT.ttf] [--out FRAME.png]

Each view is drawn as Core Animation composites a layer: its shadow (a blur of its
rounded shape), background (a rounded rectangle), contents (the timeline's image with
its gravity, bilinear), border and text, then its sublayers; a translucent layer with
sublayers is drawn off-screen and composited at its opacity; masksToBounds clips the
sublayers to the rounded bounds; every layer is placed by its 4x4 transform (combined with
its superlayer's sublayerTransform about the superlayer's anchor) flattened to a 3x3
perspective matrix. A shape layer's path is filled (with its fill rule) and stroked
(width, caps, joins, miter limit, trimmed to strokeStart ... strokeEnd); a layer with a
mask is drawn off-screen and the mask's tree drawn over it with kDstIn; a backdrop
(UIVisualEffectView) is a save layer with a blur and saturation backdrop filter, tinted.
Text uses the font file given (the one animator-host found),
wrapped at spaces into as many lines as the label allows. `--out` writes the last frame
at the scale, to compare pictures by eye.

Needs: pip install skia-python.
"""
import base64
import json
import math
import statistics
import sys
import time

import skia


def color(hex_text):
    """'#rrggbb' or '#rrggbbaa' as a Skia ARGB integer."""
    value = hex_text.lstrip("#")
    r, g, b = int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)
    a = int(value[6:8], 16) if len(value) == 8 else 255
    return skia.ColorSetARGB(a, r, g, b)


def multiply4(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)] for i in range(4)]


def translation4(x, y):
    return [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [x, y, 0, 1]]


def layer_matrix(view, parent=None):
    """The layer's bounds to its superlayer: anchor to the origin, transform, to position,
    then the superlayer's sublayerTransform about its anchor. The 4x4 acts on row vectors;
    rows and columns 1, 2 and 4 make the 3x3 for z = 0."""
    bx, by, bw, bh = view["bounds"]
    ax, ay = view["anchorPoint"]
    px, py = view["center"]
    t = view["transform"]
    m = multiply4(multiply4(translation4(-bx - ax * bw, -by - ay * bh), [t[0:4], t[4:8], t[8:12], t[12:16]]),
                  translation4(px, py))
    if parent is not None and parent.get("sublayerTransform"):
        s = parent["sublayerTransform"]
        pbx, pby, pbw, pbh = parent["bounds"]
        pax, pay = parent["anchorPoint"]
        cx, cy = pbx + pax * pbw, pby + pay * pbh
        m = multiply4(m, multiply4(multiply4(translation4(-cx, -cy), [s[0:4], s[4:8], s[8:12], s[12:16]]),
                                   translation4(cx, cy)))
    m = [[m[0][0], m[0][1], m[0][3]], [m[1][0], m[1][1], m[1][3]], [m[3][0], m[3][1], m[3][3]]]
    # Skia's matrices act on column vectors: the transpose.
    return skia.Matrix.MakeAll(m[0][0], m[1][0], m[2][0], m[0][1], m[1][1], m[2][1], m[0][2], m[1][2], m[2][2])


class Scene:
    def __init__(self, timeline, font_path):
        self.images = [skia.Image.MakeFromEncoded(skia.Data.MakeWithCopy(base64.b64decode(text)))
                       for text in timeline.get("images", [])]
        self.typefaces = {}
        self.font_path = font_path
        self.sampling = skia.SamplingOptions(skia.FilterMode.kLinear)

    def typeface(self, weight):
        if weight not in self.typefaces:
            path = self.font_path
            if path and weight != "regular":
                bold = path.replace("-Regular", "-Bold")
                path = bold if bold != path else path
            self.typefaces[weight] = skia.Typeface.MakeFromFile(path) if path else skia.Typeface.MakeDefault()
        return self.typefaces[weight]

    def draw_frame(self, canvas, frame):
        views = frame["views"]
        children = {}
        for view in views:
            children.setdefault(view["parent"], []).append(view)
        canvas.clear(skia.ColorBLACK)
        for root in children.get(None, []):
            self.draw(canvas, root, children)

    def draw_mask(self, canvas, mask):
        """A mask's views, drawn in the masked layer's coordinates."""
        children = {}
        for view in mask["views"]:
            children.setdefault(view["parent"], []).append(view)
        for root in children.get(None, []):
            self.draw(canvas, root, children)

    def draw(self, canvas, view, children, parent=None):
        if view["hidden"] or view["alpha"] <= 0.002:
            return
        bx, by, bw, bh = view["bounds"]
        rect = skia.Rect.MakeXYWH(bx, by, bw, bh)
        radius = min(view["cornerRadius"], bw / 2, bh / 2) if bw > 0 and bh > 0 else 0
        rrect = skia.RRect.MakeRectXY(rect, radius, radius)
        kids = children.get(view["id"], [])
        canvas.save()
        canvas.concat(layer_matrix(view, parent))
        masked = view.get("mask")
        if masked:
            canvas.saveLayer(None, None)
        if view.get("shadowOpacity", 0) > 0 and not view["masksToBounds"]:
            shadow = skia.Paint(AntiAlias=True, Color=color(view["shadowColor"]))
            shadow.setAlphaf(view["shadowOpacity"] * view["alpha"])
            shadow.setMaskFilter(skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, max(view["shadowRadius"], 0.01)))
            dx, dy = view["shadowOffset"]
            canvas.save()
            canvas.translate(dx, dy)
            canvas.drawRRect(rrect, shadow)
            canvas.restore()
        backdrop = view.get("backdrop")
        if backdrop:
            self.draw_backdrop(canvas, backdrop, rrect, view["alpha"])
        group = view["alpha"] < 0.998 and kids
        if group:
            canvas.saveLayerAlpha(None, int(round(view["alpha"] * 255)))
        alpha = 1.0 if group else view["alpha"]
        if view["backgroundColor"]:
            paint = skia.Paint(AntiAlias=True, Color=color(view["backgroundColor"]))
            paint.setAlphaf(paint.getAlphaf() * alpha)
            canvas.drawRRect(rrect, paint)
        gradient = view.get("gradient")
        if gradient and gradient["colors"]:
            sx, sy = gradient.get("startPoint", [0.5, 0])
            ex, ey = gradient.get("endPoint", [0.5, 1])
            shader = skia.GradientShader.MakeLinear(
                [skia.Point(bx + sx * bw, by + sy * bh), skia.Point(bx + ex * bw, by + ey * bh)],
                [color(c) for c in gradient["colors"]], gradient.get("locations"))
            paint = skia.Paint(AntiAlias=True, Shader=shader)
            paint.setAlphaf(alpha)
            canvas.drawRRect(rrect, paint)
        contents = view.get("contents")
        if contents:
            self.draw_contents(canvas, contents, view, rrect, alpha)
        if view.get("borderWidth", 0) > 0:
            border = skia.Paint(AntiAlias=True, Color=color(view["borderColor"]), Style=skia.Paint.kStroke_Style,
                                StrokeWidth=view["borderWidth"])
            w = view["borderWidth"] / 2
            canvas.drawRRect(skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(bx + w, by + w, bw - 2 * w, bh - 2 * w),
                                                   max(radius - w, 0), max(radius - w, 0)), border)
        if view.get("shape"):
            self.draw_shape(canvas, view["shape"], alpha)
        if view.get("text"):
            self.draw_text(canvas, view["text"], rect, alpha)
        if kids:
            if view["masksToBounds"]:
                canvas.clipRRect(rrect, doAntiAlias=True)
            for kid in kids:
                self.draw(canvas, kid, children, view)
        if group:
            canvas.restore()
        if masked:
            cut = skia.Paint(BlendMode=skia.BlendMode.kDstIn)
            canvas.saveLayer(None, cut)
            self.draw_mask(canvas, masked)
            canvas.restore()
            canvas.restore()
        canvas.restore()

    def draw_backdrop(self, canvas, backdrop, rrect, alpha):
        """UIVisualEffectView's backdrop: what is drawn so far under the rounded bounds,
        through a Gaussian blur image filter (sigma in the layer's points, mapped by the
        matrix as Skia maps backdrop filters), a saturation color matrix, then the tint."""
        s = backdrop.get("saturation", 1)
        lr, lg, lb = 0.2126 * (1 - s), 0.7152 * (1 - s), 0.0722 * (1 - s)
        matrix = [lr + s, lg, lb, 0, 0,
                  lr, lg + s, lb, 0, 0,
                  lr, lg, lb + s, 0, 0,
                  0, 0, 0, 1, 0]
        sigma = backdrop.get("blurRadius", 0)
        blur = skia.ImageFilters.Blur(sigma, sigma, skia.TileMode.kClamp) if sigma > 0 else None
        saturate = skia.ImageFilters.ColorFilter(skia.ColorFilters.Matrix(matrix), blur)
        canvas.save()
        canvas.clipRRect(rrect, doAntiAlias=True)
        paint = skia.Paint()
        paint.setAlphaf(alpha)
        canvas.saveLayer(skia.Canvas.SaveLayerRec(rrect.rect(), paint, saturate, 0))
        tint = skia.Paint(AntiAlias=True, Color=color(backdrop.get("tintColor", "#00000000")))
        canvas.drawRRect(rrect, tint)
        canvas.restore()
        canvas.restore()

    def draw_shape(self, canvas, shape, alpha):
        if not shape.get("path"):
            return
        path = skia.Path()
        tokens = shape["path"].split()
        index = 0
        while index < len(tokens):
            command = tokens[index]
            count = {"M": 2, "L": 2, "Q": 4, "C": 6, "Z": 0}[command]
            numbers = [float(x) for x in tokens[index + 1:index + 1 + count]]
            index += 1 + count
            if command == "M":
                path.moveTo(*numbers)
            elif command == "L":
                path.lineTo(*numbers)
            elif command == "Q":
                path.quadTo(*numbers)
            elif command == "C":
                path.cubicTo(*numbers)
            else:
                path.close()
        path.setFillType(skia.PathFillType.kEvenOdd if shape.get("fillRule") == "evenOdd" else skia.PathFillType.kWinding)
        if shape.get("fillColor"):
            fill = skia.Paint(AntiAlias=True, Color=color(shape["fillColor"]))
            fill.setAlphaf(fill.getAlphaf() * alpha)
            canvas.drawPath(path, fill)
        if shape.get("strokeColor") and shape.get("lineWidth", 1) > 0:
            caps = {"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap, "square": skia.Paint.kSquare_Cap}
            joins = {"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join, "bevel": skia.Paint.kBevel_Join}
            stroke = skia.Paint(AntiAlias=True, Color=color(shape["strokeColor"]), Style=skia.Paint.kStroke_Style,
                                StrokeWidth=shape.get("lineWidth", 1), StrokeCap=caps[shape.get("lineCap", "butt")],
                                StrokeJoin=joins[shape.get("lineJoin", "miter")], StrokeMiter=shape.get("miterLimit", 10))
            stroke.setAlphaf(stroke.getAlphaf() * alpha)
            start, end = shape.get("strokeStart", 0), shape.get("strokeEnd", 1)
            if start > 0 or end < 1:
                stroke.setPathEffect(skia.TrimPathEffect.Make(max(start, 0), min(end, 1)))
            canvas.drawPath(path, stroke)

    def draw_contents(self, canvas, contents, view, rrect, alpha):
        image = self.images[int(contents["image"])]
        bx, by, bw, bh = view["bounds"]
        cx, cy, cw, ch = contents.get("rect", [0, 0, 1, 1])
        scale = contents.get("scale", 1)
        iw, ih = image.width() * cw / scale, image.height() * ch / scale
        gravity = contents.get("gravity", "resize")
        if gravity == "resize":
            destination = (0, 0, bw, bh)
        elif gravity in ("resizeAspect", "resizeAspectFill"):
            fit = (min if gravity == "resizeAspect" else max)(bw / iw, bh / ih)
            destination = ((bw - iw * fit) / 2, (bh - ih * fit) / 2, iw * fit, ih * fit)
        else:
            x = 0 if "eft" in gravity else bw - iw if "ight" in gravity else (bw - iw) / 2
            y = 0 if gravity.startswith("top") else bh - ih if gravity.startswith("bottom") else (bh - ih) / 2
            destination = (x, y, iw, ih)
        canvas.save()
        if view["masksToBounds"]:
            canvas.clipRRect(rrect, doAntiAlias=True)
        paint = skia.Paint(AntiAlias=True)
        paint.setAlphaf(alpha)
        source = skia.Rect.MakeXYWH(cx * image.width(), cy * image.height(), cw * image.width(), ch * image.height())
        target = skia.Rect.MakeXYWH(bx + destination[0], by + destination[1], destination[2], destination[3])
        canvas.drawImageRect(image, source, target, self.sampling, paint)
        canvas.restore()

    def draw_text(self, canvas, text, rect, alpha):
        font = skia.Font(self.typeface(text.get("weight", "regular")), text["size"])
        font.setSubpixel(True)
        font.setEdging(skia.Font.Edging.kAntiAlias)
        paint = skia.Paint(AntiAlias=True, Color=color(text["color"]))
        paint.setAlphaf(paint.getAlphaf() * alpha)
        metrics = font.getMetrics()
        line_height = metrics.fDescent - metrics.fAscent + metrics.fLeading
        limit = int(text.get("lines", 1))
        fitting = max(int(rect.height() / line_height), 1) if line_height > 0 else 1
        most = fitting if limit == 0 else limit
        lines = []
        for paragraph in text["string"].split("\n"):
            words, line = paragraph.split(" "), ""
            for word in words:
                candidate = word if not line else line + " " + word
                if font.measureText(candidate) <= rect.width() or not line or most == 1:
                    line = candidate
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        lines = lines[:most]
        top = rect.top() + (rect.height() - len(lines) * line_height) / 2 - metrics.fAscent
        for index, line in enumerate(lines):
            width = font.measureText(line)
            alignment = text.get("alignment", "center")
            x = rect.left() if alignment == "left" else rect.right() - width if alignment == "right" \
                else rect.left() + (rect.width() - width) / 2
            canvas.drawString(line, x, top + index * line_height, font, paint)


def main():
    arguments = [a for a in sys.argv[1:] if a != "--out"]
    out = None
    if "--out" in sys.argv:
        out = sys.argv[sys.argv.index("--out") + 1]
        arguments.remove(out)
    path, scale = arguments[0], float(arguments[1])
    rounds = int(arguments[2]) if len(arguments) > 2 else 3
    font_path = arguments[3] if len(arguments) > 3 else None
    timeline = json.load(open(path))
    segments = timeline.get("transitions", [timeline])
    width, height = segments[0]["size"]
    surface = skia.Surface(int(round(width * scale)), int(round(height * scale)))
    canvas = surface.getCanvas()
    times = []
    for segment in segments:
        scene = Scene(segment, font_path)
        for frame in segment["frames"]:
            # Each frame is recorded once into an SkPicture (Python builds the drawing
            # commands, untimed), then played back: the time is Skia's rasterization
            # alone, without the interpreter's cost per call.
            recorder = skia.PictureRecorder()
            recording = recorder.beginRecording(skia.Rect.MakeWH(width * scale, height * scale))
            recording.scale(scale, scale)
            scene.draw_frame(recording, frame)
            picture = recorder.finishRecordingAsPicture()
            for _ in range(rounds):
                start = time.perf_counter()
                canvas.drawPicture(picture)
                surface.flushAndSubmit()
                times.append((time.perf_counter() - start) * 1000)
    if out:
        surface.makeImageSnapshot().save(out, skia.kPNG)
    print("frames %d, rounds %d, median %.3f ms/frame" % (sum(len(s["frames"]) for s in segments), rounds,
                                                          statistics.median(times)))


main()
