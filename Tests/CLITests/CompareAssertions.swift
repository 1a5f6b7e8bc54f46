import Foundation
import XCTest

extension XCTestCase {
    /// Asserts that `pvrc compare REF CANDIDATE --json` gives the same figures for `texture` as for
    /// `png`, the PNG `pvrc decode` wrote of it (only the candidate's name differs), and returns them.
    @discardableResult
    func assertCompareReadsTheTextureAsItsDecodedPNG(
        reference: String, texture: String, png: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> [String: Any] {
        let ofTexture = try PVRCProcess.run(["compare", reference, texture, "--json"])
        let ofPNG = try PVRCProcess.run(["compare", reference, png, "--json"])
        XCTAssertEqual(ofTexture.status, 0, ofTexture.standardError, file: file, line: line)
        var figures = try [ofTexture, ofPNG].map {
            try JSONSerialization.jsonObject(with: Data($0.standardOutput.utf8)) as? [String: Any] ?? [:]
        }
        for index in figures.indices { figures[index]["candidate"] = nil }
        XCTAssertEqual(
            NSDictionary(dictionary: figures[0]), NSDictionary(dictionary: figures[1]), file: file, line: line)
        return figures[0]
    }
}
