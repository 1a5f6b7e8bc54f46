/// A fixture committed with the tests is not in the test bundle: the test fails (a missing fixture is
/// a broken checkout or package manifest, never a reason to skip).
struct MissingFixture: Error, CustomStringConvertible {
    /// The fixture's path in the bundle.
    let name: String

    var description: String { "fixture \(name) is missing from the test bundle" }
}
