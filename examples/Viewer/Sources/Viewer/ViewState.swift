import Imaging

/// What the window shows and where: the picture, mip level, face, zoom and pan. Pure state; the
/// keys change it and the renderer reads it.
struct ViewState {
    /// The picture on screen.
    enum Picture: String {
        /// The texture as the GPU draws it.
        case texture
        /// The source image the texture was encoded from.
        case source
        /// The per-pixel error between the source and the CPU decoding of the texture.
        case heatmap
    }

    var picture = Picture.texture
    var level = 0
    var face = 0
    /// Magnification as a power of two: 0 is 1:1.
    var zoomStep = 0
    /// Offset of the picture's centre from the window's centre, in window pixels.
    var panX = 0
    var panY = 0
    var checkerboard = true
    /// Draw RGBA as stored: no blending and a transparent-black background instead of the checkerboard.
    var raw = false

    /// The zoom factor, e.g. 0.25, 1 or 8.
    var zoom: Double { zoomStep >= 0 ? Double(1 << zoomStep) : 1 / Double(1 << -zoomStep) }

    /// Where a `width` x `height` picture lands in a `windowWidth` x `windowHeight` window: centred,
    /// scaled by ``zoom`` and moved by the pan. At zoom 1 and no pan a picture the window's size fills
    /// it exactly.
    func rect(width: Int, height: Int, windowWidth: Int, windowHeight: Int) -> PixelRect {
        let w = max(1, Int((Double(width) * zoom).rounded()))
        let h = max(1, Int((Double(height) * zoom).rounded()))
        return PixelRect(x: (windowWidth - w) / 2 + panX, y: (windowHeight - h) / 2 + panY, width: w, height: h)
    }

    /// Zooms in (`+1`) or out (`-1`), from 1/16 to 64x.
    mutating func zoom(by steps: Int) {
        zoomStep = min(6, max(-4, zoomStep + steps))
    }

    /// Back to 1:1, centred.
    mutating func reset() {
        (zoomStep, panX, panY) = (0, 0, 0)
    }
}
