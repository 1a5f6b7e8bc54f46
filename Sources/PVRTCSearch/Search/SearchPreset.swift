import PVRTC

/// The knobs behind one quality level at one rate: one row of ``table``, the one place that says what each
/// ``PVRTCEncoder/Quality`` does for each format. docs/quality-presets.md holds ``markdownTable()``, and a
/// test keeps the two equal.
struct SearchPreset: Sendable, Equatable {
    /// A run of identical outer rounds: refine → quantise → choose modulation, then worst-block recovery if
    /// the run has it.
    struct Rounds: Sendable, Equatable {
        /// How many rounds.
        var count: Int
        /// Gauss–Seidel sweeps of each endpoint refinement.
        var sweeps: Int
        /// ±1 coordinate-descent passes of each code search.
        var descentPasses: Int
        /// Coordinate-descent passes over the stored weights of each modulation choice, for modulation that is
        /// chosen per block rather than per pixel (``BlockFormat/Modulation/directOrInterpolated``); 0 otherwise.
        var modulationPasses: Int = 0
        /// Worst-block recovery at the end of every round of the run, if any.
        var recovery: WorstBlockRecovery.Effort? = nil
    }

    /// The quality level.
    let quality: PVRTCEncoder.Quality
    /// The format.
    let format: PVRTCFormat
    /// The outer rounds in order; empty for `fastest`, which runs the one-pass encoder instead.
    let rounds: [Rounds]
    /// `fastest` only: how many times the one-pass encoder fits modulation weights and endpoints (``FastestFit``).
    var fastestFits: Int = 0
    /// PVRTC2 only: the hard-transition search after the rounds (``HardTransitionSearch``); `nil` for none.
    var hardTransition: HardTransitionEffort? = nil

    /// How hard ``HardTransitionSearch`` works: rounds of choosing the region and word flags, trying
    /// high-error regions as hard ones in the first rounds, and then descending over the endpoints of the
    /// blocks hard regions use, with so many descent passes.
    struct HardTransitionEffort: Sendable, Equatable {
        /// Rounds of flag choice and endpoint descent (the flags are chosen once more after the last).
        var rounds: Int
        /// ±1 coordinate-descent passes over each block's endpoints per round.
        var descentPasses: Int
        /// How many times at most the region flags and the 4bpp word flags are chosen in turn before they
        /// settle, each time they are chosen.
        var flagPasses: Int = 4
        /// How many of the first rounds try high-error regions as hard ones with their words refitted
        /// (``HardTransitionSearch/tryRegions(_:_:threads:)``).
        var trialRounds: Int = 1
    }

    /// Worst-block recovery of the 4bpp `best`: blocks above four times the median, two candidates polished
    /// with two descent passes, opaque blocks within 2 levels left alone.
    private static let worst = WorstBlockRecovery.Effort(
        medianFactor: 4, descentPasses: 2, polished: 2, skipWithinLevels: 2)
    /// Worst-block recovery of the 4bpp `max`'s extra rounds: every block above the median.
    private static let wide = WorstBlockRecovery.Effort(
        medianFactor: 1, descentPasses: 4, polished: 4, skipWithinLevels: 0)
    /// The 4bpp `best` rounds, which `max` continues.
    private static let best4bpp = [
        Rounds(count: 3, sweeps: 2, descentPasses: 2), Rounds(count: 2, sweeps: 2, descentPasses: 2, recovery: worst),
    ]

    /// Every quality level at every rate the search encodes.
    ///
    /// 2bpp runs more rounds than 4bpp at each level: its blocks cover twice the pixels and its modulation
    /// choice couples neighbouring blocks. 2bpp `best` runs 8 rounds, not 6: mean Y on the 24 Kodak crops
    /// 32.72 → 32.75 dB for about a third more time, 4 sweeps per refinement gained nothing. 2bpp `max` is
    /// `best`'s rounds, each ending with worst-block recovery for every block above the median (all 24 Kodak
    /// crops: 32.77 → 32.99 dB); ten rounds with more passes and no recovery gained 0.01 dB. 2bpp `fastest` fits
    /// twice: its low-resolution images cover eight pixels a block, and the first fit leaves hard edges and
    /// alpha far off (+3.2 dB on colobot_factory_1024, +1.5 to +2.2 dB alpha on the corpus images with alpha,
    /// +0.14 dB Kodak mean, for twice the time).
    ///
    /// PVRTC2 runs PVRTC1's rows at the same rate (``pvrtc1Table`` with the format changed), followed by the
    /// hard-transition search of ``hardTransition``.
    static let table: [SearchPreset] =
        pvrtc1Table
        + pvrtc1Table.map { row in
            SearchPreset(
                quality: row.quality, format: row.format == .pvrtc1_4bpp ? .pvrtc2_4bpp : .pvrtc2_2bpp,
                rounds: row.rounds, fastestFits: row.fastestFits, hardTransition: hardTransition[row.quality])
        }

    /// The hard-transition search of each PVRTC2 quality level (`fastest` runs none).
    ///
    /// `fast` and `normal` choose the flags once each time: on wz_features_rockies_1024_rgba 4bpp `normal` the
    /// flags settled over up to four passes cost a fifth of PVRTC2's processor time for 0.01 dB
    /// (alpha-weighted RGB 36.96 → 36.95 dB). `max` runs the region trials in every round; at `best` that gained 0.08 dB
    /// alpha-weighted RGB on ferris_512 4bpp (40.90 → 40.98 dB) but took colobot_factory_1024 from 1.4 to 1.7
    /// times PVRTC1's processor time.
    private static let hardTransition: [PVRTCEncoder.Quality: HardTransitionEffort] = [
        .fast: HardTransitionEffort(rounds: 1, descentPasses: 1, flagPasses: 1),
        .normal: HardTransitionEffort(rounds: 1, descentPasses: 1, flagPasses: 1),
        .high: HardTransitionEffort(rounds: 2, descentPasses: 1),
        .best: HardTransitionEffort(rounds: 2, descentPasses: 2),
        .max: HardTransitionEffort(rounds: 3, descentPasses: 3, trialRounds: 3),
    ]

    /// The PVRTC1 rows of ``table``.
    private static let pvrtc1Table: [SearchPreset] = [
        SearchPreset(quality: .fastest, format: .pvrtc1_4bpp, rounds: [], fastestFits: 1),
        SearchPreset(quality: .fast, format: .pvrtc1_4bpp, rounds: [Rounds(count: 1, sweeps: 1, descentPasses: 0)]),
        SearchPreset(quality: .normal, format: .pvrtc1_4bpp, rounds: [Rounds(count: 2, sweeps: 1, descentPasses: 0)]),
        SearchPreset(quality: .high, format: .pvrtc1_4bpp, rounds: [Rounds(count: 3, sweeps: 2, descentPasses: 1)]),
        SearchPreset(quality: .best, format: .pvrtc1_4bpp, rounds: best4bpp),
        SearchPreset(
            quality: .max, format: .pvrtc1_4bpp,
            rounds: best4bpp + [Rounds(count: 4, sweeps: 2, descentPasses: 3, recovery: wide)]),
        SearchPreset(quality: .fastest, format: .pvrtc1_2bpp, rounds: [], fastestFits: 2),
        SearchPreset(
            quality: .fast, format: .pvrtc1_2bpp,
            rounds: [Rounds(count: 2, sweeps: 1, descentPasses: 0, modulationPasses: 1)]),
        SearchPreset(
            quality: .normal, format: .pvrtc1_2bpp,
            rounds: [Rounds(count: 3, sweeps: 1, descentPasses: 0, modulationPasses: 2)]),
        SearchPreset(
            quality: .high, format: .pvrtc1_2bpp,
            rounds: [Rounds(count: 4, sweeps: 2, descentPasses: 1, modulationPasses: 2)]),
        SearchPreset(
            quality: .best, format: .pvrtc1_2bpp,
            rounds: [Rounds(count: 8, sweeps: 2, descentPasses: 2, modulationPasses: 3)]),
        SearchPreset(
            quality: .max, format: .pvrtc1_2bpp,
            rounds: [
                Rounds(
                    count: 8, sweeps: 2, descentPasses: 2, modulationPasses: 3,
                    recovery: WorstBlockRecovery.Effort(medianFactor: 1))
            ]),
    ]

    /// The row of `quality` at `format` (``table`` has one for every pair; `SearchPresetTests` checks it).
    static func of(_ quality: PVRTCEncoder.Quality, _ format: PVRTCFormat) -> SearchPreset {
        guard let row = table.first(where: { $0.quality == quality && $0.format == format }) else {
            preconditionFailure("SearchPreset.table has no row for \(quality) at \(format)")
        }
        return row
    }

    /// All rounds in order, one entry a round (each entry's ``Rounds/count`` is its run's).
    var schedule: [Rounds] {
        rounds.flatMap { [Rounds](repeating: $0, count: $0.count) }
    }

    /// ``table`` as a Markdown table, one line for each run of rounds (`fastest` one line of its own), the
    /// hard-transition search (rounds, flag passes, trial rounds) on a preset's last line; the body of
    /// docs/quality-presets.md.
    static func markdownTable() -> String {
        var lines = [
            "| quality | format | rounds | sweeps | descent passes | modulation passes | recovery above × median "
                + "| recovery polished | recovery descent passes | recovery skips within levels | fastest fits "
                + "| hard-transition rounds (descent passes) | hard-transition flag passes "
                + "| hard-transition trial rounds |",
            "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        let none = "—"
        for preset in table {
            let bpp = "\(preset.format.isPVRTC2 ? "PVRTC2" : "PVRTC1") \(preset.format.bitsPerPixel)bpp"
            if preset.rounds.isEmpty {
                let cells = [String](repeating: none, count: 7) + [String(preset.fastestFits), none, none, none]
                lines.append("| \(preset.quality) | \(bpp) | 0 | " + cells.joined(separator: " | ") + " |")
            }
            for (index, run) in preset.rounds.enumerated() {
                let perPixel = preset.format.isTwoBitModulation ? String(run.modulationPasses) : none
                let effort = run.recovery
                let fourLevel = !preset.format.isTwoBitModulation
                let hard = index == preset.rounds.count - 1 ? preset.hardTransition : nil
                let cells = [
                    String(run.count), String(run.sweeps), String(run.descentPasses), perPixel,
                    effort.map { String($0.medianFactor) } ?? none,
                    effort.flatMap { fourLevel ? String($0.polished) : nil } ?? none,
                    effort.flatMap { fourLevel ? String($0.descentPasses) : nil } ?? none,
                    effort.flatMap { fourLevel ? String($0.skipWithinLevels) : nil } ?? none,
                    none,
                    hard.map { "\($0.rounds) (\($0.descentPasses))" } ?? none,
                    hard.map { String($0.flagPasses) } ?? none,
                    hard.map { String($0.trialRounds) } ?? none,
                ]
                lines.append("| \(preset.quality) | \(bpp) | " + cells.joined(separator: " | ") + " |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension PVRTCFormat {
    /// Whether the format's modulation is direct or interpolated per block (2bpp) rather than two bits a pixel.
    fileprivate var isTwoBitModulation: Bool { BlockFormat(self).modulation == .directOrInterpolated }
}
