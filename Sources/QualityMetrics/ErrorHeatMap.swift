import Imaging

/// Per-pixel error of a candidate image against its reference, shown as an amplified heat map with a
/// legend of the scale drawn below it.
///
/// The error of a pixel is the root mean square of its channel differences in 8-bit levels: R, G and B
/// for an opaque reference; for a reference with transparency the RGB differences are weighted by the
/// reference's alpha/255 (colour under alpha 0 is invisible) and the alpha difference counts as a fourth
/// channel. The colour ramp runs black (0) → blue → red → yellow → white (`fullScale` levels or more).
public enum ErrorHeatMap {
    /// Default error, in 8-bit levels, shown at the top of the ramp (white): an 8× amplification.
    public static let defaultFullScale = 32

    /// Height in pixels of the legend drawn under the map.
    public static let legendHeight = 30

    /// The narrowest map with a legend; narrower images are padded with black on the right.
    public static let minimumWidth = 96

    /// Per-pixel errors, row-major, top row first.
    /// - Parameters:
    ///   - reference: the original image.
    ///   - candidate: the image to judge, the same size.
    /// - Throws: `ImagingError.invalidDimensions` when the sizes differ.
    public static func errors(reference: RGBAImage, candidate: RGBAImage) throws -> [Float] {
        guard reference.width == candidate.width, reference.height == candidate.height else {
            throw ImagingError.invalidDimensions(
                width: candidate.width, height: candidate.height,
                reason: "candidate size differs from the reference's \(reference.width)x\(reference.height)")
        }
        let withAlpha = reference.hasTransparency
        let count = reference.width * reference.height
        var result = [Float](repeating: 0, count: count)
        reference.pixels.withUnsafeBufferPointer { r in
            candidate.pixels.withUnsafeBufferPointer { c in
                for i in 0..<count {
                    let o = 4 * i
                    var sum: Float = 0
                    for channel in 0..<3 {
                        let d = Float(Int(r[o + channel]) - Int(c[o + channel]))
                        sum += d * d
                    }
                    if withAlpha {
                        let d = Float(Int(r[o + 3]) - Int(c[o + 3]))
                        sum = sum * Float(r[o + 3]) / 255 + d * d
                        result[i] = (sum / 4).squareRoot()
                    } else {
                        result[i] = (sum / 3).squareRoot()
                    }
                }
            }
        }
        return result
    }

    /// The ramp colour of an error: black at 0, then blue, red, yellow, and white from `fullScale` up.
    /// - Parameters:
    ///   - error: the error in 8-bit levels.
    ///   - fullScale: the error shown white (positive).
    public static func colour(_ error: Float, fullScale: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let stops: [SIMD3<Float>] = [
            SIMD3(0, 0, 0), SIMD3(0, 0, 255), SIMD3(255, 0, 0), SIMD3(255, 255, 0),
            SIMD3(255, 255, 255),
        ]
        let t = min(max(error / Float(max(fullScale, 1)), 0), 1) * Float(stops.count - 1)
        let i = min(Int(t), stops.count - 2)
        let f = t - Float(i)
        let c = stops[i] * (1 - f) + stops[i + 1] * f
        return (UInt8(c.x.rounded()), UInt8(c.y.rounded()), UInt8(c.z.rounded()), 255)
    }

    /// The heat map of `region` (the whole image by default), with the legend below it.
    /// - Parameters:
    ///   - reference: the original image.
    ///   - candidate: the image to judge, the same size.
    ///   - region: the part to show; must lie inside the image.
    ///   - zoom: integer enlargement, nearest neighbour (at least 1).
    ///   - fullScale: the error shown white, in 8-bit levels (at least 1).
    /// - Throws: `ImagingError.invalidDimensions` when the sizes differ or the
    ///   region, zoom or scale is invalid.
    public static func render(
        reference: RGBAImage, candidate: RGBAImage, region: PixelRect? = nil, zoom: Int = 1,
        fullScale: Int = defaultFullScale
    ) throws -> RGBAImage {
        let errors = try errors(reference: reference, candidate: candidate)
        let area = region ?? PixelRect(x: 0, y: 0, width: reference.width, height: reference.height)
        try SideBySide.validate(
            area, zoom: zoom, fullScale: fullScale, imageWidth: reference.width,
            imageHeight: reference.height)
        let mapWidth = area.width * zoom
        let mapHeight = area.height * zoom
        var image = RGBAImage(
            width: max(mapWidth, minimumWidth), height: mapHeight + legendHeight,
            fill: (0, 0, 0, 255))
        for y in 0..<mapHeight {
            let sy = area.y + y / zoom
            for x in 0..<mapWidth {
                image[x, y] = colour(errors[sy * reference.width + area.x + x / zoom], fullScale: fullScale)
            }
        }
        drawLegend(into: &image, top: mapHeight, fullScale: fullScale)
        return image
    }

    /// Draws the legend into the `legendHeight` rows from `top`: the ramp as a bar across the image
    /// and the error levels of its ends and middle below it.
    static func drawLegend(into image: inout RGBAImage, top: Int, fullScale: Int) {
        let margin = 6
        let barTop = top + 4
        let barHeight = 8
        let barWidth = image.width - 2 * margin
        for x in 0..<barWidth {
            let c = colour(Float(x) / Float(max(barWidth - 1, 1)) * Float(fullScale), fullScale: fullScale)
            for y in barTop..<(barTop + barHeight) { image[margin + x, y] = c }
        }
        let white: (UInt8, UInt8, UInt8, UInt8) = (255, 255, 255, 255)
        let labelTop = barTop + barHeight + 4
        let scale = 2
        let middle = fullScale % 2 == 0 ? "\(fullScale / 2)" : "\(fullScale / 2).5"
        let end = "\(fullScale)+"
        LegendFont.draw("0", into: &image, x: margin, y: labelTop, scale: scale, colour: white)
        LegendFont.draw(
            middle, into: &image, x: margin + (barWidth - LegendFont.width(of: middle, scale: scale)) / 2,
            y: labelTop, scale: scale, colour: white)
        LegendFont.draw(
            end, into: &image, x: margin + barWidth - LegendFont.width(of: end, scale: scale),
            y: labelTop, scale: scale, colour: white)
    }

    /// The `size`×`size` region (clipped to the image) with the largest summed squared error, on a grid
    /// of `size/4` pixels; the first in reading order on ties.
    /// - Parameters:
    ///   - reference: the original image.
    ///   - candidate: the image to judge, the same size.
    ///   - size: the side of the region (positive).
    /// - Throws: `ImagingError.invalidDimensions` when the sizes differ.
    public static func worstRegion(reference: RGBAImage, candidate: RGBAImage, size: Int) throws -> PixelRect {
        let errors = try errors(reference: reference, candidate: candidate)
        let w = reference.width
        let h = reference.height
        let rw = min(max(size, 1), w)
        let rh = min(max(size, 1), h)
        // Summed-area table of squared errors, (w + 1)·(h + 1) entries.
        var table = [Double](repeating: 0, count: (w + 1) * (h + 1))
        for y in 0..<h {
            var row = 0.0
            for x in 0..<w {
                let e = Double(errors[y * w + x])
                row += e * e
                table[(y + 1) * (w + 1) + x + 1] = table[y * (w + 1) + x + 1] + row
            }
        }
        let step = max(min(rw, rh) / 4, 1)
        var best = PixelRect(x: 0, y: 0, width: rw, height: rh)
        var bestSum = -1.0
        func sum(_ x: Int, _ y: Int) -> Double {
            table[(y + rh) * (w + 1) + x + rw] - table[y * (w + 1) + x + rw] - table[(y + rh) * (w + 1) + x]
                + table[y * (w + 1) + x]
        }
        var y = 0
        while true {
            var x = 0
            while true {
                let s = sum(x, y)
                if s > bestSum { (best, bestSum) = (PixelRect(x: x, y: y, width: rw, height: rh), s) }
                if x == w - rw { break }
                x = min(x + step, w - rw)
            }
            if y == h - rh { break }
            y = min(y + step, h - rh)
        }
        return best
    }
}
