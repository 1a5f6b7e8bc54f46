/// The colouring of one grid axis that lets blocks of one colour be searched in parallel: blocks of a
/// colour are at least two apart, around the wrap too, so what one reads or writes (its window, the stored
/// weights around it) is never written by another.
///
/// An even count (every PVRTC1 grid) takes two colours, even and odd positions. An odd count (PVRTC2 grids
/// of any size) takes three, the last position on its own, since it neighbours position 0 across the wrap;
/// one block takes one colour.
enum BlockColouring {
    /// The positions `0..<count` of each colour, colours in order.
    static func classes(_ count: Int) -> [[Int]] {
        if count == 1 { return [[0]] }
        let paired = count & ~1
        let twoApart = [Array(stride(from: 0, to: paired, by: 2)), Array(stride(from: 1, to: paired, by: 2))]
        return paired == count ? twoApart : twoApart + [[count - 1]]
    }
}
