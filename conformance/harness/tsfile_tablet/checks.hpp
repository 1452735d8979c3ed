// The TsFile Tablet differential checks, shared by the tests, the fuzz targets and the CLI.
//
// Divergence policy (DESIGN.md), per layout:
//   - serialized_size must equal the length of the reference's bytes, or report the reference's
//     error class;
//   - serialize_into at any offset must write exactly the reference's bytes at [offset, offset+size)
//     and leave every other byte of the caller's buffer untouched; on an error (the reference's
//     class) or a buffer one byte too small (buffer_too_small) it must write nothing at all;
//   - deserializers must agree with the reference on success vs failure and on the error class for
//     every input; when both succeed, the tablet (every field, bit-exact floats, bitmap padding
//     bits) and the bytes consumed must be equal.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "conformance/harness/report.hpp"
#include "subjects/api/registry.hpp"
#include "subjects/api/tsfile_tablet.hpp"

namespace tsc::tsfile {

// The subjects, selected by TSCONFORM_SUBJECTS, in this family's registry (subjects/api/registry.hpp).
inline std::vector<Subject*> subjects_under_test() { return tsc::subjects_under_test<Subject>(); }
inline Subject& reference_subject() { return tsc::reference_subject<Subject>(); }
inline std::vector<Subject*> reference_and_subjects() { return tsc::reference_and_subjects<Subject>(); }

struct Difference {
    std::string where;
    std::string expected;
    std::string actual;
};

std::optional<Difference> compare(const DeserializeOutcome& expected, const DeserializeOutcome& actual);
std::optional<Difference> compare(const Tablet& expected, const Tablet& actual);
std::optional<Difference> compare_bytes(ByteView expected, ByteView actual);

std::string describe(const Tablet& tablet);  // a one-line summary
std::string describe(const DeserializeOutcome& outcome);

// serialized_size, then serialize_into a buffer of exactly that size at `offset`: what a caller of
// the two-step API gets. The bytes are those written at the offset.
SerializeOutcome serialize_with(Subject& subject, const Tablet& tablet, Layout layout, std::size_t offset);

// The offsets the checks write at when none is given: never 0, so an ignored offset shows.
inline constexpr std::size_t kDefaultOffset = 7;

// Every subject serializes `tablet` as the reference does (size, bytes, untouched bytes around them,
// buffer_too_small), and deserializes the reference's bytes as the reference does.
std::vector<Failure> check_serialize(const Tablet& tablet, Layout layout, std::size_t offset = kDefaultOffset);
std::vector<Failure> check_serialize(Subject& subject, const Tablet& tablet, Layout layout,
                                     std::size_t offset = kDefaultOffset);

// Every subject deserializes `in` as the reference does.
std::vector<Failure> check_deserialize(ByteView in, Layout layout);
std::vector<Failure> check_deserialize(Subject& subject, ByteView in, Layout layout);

// The commands that rerun one case with one subject. A tablet too long for a command line is written
// to a JSON file in the temporary folder and named with @.
std::string serialize_command(const std::string& subject, const Tablet& tablet, Layout layout, std::size_t offset);
std::string deserialize_command(const std::string& subject, ByteView in, Layout layout);

}  // namespace tsc::tsfile
