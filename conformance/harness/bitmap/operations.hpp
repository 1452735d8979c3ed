// The BitMap operation, `program`: a bitmap of `size` bits (BitMap(size), or BitMap(size, bytes) when
// initial bytes are given) and a list of §4 operations run on it in order, in program.hpp's text form.
//
// Input JSON:   {"size": "<int32>", "bytes": "<hex>" (optional), "ops": "mark 3; isRangeAnyMarked 1 72"},
//               under a profile of model.hpp kProfiles (the request's or the vector's; default tsfile).
// Outcome JSON: {"created": "<hex>", "observations": ["ok" | "true" | "false" | "<hex>" | "error:<class>", ...],
//                "bytes": ["<hex>", ...]}: getByteArray after construction, then per operation what it
//               returned (the vector files' notation) and getByteArray after it; or
//               {"unsupported": true}: no bitmap. A subject gives no result for a size or bytes it does
//               not support (create() returns nullptr) or for a profile it does not claim; the reference
//               holds no bitmap outside 0 <= size <= kMaxSize or with bytes that are not size/8+1 long.
//
// Divergence policy (docs/design.md): a subject runs the program; the reference runs it under the input's
// profile. A subject answers under the profile it claims (Subject::profile()) only; the reference under
// every profile, and the family's checks give each subject its own (check_program). The outcomes are
// compared in order and the first difference is the report: getByteArray after construction, then for
// each operation its observation (the same error class, or the same answer or bytes), then getByteArray
// after it, padding bits included. The report names the operation's index and text and the byte (with
// its positions) that differs. A subject's `unsupported` is no divergence (the subject is skipped for
// that program, as in cryptofuzz); a bitmap where the reference holds none is one.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/harness/bitmap/program.hpp"
#include "conformance/harness/fuzz_input.hpp"
#include "conformance/harness/findings.hpp"
#include "conformance/harness/operation.hpp"
#include "reference/bitmap/reference.hpp"
#include "reference/bitmap/profile_rules.hpp"
#include "subjects/api/bitmap.hpp"

namespace tsc::bitmap {

// What one operation returned, normalized for comparison: an error class replaces any answer.
struct Observation {
    enum class Kind : std::uint8_t { done, boolean, bytes };
    Kind kind = Kind::done;
    ErrorClass error = ErrorClass::ok;
    bool value = false;
    Bytes bytes;

    bool operator==(const Observation&) const = default;
};

// "ok", "true", "false", lowercase hex for bytes, or "error:<class>" (the vector files' notation).
std::string describe(const Observation& o);
// The inverse; an InputError on anything else.
Observation observation_of(std::string_view text);

// One operation on a subject's bitmap (containsMarkedBit is isRangeAnyMarked there: the tsfile
// profile's policy), or on the reference's under a profile.
Observation observe(Bitmap& subject, const Op& op);
Observation observe(reference::Bitmap& reference, const Op& op);

// A profile by name (std::invalid_argument naming the choices), and the one a subject claims.
const Profile& profile_named(std::string_view name);
const Profile& profile_of(const Subject& subject);

inline constexpr char kFamily[] = "bitmap";

struct RunProgram : OperationBase<RunProgram, kFamily, Subject> {
    static constexpr std::string_view name = "program";
    struct Input {
        Program program;
        Profile profile = kDefaultProfile;
    };
    struct Step {
        Observation observation;
        Bytes bytes;  // getByteArray after the operation
    };
    struct Outcome {
        bool unsupported = false;
        Bytes created;  // getByteArray after construction
        std::vector<Step> steps;
        std::vector<Op> ops;  // the operations, named in reports only (not in the JSON)
    };

    static std::vector<std::string_view> profiles();
    static std::string_view profile(const Input& in) { return in.profile.name; }
    static Outcome reference(const Input& in);
    static Outcome run(Subject& s, const Input& in);
    static std::optional<Difference> compare(const Outcome& expected, const Outcome& actual);
    // Why a program is outside its profile's domain (a size its implementation cannot hold), or nothing.
    // The reference answers such a program as no bitmap, and the runner does not send it.
    static std::optional<std::string> outside_domain(const Input& in);
    // Whether getTruncatedByteArray(k) is inside the profile's domain: the Java classes copy k/8+1
    // bytes for any k, and a copy longer than the largest bitmap's array is not asked for.
    static bool truncation_in_domain(const Profile& profile, std::int32_t k);
    // The same, naming each call from the input's program (an outcome read from JSON has none).
    static std::optional<Difference> compare(const Input& in, const Outcome& expected, const Outcome& actual);
    static Json input_json(const Input& in);
    static Input read_input(const JsonAt& j, std::string_view profile);
    static Json outcome_json(const Outcome& o);
    static Outcome read_outcome(const JsonAt& j);
    // Whether a finding (conformance/harness/findings.hpp, with its own `operation` and `class`) is
    // the one that explains `actual`: the first step where it differs from `expected` is a call of
    // that operation and class (out-of-range when `expected` is an error there, len-0 when its length
    // is 0, else in-range; the class of the findings search, conformance/tests/bitmap/findings.hpp).
    static bool explains(const Finding& f, const Input& in, const Outcome& expected, const Outcome& actual);
};

// The input layout of fuzz/bitmap_ops.cpp (conformance/harness/fuzz_input.hpp):
//
//   offset  size  field
//   0       2     size selector, uint16 little-endian (size = value % (kFuzzMaxSize + 1), or with flag
//                 bit 4 kMaxSize + 1 + value % 8: just past the suite maximum, where every subject
//                 must give no bitmap; no operations are read then)
//   2       1     flags: bit 0 = initial bytes follow (size/8+1 of them); bits 1-3 = the profile index
//                 of the program's vector (reference/bitmap/model.hpp kProfiles); bit 4 = a size past
//                 the suite maximum; bits 5-7 ignored
//   3       n     the initial bytes, if flag bit 0
//   ...           operations to the end of the input, each: an opcode byte (bits 0-4 = index in kOps,
//                 mod its size; bit 7 = raw int32 LE arguments instead of scaled uint16 ones: u16 %
//                 (size + 3) - 1, i.e. -1 .. size + 1, where boundaries live), a bitmap value for
//                 merge/equals/equalsInRange (uint16 LE size selector, then size/8+1 bytes), the int
//                 arguments, and for orFailedRows up to ceil(length/8) row bytes. An operation the input
//                 ends inside is dropped.
//
// The target checks every subject under the profile it claims (check_program), whatever the profile
// bits say: they only let a seed name the vector it came from. Decoding never allocates more than the
// input holds. Seeds are written with raw arguments.
inline constexpr std::int32_t kFuzzMaxSize = 8192;

struct ProgramFuzzInput {
    static constexpr std::array<std::string_view, 2> targets{"bitmap_ops", "bitmap_programs"};
    using Op = RunProgram;
    static std::optional<RunProgram::Input> decode(ByteView bytes);
    static std::optional<Bytes> encode(const RunProgram::Input& input);
};

struct Reference;
class External;

struct Family : Operations<Subject, RunProgram>, SubjectKinds<Subject, Reference, External> {
    static std::span<const std::string_view> error_classes() { return kErrorClassNames; }  // "ok" first
    using FuzzInputs = tsc::FuzzInputs<ProgramFuzzInput>;
    static std::span<const ProfileRule> profile_rules() { return kProfileRules; }
};

// The program on one subject against the reference under the profile the subject claims.
std::vector<Failure> check_program(Subject& subject, const Program& program);
// The same on every subject under test (the fuzz target).
std::vector<Failure> check_program(const Program& program);

}  // namespace tsc::bitmap

namespace tsc::families {
using bitmap = tsc::bitmap::Family;
}  // namespace tsc::families
