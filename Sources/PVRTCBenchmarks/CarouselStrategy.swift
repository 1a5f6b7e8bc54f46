import PVRTC
import TextureFormats
import TextureLoader

/// How the carousel benchmark gets images on screen.
package enum CarouselStrategy: String, CaseIterable, Sendable {
    /// Decode the PNG and upload it on the render thread, inside the frame that first shows it.
    case pngOnDemand = "png-on-demand"
    /// Read the PVR/KTX file and upload it on the render thread, inside the frame that first shows it.
    case pvrOnDemand = "pvr-on-demand"
    /// ``TextureLoader``: files read off the render thread, a cost-limited cache, prefetch of the
    /// upcoming images, low-res first for images that are visible before they are loaded.
    case pvrLoader = "pvr-cache-prefetch"
}
