/// The shared cache as one build uses it: failures never fail a texture (they become warnings and
/// the texture is encoded), and after ``failureLimit`` failures in a row (a dead, stalled or hostile
/// cache) the cache is not asked again for the rest of the build, with one warning saying so.
/// An entry that loads but that the build's check refuses (not a valid texture of its source) is a
/// failure too, and is removed from the cache. A load that gets a usable answer (a miss included)
/// resets the count; a store does not, so a cache that accepts every store but never answers a load
/// (or answers only with bad entries) is still given up.
package struct GivingUpCache: Sendable {
    /// Failures in a row after which the cache is given up.
    static let failureLimit = 3

    /// The cache.
    let cache: any BuildCache
    private let health = Health()

    /// The build's use of `cache`.
    package init(_ cache: any BuildCache) {
        self.cache = cache
    }

    /// The stored file for `key` and what `check` made of it, or `nil` (a miss, a failure, an entry
    /// `check` refuses or a given-up cache), with the warnings met.
    ///
    /// - Parameters:
    ///   - key: The cache key.
    ///   - limit: The most bytes the file may have.
    ///   - check: Parses and checks the file; what it throws makes the entry a failure, removed.
    package func load<Entry>(
        _ key: ContentDigest, limit: Int, check: ([UInt8]) throws -> Entry
    ) async -> (entry: (bytes: [UInt8], value: Entry)?, warnings: [String]) {
        guard await health.isUsable else { return (nil, []) }
        let bytes: [UInt8]?
        do {
            bytes = try await cache.load(key, limit: limit)
        } catch {
            return (nil, await failed("\(error); encoding"))
        }
        guard let bytes else {
            await health.succeeded()
            return (nil, [])
        }
        do {
            let value = try check(bytes)
            await health.succeeded()
            return ((bytes, value), [])
        } catch {
            var warnings = await failed("\(error); encoding")
            do {
                try await cache.remove(key)
            } catch {
                warnings.append(warning("cannot remove the refused entry: \(error)"))
            }
            return (nil, warnings)
        }
    }

    /// Stores `bytes` under `key` unless the cache was given up; the warnings met.
    package func store(_ bytes: [UInt8], for key: ContentDigest) async -> [String] {
        guard await health.isUsable else { return [] }
        do {
            try await cache.store(bytes, for: key)
            return []
        } catch {
            return await failed("\(error)")
        }
    }

    /// A warning about the cache.
    private func warning(_ text: String) -> String {
        "cache \(cache.location): \(text)"
    }

    /// The warnings for one failure: none once the cache was given up (a request still in flight then
    /// is covered by the give-up warning), the give-up warning with the failure that reached the limit.
    private func failed(_ text: String) async -> [String] {
        switch await health.failed() {
        case .alreadyGivenUp: return []
        case .counted: return [warning(text)]
        case .gaveUp:
            return [
                warning(text),
                warning("\(Self.failureLimit) failures in a row; the cache is not used for the rest of the build"),
            ]
        }
    }

    /// Failures in a row, shared by all textures of the build.
    private actor Health {
        private var failuresInARow = 0
        private var givenUp = false

        var isUsable: Bool { !givenUp }

        func succeeded() {
            if !givenUp { failuresInARow = 0 }
        }

        /// What one failure did to the cache's health.
        enum Outcome {
            case counted, gaveUp, alreadyGivenUp
        }

        /// Counts a failure.
        func failed() -> Outcome {
            guard !givenUp else { return .alreadyGivenUp }
            failuresInARow += 1
            givenUp = failuresInARow >= GivingUpCache.failureLimit
            return givenUp ? .gaveUp : .counted
        }
    }
}
