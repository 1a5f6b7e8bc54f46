import Imaging

/// A 3×5 pixel font for the labels drawn into pictures: digits, the letters `A`–`Z` (lowercase is
/// drawn as uppercase) and the signs `+ . , : - _ / ( ) =`, drawn into an ``RGBAImage`` at an integer
/// scale.
enum LegendFont {
    /// Glyph width and height in font pixels.
    static let glyphWidth = 3, glyphHeight = 5

    /// Rows of each glyph, top first; bit 2 is the left column.
    static func rows(_ character: Character) -> [UInt8]? {
        switch character {
        case "0": return [7, 5, 5, 5, 7]
        case "1": return [2, 6, 2, 2, 7]
        case "2": return [7, 1, 7, 4, 7]
        case "3": return [7, 1, 7, 1, 7]
        case "4": return [5, 5, 7, 1, 1]
        case "5": return [7, 4, 7, 1, 7]
        case "6": return [7, 4, 7, 5, 7]
        case "7": return [7, 1, 1, 1, 1]
        case "8": return [7, 5, 7, 5, 7]
        case "9": return [7, 5, 7, 1, 7]
        case "+": return [0, 2, 7, 2, 0]
        case ".": return [0, 0, 0, 0, 2]
        case ",": return [0, 0, 0, 2, 4]
        case ":": return [0, 2, 0, 2, 0]
        case "-": return [0, 0, 7, 0, 0]
        case "_": return [0, 0, 0, 0, 7]
        case "/": return [1, 1, 2, 4, 4]
        case "(": return [1, 2, 2, 2, 1]
        case ")": return [4, 2, 2, 2, 4]
        case "=": return [0, 7, 0, 7, 0]
        default: return letterRows(character)
        }
    }

    /// Rows of the letters `A`–`Z` (either case).
    private static func letterRows(_ character: Character) -> [UInt8]? {
        // Only ASCII letters have glyphs (uppercasing others may give several characters, like "ß").
        guard character.isASCII else { return nil }
        switch Character(character.uppercased()) {
        case "A": return [2, 5, 7, 5, 5]
        case "B": return [6, 5, 6, 5, 6]
        case "C": return [3, 4, 4, 4, 3]
        case "D": return [6, 5, 5, 5, 6]
        case "E": return [7, 4, 6, 4, 7]
        case "F": return [7, 4, 6, 4, 4]
        case "G": return [3, 4, 5, 5, 3]
        case "H": return [5, 5, 7, 5, 5]
        case "I": return [7, 2, 2, 2, 7]
        case "J": return [1, 1, 1, 5, 2]
        case "K": return [5, 5, 6, 5, 5]
        case "L": return [4, 4, 4, 4, 7]
        case "M": return [5, 7, 7, 5, 5]
        case "N": return [6, 5, 5, 5, 5]
        case "O": return [2, 5, 5, 5, 2]
        case "P": return [6, 5, 6, 4, 4]
        case "Q": return [2, 5, 5, 6, 3]
        case "R": return [6, 5, 6, 5, 5]
        case "S": return [3, 4, 2, 1, 6]
        case "T": return [7, 2, 2, 2, 2]
        case "U": return [5, 5, 5, 5, 7]
        case "V": return [5, 5, 5, 5, 2]
        case "W": return [5, 5, 7, 7, 5]
        case "X": return [5, 5, 2, 5, 5]
        case "Y": return [5, 5, 2, 2, 2]
        case "Z": return [7, 1, 2, 4, 7]
        default: return nil
        }
    }

    /// The width in image pixels of `text` at `scale` (one font pixel of space between glyphs).
    static func width(of text: String, scale: Int) -> Int {
        text.isEmpty ? 0 : (text.count * (glyphWidth + 1) - 1) * scale
    }

    /// Draws `text` with its top-left corner at (x, y); characters without a glyph are left blank and
    /// pixels outside the image are skipped.
    static func draw(
        _ text: String, into image: inout RGBAImage, x: Int, y: Int, scale: Int,
        colour: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)
    ) {
        var left = x
        for character in text {
            if let rows = rows(character) {
                for (row, bits) in rows.enumerated() {
                    for column in 0..<glyphWidth where bits & (4 >> UInt8(column)) != 0 {
                        for dy in 0..<scale {
                            for dx in 0..<scale {
                                let px = left + column * scale + dx
                                let py = y + row * scale + dy
                                if px >= 0, py >= 0, px < image.width, py < image.height { image[px, py] = colour }
                            }
                        }
                    }
                }
            }
            left += (glyphWidth + 1) * scale
        }
    }
}
