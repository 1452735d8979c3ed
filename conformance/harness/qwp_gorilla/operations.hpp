// The QWP Gorilla operations: decode and encode of a timestamp column body.
//
// Divergence policy (docs/design.md): encoder bytes must equal the reference's under the encoder's
// profile, padding bits included;
// decoders must agree with the reference on success vs failure and on the error class for every
// input; when both succeed, the encoding read, the bytes consumed, the null bitmap and the values
// must be equal.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "conformance/harness/fuzz_input.hpp"
#include "conformance/harness/operation.hpp"
#include "reference/qwp_gorilla/profile_rules.hpp"
#include "subjects/api/qwp_gorilla.hpp"

namespace tsc::qwp {

// A column is {"rows": "<n>", "null_bitmap": "<hex>" | null, "values": ["<int64>", ...]}; a row
// count is the varint's uint64.
Json column_json(const Column& c);
Column column_of(const JsonAt& j);

inline constexpr char kFamily[] = "qwp_gorilla";

struct Decode : OperationBase<Decode, kFamily, Subject> {
    static constexpr std::string_view name = "decode";
    struct Input {
        Bytes body;
        Framing framing;
        Profile profile = kDefaultProfile;
    };
    using Outcome = DecodeOutcome;

    static std::vector<std::string_view> profiles();
    static std::string_view profile(const Input& in) { return in.profile.name; }
    static Outcome run(Subject& s, const Input& in) { return s.decode(in.body, in.framing, in.profile); }
    static Json input_json(const Input& in);
    static Input read_input(const JsonAt& j, std::string_view profile);
    static Json outcome_json(const Outcome& o);
    static Outcome read_outcome(const JsonAt& j);
    static std::optional<Bytes> input_bytes(const Input& in) { return in.body; }
};

struct Encode : OperationBase<Encode, kFamily, Subject> {
    static constexpr std::string_view name = "encode";
    struct Input {
        Column column;
        bool gorilla_flag = true;
        EncodeProfile profile = kCanonicalEncodeProfile;
    };
    struct Outcome {
        Bytes bytes;
    };

    static std::vector<std::string_view> profiles();
    static std::string_view profile(const Input& in) { return in.profile.name; }
    static const EncodeProfile& profile_named(std::string_view name);  // "": canonical
    // A column whose bitmap marks no row null is one a profile that writes the bitmap only with nulls
    // cannot send (its client has no such column).
    static std::optional<std::string> outside_domain(const Input& in);
    static Outcome run(Subject& s, const Input& in) { return {s.encode(in.column, in.gorilla_flag, in.profile)}; }
    static std::optional<Difference> compare(const Outcome& e, const Outcome& a) { return compare_bytes("bytes", e.bytes, a.bytes); }
    static Json input_json(const Input& in) { return {{"column", column_json(in.column)}, {"gorilla", in.gorilla_flag}}; }
    static Input read_input(const JsonAt& j, std::string_view profile);
    static Json outcome_json(const Outcome& o) { return {{"bytes", bytes_json(o.bytes)}}; }
    static Outcome read_outcome(const JsonAt& j) { return {j["bytes"].bytes()}; }
};

// The input layout of fuzz/qwp_gorilla_decode.cpp (conformance/harness/fuzz_input.hpp):
//
//   offset  size  field
//   0       1     bit 0 = FLAG_GORILLA; bits 1-3 = decoder profile index (mod the profile count:
//                 0 strict, 1 server, 2 rust, 3 typescript, 4 dotnet); bits 4-7 ignored
//   1       4     row_count, uint32 little-endian
//   5       ...   the column body, to the end of the input
//
// A row count above uint32 does not fit (the golden-vector tests keep those). qwp_gorilla_roundtrip
// reads its input through FuzzedDataProvider, so any bytes are valid there: it takes the same seeds.
struct DecodeFuzzInput {
    static constexpr std::array<std::string_view, 2> targets{"qwp_gorilla_decode", "qwp_gorilla_roundtrip"};
    using Op = Decode;
    static std::optional<Decode::Input> decode(ByteView bytes);
    static std::optional<Bytes> encode(const Decode::Input& input);
};

struct Reference;
struct External;

struct Family : Operations<Subject, Decode, Encode>, SubjectKinds<Subject, Reference, External> {
    static std::span<const std::string_view> error_classes() { return kErrorClassNames; }  // "ok" first
    using FuzzInputs = tsc::FuzzInputs<DecodeFuzzInput>;
    static std::span<const ProfileRule> profile_rules() { return kProfileRules; }
};

// Every subject encodes the column to the reference's bytes under every encoder profile whose domain
// holds it, and decodes the canonical bytes as the reference does under every decoder profile (a
// round trip).
std::vector<Failure> check_roundtrip(Column column, bool gorilla_flag);
// The same with the input's encoder profile, one decoder profile and the subjects `subjects` (a fuzz
// input picks them); an input outside the encoder's domain checks nothing.
std::vector<Failure> check_roundtrip(Encode::Input input, const Profile& decoder, std::span<Subject* const> subjects);

// Builds a canonical column from row values, nullopt meaning NULL.
Column make_column(const std::vector<std::optional<std::int64_t>>& rows, bool force_bitmap = false);

}  // namespace tsc::qwp

namespace tsc::families {
using qwp_gorilla = qwp::Family;
}  // namespace tsc::families
