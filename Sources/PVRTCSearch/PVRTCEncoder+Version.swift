extension PVRTCEncoder {
    /// Identifies the encoder's output: two encoders with the same version produce the same bytes for
    /// the same image and options. Caches of encoded textures (`pvrc build`) key on it, so any change
    /// to the encoder that can change a single output bit must change this string.
    public static let version = "pvrc-encoder-2"
}
