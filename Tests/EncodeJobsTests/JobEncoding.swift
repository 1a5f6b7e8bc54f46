import EncodeJobs
import Imaging
import PVRTC
import PVRTCSearch

/// Encodes `image` the way every front end does — an `EncodeJob` (PVR v3, which records every option's
/// metadata): the options' preparation, then the codec — and returns the texture.
func encodeSynchronously(
    _ image: RGBAImage, options: EncodeOptions, progress: ((PVRTCEncoder.Progress) -> Void)? = nil
) throws -> PVRTCTexture {
    try EncodeJob(options: options, container: .pvr3).encode(image, progress: progress).faces[0]
}
