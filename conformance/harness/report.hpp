// A divergence as a person reads it: what, where, and the one command that reproduces it.
#pragma once

#include <string>
#include <vector>

namespace tsc {

struct Failure {
    std::string family;     // e.g. qwp_gorilla
    std::string operation;  // e.g. decode, encode, roundtrip
    std::string subject;
    std::string profile;
    std::string input_hex;  // the input the operation was given
    std::string input_b64;
    std::string where;      // first differing byte offset or field
    std::string expected;   // from the reference (or the vector)
    std::string actual;     // from the subject
    std::string reproduce;  // a tsconform command that runs this one case

    // The stable one-line signature <subject>-reference-<family>-<operation>-difference, then details.
    std::string describe() const;
};

// The file being replayed or fuzzed, named in every report while it is set.
void set_current_input_path(std::string path);

std::string describe_all(const std::vector<Failure>& failures);

}  // namespace tsc
