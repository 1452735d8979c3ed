// The QWP Gorilla differential checks, shared by the tests, the fuzz targets and the CLI.
//
// Divergence policy (DESIGN.md): encoder bytes must equal the reference's, padding bits included;
// decoders must agree with the reference on success vs failure and on the error class for every
// input; when both succeed, the encoding read, the bytes consumed, the null bitmap and the values
// must be equal.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "conformance/harness/report.hpp"
#include "subjects/api/registry.hpp"
#include "subjects/api/qwp_gorilla.hpp"

namespace tsc::qwp {

// The subjects, selected by TSCONFORM_SUBJECTS, in this family's registry (subjects/api/registry.hpp).
inline std::vector<Subject*> subjects_under_test() { return tsc::subjects_under_test<Subject>(); }
inline Subject& reference_subject() { return tsc::reference_subject<Subject>(); }
inline std::vector<Subject*> reference_and_subjects() { return tsc::reference_and_subjects<Subject>(); }

struct Difference {
    std::string where;
    std::string expected;
    std::string actual;
};

std::optional<Difference> compare(const DecodeOutcome& expected, const DecodeOutcome& actual);
std::optional<Difference> compare_bytes(ByteView expected, ByteView actual);

std::string describe(const Column& column);
std::string describe(const DecodeOutcome& outcome);

// Every subject decodes `body` as the reference does.
std::vector<Failure> check_decode(ByteView body, const Framing& framing, const Profile& profile);
std::vector<Failure> check_decode(Subject& subject, ByteView body, const Framing& framing, const Profile& profile);

// Every subject encodes `column` to the reference's bytes, and decodes those bytes back to it
// under every profile.
std::vector<Failure> check_encode(const Column& column, bool gorilla_flag);
std::vector<Failure> check_encode(Subject& subject, const Column& column, bool gorilla_flag);

// The commands that rerun one case with one subject.
std::string decode_command(const std::string& subject, ByteView body, const Framing& framing, const Profile& profile);
std::string encode_command(const std::string& subject, const Column& column, bool gorilla_flag);

// Builds a canonical column from row values, nullopt meaning NULL.
Column make_column(const std::vector<std::optional<std::int64_t>>& rows, bool force_bitmap = false);

}  // namespace tsc::qwp
