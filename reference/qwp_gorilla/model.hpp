// Model types of the QWP timestamp column body (spec qwp-gorilla.md §1.6).
// Shared by the reference and every subject; holds data only, no codec logic.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "reference/common/bytes.hpp"
#include "reference/common/error_class_names.hpp"

namespace tsc::qwp {

// One error class per decoder condition of §3.1. Compared as values, never as messages.
enum class ErrorClass : std::uint8_t {
    ok,
    missing_null_flag,
    invalid_null_flag,
    truncated_null_bitmap,
    missing_encoding_flag,
    unknown_encoding,
    truncated_raw_values,
    gorilla_too_few_values,
    truncated_seeds,
    truncated_bitstream,
    row_count_out_of_range,  // the frame's row count is above the profile's cap (§3.1a, Go)
};

inline constexpr std::array kErrorClassNames{
    std::string_view{"ok"},
    std::string_view{"missing_null_flag"},
    std::string_view{"invalid_null_flag"},
    std::string_view{"truncated_null_bitmap"},
    std::string_view{"missing_encoding_flag"},
    std::string_view{"unknown_encoding"},
    std::string_view{"truncated_raw_values"},
    std::string_view{"gorilla_too_few_values"},
    std::string_view{"truncated_seeds"},
    std::string_view{"truncated_bitstream"},
    std::string_view{"row_count_out_of_range"},
};

static_assert(names_in_step(kErrorClassNames, ErrorClass::row_count_out_of_range, "row_count_out_of_range"));

constexpr std::string_view name_of(ErrorClass e) { return kErrorClassNames[static_cast<std::size_t>(e)]; }

// What the enc_flag byte said, or `none` when the message has no FLAG_GORILLA.
enum class Encoding : std::uint8_t { none, raw, gorilla };

inline constexpr std::array kEncodingNames{std::string_view{"none"}, std::string_view{"raw"},
                                           std::string_view{"gorilla"}};

constexpr std::string_view name_of(Encoding e) { return kEncodingNames[static_cast<std::size_t>(e)]; }

// Which of fewer-than-three values a decoder accepts with enc_flag 0x01 (§4 D2).
enum class FewValuesPolicy : std::uint8_t {
    reject_below_3,  // Java client, Go, TypeScript
    accept_all,      // QuestDB server cursor, Rust
    accept_2_only,   // .NET main
};

// Which null-flag bytes a decoder accepts (§4 D3).
enum class NullFlagPolicy : std::uint8_t {
    nonzero_is_bitmap,  // QuestDB, Java client, Go, .NET (the ingress doc's wording)
    only_0_or_1,        // TypeScript, Rust
};

// No cap on the frame's row count: the varint's whole uint64 range is read.
inline constexpr std::uint64_t kNoRowCap = UINT64_MAX;

// A decoder profile: a named, documented combination of the policies real decoders follow.
// profile_rules.hpp gives each profile's sources.
struct Profile {
    std::string_view name;
    FewValuesPolicy few_values;
    NullFlagPolicy null_flag;
    std::string_view followed_by;
    std::uint64_t max_row_count = kNoRowCap;  // a larger frame row count is row_count_out_of_range
};

// The clients' cap on a frame's row count: qwpMaxRowsPerBatch, go-questdb-client qwp_constants.go
// @afc74c3; MAX_ROWS_PER_BATCH, nodejs-questdb-client src/qwp/core/result-batch.ts @1267de2f.
inline constexpr std::uint64_t kClientMaxRowsPerBatch = 1u << 20;

inline constexpr std::array kProfiles{
    Profile{"strict", FewValuesPolicy::reject_below_3, NullFlagPolicy::nonzero_is_bitmap, "Java client"},
    Profile{"server", FewValuesPolicy::accept_all, NullFlagPolicy::nonzero_is_bitmap, "QuestDB server ingress cursor"},
    Profile{"rust", FewValuesPolicy::accept_all, NullFlagPolicy::only_0_or_1, "Rust client"},
    Profile{"typescript", FewValuesPolicy::reject_below_3, NullFlagPolicy::only_0_or_1, "Node.js/TypeScript client",
            kClientMaxRowsPerBatch},
    Profile{"dotnet", FewValuesPolicy::accept_2_only, NullFlagPolicy::nonzero_is_bitmap, ".NET client (main)"},
    Profile{"go", FewValuesPolicy::reject_below_3, NullFlagPolicy::nonzero_is_bitmap, "Go client",
            kClientMaxRowsPerBatch},
};

inline constexpr const Profile& kDefaultProfile = kProfiles[0];

constexpr std::optional<Profile> find_profile(std::string_view name) {
    for (const Profile& p : kProfiles)
        if (p.name == name) return p;
    return std::nullopt;
}

// Which null flag an encoder writes (§1.6, §3.1a): the one the column says, or 0x01 only when a row
// is null (a client's API has no column that sends a bitmap without nulls).
enum class NullFlagWriting : std::uint8_t { as_column_says, only_with_nulls };

// Which delta-of-deltas an encoder tests against int32 before it chooses Gorilla (§2.4, §2.8, §4 D4).
enum class DodArithmetic : std::uint8_t {
    wrapping,  // int64 arithmetic mod 2^64, as the decoders: Java, Go, .NET
    exact,     // integers without bounds (BigInt): TypeScript
};

// An encoder profile: what one real encoder writes where encoders differ. profile_rules.hpp gives the
// sources.
struct EncodeProfile {
    std::string_view name;
    NullFlagWriting null_flag;
    DodArithmetic arithmetic;
    std::string_view followed_by;
};

inline constexpr std::array kEncodeProfiles{
    EncodeProfile{"canonical", NullFlagWriting::as_column_says, DodArithmetic::wrapping, "the spec (§2.4, §2.8)"},
    EncodeProfile{"go", NullFlagWriting::only_with_nulls, DodArithmetic::wrapping, "Go client"},
    EncodeProfile{"typescript", NullFlagWriting::only_with_nulls, DodArithmetic::exact, "Node.js/TypeScript client"},
};

inline constexpr const EncodeProfile& kCanonicalEncodeProfile = kEncodeProfiles[0];

// The logical column: the row count, the null bitmap when one is sent, and the dense non-null values.
// Canonical form: null_bitmap holds ceil(row_count/8) bytes with the bits past row_count zero,
// and is empty when has_null_bitmap is false.
struct Column {
    std::uint64_t row_count = 0;
    bool has_null_bitmap = false;
    Bytes null_bitmap;
    std::vector<std::int64_t> values;

    bool operator==(const Column&) const = default;
};

// How the message frames the column: FLAG_GORILLA of the header decides whether enc_flag is present.
struct Framing {
    std::uint64_t row_count = 0;
    bool gorilla_flag = true;
};

struct DecodeOutcome {
    ErrorClass error = ErrorClass::ok;
    Column column;             // valid when error == ok
    Encoding encoding = Encoding::none;
    std::size_t consumed = 0;  // bytes of the input that belong to the column

    bool ok() const { return error == ErrorClass::ok; }
    bool operator==(const DecodeOutcome&) const = default;
};

}  // namespace tsc::qwp
