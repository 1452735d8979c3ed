// Model types of the TsFile/IoTDB BitMap (tablets-and-bitmaps.md §4). Shared by the reference and
// every subject; holds data only, no bitmap logic.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "reference/common/bytes.hpp"
#include "reference/common/error_class_names.hpp"

namespace tsc::bitmap {

// The largest bitmap the suite builds (bits). Every size, position and length is a Java `int`.
inline constexpr std::int32_t kMaxSize = 1 << 20;

// One error class per failing condition. Compared as values, never as messages.
enum class ErrorClass : std::uint8_t {
    ok,
    position_out_of_range,  // mark/unmark/isMarked outside [0, size)
    range_out_of_bounds,    // a (start, length), range size or truncation length outside the bitmap
    index_out_of_bounds,    // an upstream profile indexed past its byte array (Java throws)
    negative_array_size,    // an upstream profile asked for a byte array of negative length (Java throws)
};

inline constexpr std::array kErrorClassNames{
    std::string_view{"ok"},
    std::string_view{"position_out_of_range"},
    std::string_view{"range_out_of_bounds"},
    std::string_view{"index_out_of_bounds"},
    std::string_view{"negative_array_size"},
};

static_assert(names_in_step(kErrorClassNames, ErrorClass::negative_array_size, "negative_array_size"));

constexpr std::string_view name_of(ErrorClass e) { return kErrorClassNames[static_cast<std::size_t>(e)]; }

// A query's result: a boolean, or the error class that replaced it.
struct Answer {
    ErrorClass error = ErrorClass::ok;
    bool value = false;

    bool operator==(const Answer&) const = default;
};

struct BytesAnswer {
    ErrorClass error = ErrorClass::ok;
    Bytes bytes;

    bool operator==(const BytesAnswer&) const = default;
};

// A bitmap as a value: its size in bits and its bytes (§4.1 getByteArray: size/8+1 bytes, padding bits
// included). The operand of merge and equals, and the observable state of every bitmap.
struct Value {
    std::int32_t size = 0;
    Bytes bytes;

    bool operator==(const Value&) const = default;
};

// Which class a profile's bitmap behaves as, where the classes differ (§4.1; Errata 8; profile_rules.hpp).
enum class Implementation : std::uint8_t {
    checked,     // the suite's contract: every position, range and length checked, with error classes
    java_array,  // BitMapArrayImpl @031deadf: positions unchecked up to the array's end, padding bits
                 // included; isAllUnmarked(r) unchecked; merge's bound overflows int
    java_long,   // BitMapLongImpl @ae23861f: one 64-bit word, shift counts masked to 6 bits (positions,
                 // isAllUnmarked(r)); markRange's bound overflows int
};

// What the AlignedTVList range check containsMarkedBit(start, len) answers (§4.2; seed 002).
enum class RangeCheckPolicy : std::uint8_t {
    is_range_any_marked,  // BitMap.isRangeAnyMarked, range-checked, len 0 gives false
    legacy_byte_scan,     // legacyContainsMarkedBit: end = start+len-1, masked first/last byte, no range check
    prefix_then_legacy,   // apache/iotdb PR #18358: start 0 asks !isAllUnmarked(len), else the legacy scan
};

// A named variant of the BitMap semantics that a real implementation follows (docs/design.md "Profile"):
// the class its bitmap behaves as, and how it answers the AlignedTVList range check.
struct Profile {
    std::string_view name;
    Implementation implementation;
    RangeCheckPolicy range_check;
    std::int32_t max_size;  // the implementation holds no larger bitmap (BitMapLongImpl: 64 bits)
    std::string_view followed_by;
};

inline constexpr std::array kProfiles{
    Profile{"tsfile", Implementation::checked, RangeCheckPolicy::is_range_any_marked, kMaxSize,
            "tablets-and-bitmaps.md §4.1 with error classes; the fast subjects"},
    Profile{"tsfile-array", Implementation::java_array, RangeCheckPolicy::is_range_any_marked, kMaxSize,
            "apache/tsfile BitMapArrayImpl.java @031deadf"},
    Profile{"tsfile-long", Implementation::java_long, RangeCheckPolicy::is_range_any_marked, 64,
            "apache/tsfile BitMapLongImpl.java @ae23861f"},
    Profile{"iotdb-legacy", Implementation::java_array, RangeCheckPolicy::legacy_byte_scan, kMaxSize,
            "apache/iotdb AlignedBitmapRangeCheckPerformanceTest.legacyContainsMarkedBit"},
    Profile{"iotdb-pr18358", Implementation::java_long, RangeCheckPolicy::prefix_then_legacy, 64,
            "apache/iotdb PR #18358 (seed 002) on long-backed bitmaps"},
};

inline constexpr const Profile& kDefaultProfile = kProfiles[0];

constexpr std::optional<Profile> find_profile(std::string_view name) {
    for (const Profile& p : kProfiles)
        if (p.name == name) return p;
    return std::nullopt;
}

}  // namespace tsc::bitmap
