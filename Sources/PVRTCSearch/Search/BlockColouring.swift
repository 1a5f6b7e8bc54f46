/// The colouring of one grid axis that lets blocks of one colour be searched in parallel: blocks of a
/// colour are at least `spacing` apart (two by default), around the wrap too, so what one reads or writes
/// (its window, the stored weights around it) is never written by another.
///
/// A count that is a multiple of the spacing (every PVRTC1 grid, at the spacing of two) takes `spacing`
/// colours, the positions modulo the spacing. Any other count (PVRTC2 grids of any size) gives each of the
/// last `count mod spacing` positions a colour of its own, since they neighbour position 0 across the wrap.
enum BlockColouring {
    /// The positions `0..<count` of each colour, colours in order.
    static func classes(_ count: Int, spacing: Int = 2) -> [[Int]] {
        let regular = count - count % spacing
        let periodic = regular == 0 ? [] : (0..<spacing).map { Array(stride(from: $0, to: regular, by: spacing)) }
        return periodic + (regular..<count).map { [$0] }
    }
}
