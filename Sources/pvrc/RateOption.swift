import ArgumentParser
import PVRTC

/// `--bpp 4|2`: the PVRTC1 rate a benchmark works at (`bench encode`, `bench decode`, `bench load`).
struct RateOption: ParsableArguments {
    @Option(help: "Bits per pixel: 4 (PVRTC1 4bpp) or 2 (PVRTC1 2bpp).")
    var bpp = 4

    /// The format `--bpp` names.
    var format: PVRTCFormat { bpp == 2 ? .pvrtc1_2bpp : .pvrtc1_4bpp }

    /// The format `--bpp` names in PVRTC1, or in PVRTC2 when `pvrtc2` (the benchmarks' `--pvrtc2` flag).
    func format(pvrtc2: Bool) -> PVRTCFormat {
        guard pvrtc2 else { return format }
        return bpp == 2 ? .pvrtc2_2bpp : .pvrtc2_4bpp
    }

    func validate() throws {
        guard bpp == 2 || bpp == 4 else { throw ValidationError("--bpp must be 2 or 4") }
    }
}
