import FileIO
import XCTest

/// Names printed in logs and messages: control characters become escapes (issue 35, D8).
final class PrintableTextTests: XCTestCase {
    func testControlCharactersAreEscapedAndOtherTextIsKept() {
        XCTAssertEqual(PrintableText.escaped("a\npvrc build: 9 built\r\t.png"), #"a\npvrc build: 9 built\r\t.png"#)
        XCTAssertEqual(PrintableText.escaped("\u{1B}[31mred\u{7}"), #"\u{1B}[31mred\u{7}"#)
        XCTAssertEqual(
            PrintableText.escaped("del\u{7F} c1\u{9B} rlo\u{202E}gnp.exe"), #"del\u{7F} c1\u{9B} rlo\u{202E}gnp.exe"#)
        XCTAssertEqual(PrintableText.escaped("plain/ünïcödé name \\ 😀.png"), "plain/ünïcödé name \\ 😀.png")
        let escaped = PrintableText.escaped("x\u{0}\u{1F}\u{85}\u{2028}y")
        XCTAssertFalse(escaped.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        XCTAssertEqual(PrintableText.escaped(escaped), escaped, "escaping twice changes nothing")
    }
}
