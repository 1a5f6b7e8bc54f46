import TextureManifest
import TexturePipeline
import XCTest

final class GlobPatternTests: XCTestCase {
    func testDoubleStarMatchesAnyDepthIncludingNone() {
        let pattern = GlobPattern("ui/**")
        XCTAssertTrue(pattern.matches("ui/button.png"))
        XCTAssertTrue(pattern.matches("ui/menus/deep/icon.png"))
        XCTAssertFalse(pattern.matches("terrain/ui/grass.png"))
        XCTAssertFalse(pattern.matches("uix/button.png"))
    }

    func testSingleStarStaysInOneSegment() {
        let pattern = GlobPattern("*.png")
        XCTAssertTrue(pattern.matches("a.png"))
        XCTAssertFalse(pattern.matches("sub/a.png"))
        XCTAssertTrue(GlobPattern("**/*_n.png").matches("a/b/rock_n.png"))
        XCTAssertTrue(GlobPattern("**/*_n.png").matches("rock_n.png"))
        XCTAssertFalse(GlobPattern("**/*_n.png").matches("a/b/rock.png"))
        XCTAssertTrue(GlobPattern("icons/?.png").matches("icons/x.png"))
        XCTAssertFalse(GlobPattern("icons/?.png").matches("icons/xy.png"))
    }
}
