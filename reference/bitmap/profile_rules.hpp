// Every rule of the BitMap profiles (model.hpp kProfiles): what each implementation does where the
// BitMap classes differ (docs/spec/tablets-and-bitmaps.md §4), each with its source, and the facts of
// those classes the operations do not model yet. Printed by `tsconform bitmap profiles` and, through
// it, conformance/PROFILES.md.
#pragma once

#include <array>

#include "reference/common/profile_rule.hpp"

namespace tsc::bitmap {

inline constexpr char kJavaArrayImpl[] =
    "apache/tsfile java/common/src/main/java/org/apache/tsfile/utils/BitMapArrayImpl.java @031deadf";
inline constexpr char kJavaLongImpl[] =
    "apache/tsfile java/common/src/main/java/org/apache/tsfile/utils/BitMapLongImpl.java @ae23861f";
inline constexpr char kJavaBitMap[] =
    "apache/tsfile java/common/src/main/java/org/apache/tsfile/utils/BitMap.java @061e749b, BitMapImpl.java @031deadf";

// What both Java classes do, through the BitMap methods they share.
inline constexpr char kTruncatedCopy[] =
    "getTruncatedByteArray(k) is Arrays.copyOf(getByteArray(), k / 8 + 1) with no check: zeros past the array; "
    "k from -15 to -8 gives an empty copy, k <= -16 is negative_array_size; a copy longer than the largest "
    "bitmap's array (131,073 bytes) is outside the domain";
inline constexpr char kEqualsInRange[] =
    "equalsInRange(o, r) checks only r > either size (range_out_of_bounds): a negative r compares no byte and "
    "is true";
inline constexpr char kOrFailedRowsUnmodelled[] =
    "not modelled (the checked contract is kept): AlignedTVList.markNullValue (orFailedRows) has no range check, "
    "and on a long-backed bitmap it ORs into the copy getByteArray returns, so the marks are lost";

inline constexpr std::array kProfileRules{
    // ---- tsfile
    ProfileRule{"tsfile", RulePart::version, "tsfile.version",
                "the suite's checked contract of the BitMap operations: every position and range checked, with "
                "error classes; the fast subjects follow it",
                "docs/spec/tablets-and-bitmaps.md §4.1"},
    ProfileRule{"tsfile", RulePart::normalisation, "tsfile.is_all_unmarked_checked",
                "isAllUnmarked(r) with r outside [0, size] is range_out_of_bounds", "docs/spec/tablets-and-bitmaps.md §4.1"},
    // ---- tsfile-array
    ProfileRule{"tsfile-array", RulePart::version, "tsfile-array.version",
                "TsFile's array-backed BitMap (BitMapArrayImpl) in every operation", kJavaArrayImpl},
    ProfileRule{"tsfile-array", RulePart::normalisation, "tsfile-array.positions_unchecked",
                "mark, unmark and isMarked index bits[p / 8] unchecked: padding bits up to the array's end are read and "
                "written; a position past the array or below 0 is index_out_of_bounds",
                "BitMapArrayImpl.java mark, unmark, isMarked @031deadf"},
    ProfileRule{"tsfile-array", RulePart::normalisation, "tsfile-array.is_all_unmarked_unchecked",
                "isAllUnmarked(r) checks no range: it reads the padding bits, then past the array (an error only there)",
                kJavaArrayImpl},
    ProfileRule{"tsfile-array", RulePart::normalisation, "tsfile-array.merge_bound_overflows",
                "merge checks srcStart + len > src.size and destStart + len > size in int: a sum past 2^31 - 1 wraps "
                "and passes; 64 bits at a time are then ORed in until a read or write leaves an array "
                "(index_out_of_bounds), the bytes before it written",
                "BitMapArrayImpl.java merge, extractBits @031deadf"},
    ProfileRule{"tsfile-array", RulePart::normalisation, "tsfile-array.truncated_copy", kTruncatedCopy, kJavaBitMap},
    ProfileRule{"tsfile-array", RulePart::normalisation, "tsfile-array.equals_in_range_negative", kEqualsInRange,
                kJavaBitMap},
    ProfileRule{"tsfile-array", RulePart::domain, "tsfile-array.or_failed_rows", kOrFailedRowsUnmodelled,
                "apache/iotdb AlignedTVList.markNullValue"},
    // ---- tsfile-long
    ProfileRule{"tsfile-long", RulePart::version, "tsfile-long.version",
                "TsFile's long-backed BitMap (one 64-bit word) in every operation: bitmaps of more than 64 positions "
                "are outside the domain",
                kJavaLongImpl},
    ProfileRule{"tsfile-long", RulePart::normalisation, "tsfile-long.positions_masked_shift",
                "mark, unmark and isMarked shift 1L << p: the count is p & 63, so every position is a bit of the word, "
                "the bits past the byte array (hidden from getByteArray) included; nothing is an error",
                "BitMapLongImpl.java mark, unmark, isMarked @ae23861f"},
    ProfileRule{"tsfile-long", RulePart::normalisation, "tsfile-long.is_all_unmarked_masked_shift",
                "isAllUnmarked(r) tests the mask (1 << (r & 63)) - 1 (64 ones for r = 64), hidden bits included: "
                "r = 0 or 128 tests no bit",
                kJavaLongImpl},
    ProfileRule{"tsfile-long", RulePart::normalisation, "tsfile-long.range_bound_overflows",
                "markRange and unmarkRange check start + length > size in int: a sum past 2^31 - 1 wraps and passes, "
                "and lowerBitsMask(length) << start sets or clears bits of the word, both shifts masked (fixed in "
                "031deadf by BitMapImpl.checkRange)",
                "BitMapLongImpl.java markRange, checkRange @ae23861f"},
    ProfileRule{"tsfile-long", RulePart::normalisation, "tsfile-long.merge_bound_overflows",
                "merge checks its bounds in int: past a wrapped bound, bits |= src.extractBits(srcStart, len) << "
                "destStart with masked shifts sets bits silently; an array-backed operand (over 64 positions) gives "
                "its bits as BitMapArrayImpl.extractBits does, or index_out_of_bounds where that reads past its end",
                "BitMapLongImpl.java merge, extractBits @ae23861f"},
    ProfileRule{"tsfile-long", RulePart::normalisation, "tsfile-long.truncated_copy", kTruncatedCopy, kJavaBitMap},
    ProfileRule{"tsfile-long", RulePart::normalisation, "tsfile-long.equals_in_range_negative",
                "equalsInRange(o, r) checks only r > either size; between two long-backed bitmaps a negative r compares "
                "the words under lowerBitsMask(r), bits [0, r & 63); with an array-backed operand it is true",
                "BitMapLongImpl.java contentEqualsInRange @ae23861f"},
    ProfileRule{"tsfile-long", RulePart::domain, "tsfile-long.or_failed_rows", kOrFailedRowsUnmodelled,
                "apache/iotdb AlignedTVList.markNullValue"},
    // ---- iotdb-legacy
    ProfileRule{"iotdb-legacy", RulePart::version, "iotdb-legacy.version",
                "IoTDB's AlignedTVList range check before PR #18358, over the array-backed BitMap (every other "
                "operation is tsfile-array's rule)",
                "apache/iotdb AlignedBitmapRangeCheckPerformanceTest.legacyContainsMarkedBit"},
    ProfileRule{"iotdb-legacy", RulePart::normalisation, "iotdb-legacy.contains_marked_bit_byte_scan",
                "containsMarkedBit(start, len) scans bytes from start to start+len-1 with masked first and last "
                "bytes and no range check; len 0 makes end = start - 1 (finding legacy_contains_marked_bit_len_0)",
                "apache/iotdb AlignedBitmapRangeCheckPerformanceTest.legacyContainsMarkedBit"},
    // ---- iotdb-pr18358
    ProfileRule{"iotdb-pr18358", RulePart::version, "iotdb-pr18358.version",
                "IoTDB's AlignedTVList range check of PR #18358 on long-backed bitmaps (64 positions at most; every "
                "other operation is tsfile-long's rule)",
                "apache/iotdb pull request #18358"},
    ProfileRule{"iotdb-pr18358", RulePart::normalisation, "iotdb-pr18358.prefix_then_legacy",
                "containsMarkedBit(0, len) asks !isAllUnmarked(len) (the long implementation's masked shift); "
                "any other start takes the legacy byte scan",
                "apache/iotdb pull request #18358"},
};

}  // namespace tsc::bitmap
