/// How hard the GPU transcoder searches for each block (``PVRTCUploadMode/transcode``,
/// ``GLContext/transcode(_:to:effort:)-(PVRTCTexture,_,_)``).
///
/// The effort changes the BC1, BC3 and ETC2 colour encoders; the ASTC encoder and the alpha blocks (BC3's,
/// EAC's) are the same at both.
public enum TranscodeEffort: String, Sendable, CaseIterable {
    /// The encoder of uploads, sized to run at load time: for BC, the better of two seeds along the colours'
    /// principal axis, refined twice; for ETC2, the candidate with the best estimate fitted exactly.
    case fast
    /// The encoder of file conversion (`pvrc transcode`): for BC, six seeds, each refined and searched over its
    /// endpoints' RGB565 neighbours twice; for ETC2, every flip and mode fitted exactly with every table and
    /// searched over its bases' one-code neighbours. On the Kodak crops both are at least libsquish's BC1 cluster
    /// fit, for tens of times the encoding work of ``fast`` (on Mesa's llvmpipe a 2048² level takes seconds
    /// instead of tenths).
    case thorough

    /// The preprocessor line that selects this effort's encoder in `transcode.frag` for `target` (empty where
    /// the effort changes nothing).
    func shaderDefine(for target: TranscodeTarget) -> String {
        switch (self, target) {
        case (.thorough, .bc1), (.thorough, .bc3), (.thorough, .etc2), (.thorough, .etc2RGBA):
            return "#define PVRC_THOROUGH 1\n"
        default: return ""
        }
    }
}
