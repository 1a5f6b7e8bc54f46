/// An RGBA clear colour, each channel 0...1.
public struct ClearColor: Sendable, Hashable {
    /// Red.
    public var red: Float
    /// Green.
    public var green: Float
    /// Blue.
    public var blue: Float
    /// Alpha.
    public var alpha: Float

    /// Creates a colour.
    public init(red: Float, green: Float, blue: Float, alpha: Float) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Transparent black.
    public static let transparent = ClearColor(red: 0, green: 0, blue: 0, alpha: 0)
}
