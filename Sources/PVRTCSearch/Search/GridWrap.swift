/// `index` wrapped into `0..<count`, as the decoder wraps pixel and block coordinates around a level's grid.
///
/// PVRTC1 grids are powers of two, PVRTC2 grids any size from one block; one unsigned comparison keeps the
/// common in-range case as cheap as a mask, and any offset (windows reach past both edges, several times
/// around on a grid of one or two blocks) takes the remainder.
@inline(__always)
func wrapped(_ index: Int, _ count: Int) -> Int {
    if UInt(bitPattern: index) < UInt(bitPattern: count) { return index }
    let r = index % count
    return r < 0 ? r + count : r
}
