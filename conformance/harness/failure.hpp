// A divergence as a person reads it: what, where, and the one command that reproduces it. Built by
// the generic checks (operation.hpp) from an operation's descriptor, never by hand.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/harness/difference.hpp"
#include "conformance/harness/json_values.hpp"

namespace tsc {

struct Failure {
    std::string check;      // the stable name of a fixed-expectation check, e.g. qwp_gorilla/decode/vector/<name>
    std::string family;     // e.g. qwp_gorilla
    std::string operation;  // e.g. decode; a composite check may name its step (roundtrip, contract)
    std::string subject;
    std::string profile;    // empty when the operation has none
    Json input;             // the operation's input, in its JSON form
    std::optional<Bytes> input_bytes;  // when the input is bytes: shown as hex and base64
    Difference difference;
    std::string command;    // a tsconform command that runs this one case

    // The stable signature <subject>-reference-<family>-<operation>-difference (cryptofuzz's form).
    std::string signature() const;
    // The signature, then one line per fact.
    std::string describe() const;
};

std::string describe_all(const std::vector<Failure>& failures);

// Moves `more` onto the end of `to`: checks that compose checks gather every failure.
void append(std::vector<Failure>& to, std::vector<Failure> more);
// `failures`, each reported as part of `operation` (a round trip's decode step, say).
std::vector<Failure> as_operation(std::vector<Failure> failures, std::string_view operation);

// The file being replayed or fuzzed, named in every report while it is set.
void set_current_input_path(std::string path);

// `text` kept in a file a report names, <stem>-<hash of text>.json, in the folder TSCONFORM_REPORT_DIR
// names (created if need be), else the temporary folder. ctest and the mutant gate point it into the
// build folder, so that a run's failure reports do not pile up in the temporary folder.
std::filesystem::path saved_report_file(std::string_view stem, std::string_view text);

// `tsconform <family> <operation> --subject S [--profile P] '<input JSON>'`; an input too long for
// a command line is written to a file (saved_report_file) and named with @.
std::string reproduce_command(std::string_view family, std::string_view operation, std::string_view subject,
                              std::string_view profile, const Json& input);

// Single quotes for a POSIX shell: ' becomes '\''.
std::string shell_quoted(std::string_view s);

// The CLI's spelling of a family: qwp_gorilla -> qwp-gorilla.
std::string command_name(std::string_view family);

}  // namespace tsc
