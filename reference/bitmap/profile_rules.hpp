// Every rule of the BitMap profiles (model.hpp kProfiles): what each implementation does where the
// BitMap classes differ (docs/spec/tablets-and-bitmaps.md §4), and the facts of those classes the
// operations do not model yet, each with its source. Printed by `tsconform bitmap profiles` and,
// through it, conformance/PROFILES.md.
#pragma once

#include <array>

#include "reference/common/profile_rule.hpp"

namespace tsc::bitmap {

inline constexpr char kJavaArrayImpl[] =
    "apache/tsfile java/common/src/main/java/org/apache/tsfile/utils/BitMapArrayImpl.java @031deadf";

inline constexpr std::array kProfileRules{
    // ---- tsfile
    ProfileRule{"tsfile", RulePart::version, "tsfile.version",
                "the suite's checked contract of the BitMap operations: every position and range checked, with "
                "error classes; the fast subjects follow it",
                "docs/spec/tablets-and-bitmaps.md §4.1"},
    ProfileRule{"tsfile", RulePart::normalisation, "tsfile.is_all_unmarked_checked",
                "isAllUnmarked(r) with r outside [0, size] is range_out_of_bounds", "docs/spec/tablets-and-bitmaps.md §4.1"},
    // ---- tsfile-array
    ProfileRule{"tsfile-array", RulePart::version, "tsfile-array.version", "TsFile's array-backed BitMap",
                kJavaArrayImpl},
    ProfileRule{"tsfile-array", RulePart::normalisation, "tsfile-array.is_all_unmarked_unchecked",
                "isAllUnmarked(r) checks no range: it reads the padding bits, then past the array (an error only there)",
                kJavaArrayImpl},
    ProfileRule{"tsfile-array", RulePart::domain, "tsfile-array.positions_unchecked",
                "not modelled (the other operations keep the checked contract): mark, unmark and isMarked check no "
                "position, so they read and write padding bits up to the array's end and fail only past it or below 0",
                "BitMapArrayImpl.java mark, unmark, isMarked @031deadf"},
    ProfileRule{"tsfile-array", RulePart::domain, "tsfile-array.merge_bound_overflows",
                "not modelled: merge's bounds check srcStart + len > src.size overflows int, so a huge len passes it",
                "BitMapArrayImpl.java merge @031deadf"},
    // ---- tsfile-long
    ProfileRule{"tsfile-long", RulePart::version, "tsfile-long.version",
                "TsFile's long-backed BitMap (one 64-bit word): bitmaps of more than 64 positions are outside the domain",
                "apache/tsfile java/common/src/main/java/org/apache/tsfile/utils/BitMapLongImpl.java @ae23861f"},
    ProfileRule{"tsfile-long", RulePart::normalisation, "tsfile-long.is_all_unmarked_masked_shift",
                "isAllUnmarked(r) tests the mask (1 << (r & 63)) - 1: r = 64 tests no bit", "BitMapLongImpl.java @ae23861f"},
    // ---- iotdb-legacy
    ProfileRule{"iotdb-legacy", RulePart::version, "iotdb-legacy.version",
                "IoTDB's AlignedTVList range check before PR #18358",
                "apache/iotdb AlignedBitmapRangeCheckPerformanceTest.legacyContainsMarkedBit"},
    ProfileRule{"iotdb-legacy", RulePart::normalisation, "iotdb-legacy.contains_marked_bit_byte_scan",
                "containsMarkedBit(start, len) scans bytes from start to start+len-1 with masked first and last "
                "bytes and no range check; len 0 makes end = start - 1 (finding legacy_contains_marked_bit_len_0)",
                "apache/iotdb AlignedBitmapRangeCheckPerformanceTest.legacyContainsMarkedBit"},
    // ---- iotdb-pr18358
    ProfileRule{"iotdb-pr18358", RulePart::version, "iotdb-pr18358.version",
                "IoTDB's AlignedTVList range check of PR #18358 on long-backed bitmaps (64 positions at most)",
                "apache/iotdb pull request #18358"},
    ProfileRule{"iotdb-pr18358", RulePart::normalisation, "iotdb-pr18358.prefix_then_legacy",
                "containsMarkedBit(0, len) asks !isAllUnmarked(len) (the long implementation's masked shift); "
                "any other start takes the legacy byte scan",
                "apache/iotdb pull request #18358"},
};

}  // namespace tsc::bitmap
