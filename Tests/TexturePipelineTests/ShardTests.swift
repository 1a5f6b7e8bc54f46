import TextureManifest
import TexturePipeline
import XCTest

final class ShardTests: XCTestCase {
    func testEveryPathIsInExactlyOneShardAndTheSplitIsBalanced() throws {
        let paths = (0..<400).map { "textures/set\($0 % 7)/item\($0).png" }
        let shards = try (1...4).map { try Shard(index: $0, count: 4) }
        var counts = [0, 0, 0, 0]
        for path in paths {
            let owners = shards.indices.filter { shards[$0].contains(path) }
            XCTAssertEqual(owners.count, 1, path)
            if let owner = owners.first { counts[owner] += 1 }
        }
        // A hash split of 400 paths: each of 4 shards gets 100 ± a few dozen.
        for count in counts { XCTAssertTrue((60...140).contains(count), "\(counts)") }
        XCTAssertTrue(try Shard(index: 1, count: 1).contains("anything.png"))
    }

    func testParsing() throws {
        XCTAssertEqual(try Shard(parsing: "2/3"), try Shard(index: 2, count: 3))
        XCTAssertThrowsError(try Shard(parsing: "0/3"))
        XCTAssertThrowsError(try Shard(parsing: "4/3"))
        XCTAssertThrowsError(try Shard(parsing: "2"))
        XCTAssertThrowsError(try Shard(parsing: "a/b"))
    }
}
