import Foundation
import PVRTC
import TextureFormats
import TextureLoader

/// One image of the carousel: a PNG and the same image as a PVR or KTX texture.
package struct CarouselItem: Sendable, Hashable {
    /// The PNG file.
    package let png: URL
    /// The PVR (or KTX) file with the same base name.
    package let texture: URL

    /// Creates an item from its two files.
    package init(png: URL, texture: URL) {
        self.png = png
        self.texture = texture
    }

    /// The items of `directory`: every `NAME.png` with a `NAME.pvr` or `NAME.ktx` beside it, by name.
    /// - Throws: ``CarouselDirectoryError`` when the directory cannot be listed or holds no such pair.
    package static func scan(_ directory: URL) throws -> [CarouselItem] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw CarouselDirectoryError.cannotList(directory: directory.path, reason: error.localizedDescription)
        }
        let present = Set(names)
        let items = names.filter { $0.lowercased().hasSuffix(".png") }.sorted().compactMap { name -> CarouselItem? in
            let stem = String(name.dropLast(4))
            guard let partner = ["\(stem).pvr", "\(stem).ktx"].first(where: present.contains) else { return nil }
            return CarouselItem(
                png: directory.appendingPathComponent(name), texture: directory.appendingPathComponent(partner))
        }
        guard !items.isEmpty else {
            throw CarouselDirectoryError.noImagePairs(directory: directory.path)
        }
        return items
    }
}
