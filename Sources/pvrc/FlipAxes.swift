import ArgumentParser

/// `--flip x|y|xy`: which axes `pvrc encode` mirrors before encoding (and records in the file).
enum FlipAxes: String, CaseIterable, ExpressibleByArgument {
    /// Mirror left-right.
    case x
    /// Mirror top-bottom: the bottom row is stored first (OpenGL's t = 0 at the bottom).
    case y
    /// Both.
    case xy

    /// Whether the columns are reversed.
    var flipsX: Bool { self != .y }
    /// Whether the rows are reversed.
    var flipsY: Bool { self != .x }
}
