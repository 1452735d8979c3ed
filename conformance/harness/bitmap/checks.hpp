// The BitMap differential checks, shared by the tests, the fuzz target and the CLI.
//
// Divergence policy (DESIGN.md): a subject runs the same operations as the reference under the
// profile the subject claims. After every operation its observation must equal the reference's (the
// same error class, or the same answer or bytes), and its getByteArray must equal the reference's bytes,
// padding bits included. A subject that gives no result for a size (create() returns nullptr) is
// skipped for that program, as in cryptofuzz.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "conformance/harness/bitmap_program.hpp"
#include "conformance/harness/report.hpp"
#include "subjects/api/registry.hpp"
#include "reference/bitmap/reference.hpp"
#include "subjects/api/bitmap.hpp"

namespace tsc::bitmap {

// The subjects, selected by TSCONFORM_SUBJECTS, in this family's registry (subjects/api/registry.hpp).
inline std::vector<Subject*> subjects_under_test() { return tsc::subjects_under_test<Subject>(); }
inline Subject& reference_subject() { return tsc::reference_subject<Subject>(); }
inline std::vector<Subject*> reference_and_subjects() { return tsc::reference_and_subjects<Subject>(); }

// What one operation produced, normalized for comparison.
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

// A subject answers containsMarkedBit through isRangeAnyMarked (the tsfile profile's policy).
Observation run(Bitmap& subject, const Op& op);
Observation run(reference::Bitmap& reference, const Op& op, const Profile& profile);

// The profile a subject claims (kDefaultProfile when the name is unknown).
const Profile& profile_of(const Subject& subject);

// One operation on a subject's bitmap and on the reference (both are advanced), compared.
// `history` is the program up to, not including, `op`: it makes the reproduce command.
struct StepResult {
    Observation subject;
    Observation reference;
    std::vector<Failure> failures;
};
StepResult check_step(const Subject& subject, Bitmap& bitmap, reference::Bitmap& reference, const Program& history,
                      const Op& op);
// The same against the reference under another profile than the subject's (the CLI's --profile).
StepResult check_step(const Subject& subject, Bitmap& bitmap, reference::Bitmap& reference, const Program& history,
                      const Op& op, const Profile& profile);

// A whole program on one subject, stopping at the first divergence. ran is false when the subject gives
// no result for the program's size or initial bytes (or the program is not valid for the reference).
struct ProgramResult {
    bool ran = false;
    std::vector<Failure> failures;
};
ProgramResult check_program(Subject& subject, const Program& program);
// Every subject under test.
std::vector<Failure> check_program(const Program& program);

// The command that reruns a program with one subject against the reference under a profile.
std::string reproduce_command(std::string_view subject, std::string_view profile, const Program& program);

// A new bitmap of the program's size and initial bytes; nullptr/nullopt when unsupported or invalid.
std::unique_ptr<Bitmap> create_bitmap(Subject& subject, const Program& program);
std::optional<reference::Bitmap> create_reference(const Program& program);

}  // namespace tsc::bitmap
