/// How hard the GPU transcoder searches for each block (``PVRTCUploadMode/transcode``,
/// ``GLContext/transcode(_:to:effort:)-(PVRTCTexture,_,_)``).
///
/// The effort changes the BC1 and BC3 colour encoder; the ETC2 and ASTC encoders are the same at both.
public enum TranscodeEffort: String, Sendable, CaseIterable {
    /// The encoder of uploads, sized to run at load time: the better of two seeds along the colours'
    /// principal axis, refined twice.
    case fast
    /// The encoder of file conversion (`pvrc transcode`): six seeds, each refined and searched over its
    /// endpoints' RGB565 neighbours twice. At least libsquish's cluster fit on the Kodak crops, for tens of
    /// times the encoding work of ``fast`` (on Mesa's llvmpipe a 2048² level takes seconds instead of tenths).
    case thorough

    /// The preprocessor line that selects this effort's encoder in `transcode.frag` for `target` (empty where
    /// the effort changes nothing).
    func shaderDefine(for target: TranscodeTarget) -> String {
        switch (self, target) {
        case (.thorough, .bc1), (.thorough, .bc3): return "#define PVRC_THOROUGH 1\n"
        default: return ""
        }
    }
}
