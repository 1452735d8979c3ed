// Golden vectors: language-neutral JSON files under corpora/vectors/, read at run time so that a new
// case is a file, not a recompile. One envelope for every family (corpora/schema/vectors.schema.json):
//   {"family", "spec", "vectors": [{"name", "source", "op", "profiles"? | "except"?, "input", "expect",
//                                   "max_alloc_bytes"?, "finding"?}]}
// `expect` is the operation's outcome JSON. `profiles` lists the profiles the vector holds for; left
// out, the vector holds for every profile of its operation but those `except` names, so that a new
// profile runs every vector no rule of its sets apart. Findings are vectors with a `finding` block;
// hostile sizes are vectors with `max_alloc_bytes`.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "conformance/harness/operation.hpp"

namespace tsc {

struct Vector {
    std::string name;
    std::string source;
    std::string op;
    std::vector<std::string> profiles;  // every profile the vector runs under; empty: the operation has none
    Json input;
    Json expect;
    Limits limits;
    Json finding;  // null unless the vector records a finding in an upstream implementation
    // The input is one its profiles' clients cannot hold (docs/design.md "Profile", domain): not run as a
    // check; the family's domain test shows the profiles place it outside, and `expect` is the outcome
    // of the input the client holds instead.
    bool outside_domain = false;
};

// corpora/vectors/<family>.json of the source tree (TSCONFORM_VECTORS overrides the folder).
std::filesystem::path vector_file(std::string_view family);
// The profiles of an operation of the family by its name; nullopt for a name that is none.
using ProfilesOf = std::function<std::optional<std::vector<std::string_view>>(std::string_view op)>;

// Every vector of the family, each with the profiles it runs under; an InputError naming the file
// and the path (`vectors[3].op`) of a malformed one, or of a profile its operation does not have.
std::vector<Vector> read_vectors(std::string_view family, const ProfilesOf& profiles_of);
// The same, from the text of a vector file.
std::vector<Vector> parse_vectors(const std::string& text, std::string_view family, const ProfilesOf& profiles_of);

template <class Family>
std::vector<Vector> load_vectors() {
    return read_vectors(Family::family, [](std::string_view op) {
        std::optional<std::vector<std::string_view>> profiles;
        Family::with(op, [&]<class Op>() { profiles = Op::profiles(); });
        return profiles;
    });
}

// The stable name of a vector check: <family>/<op>/vector/<name>.
std::string vector_check_name(std::string_view family, const Vector& v);

// The inputs of a vector of operation Op, each with its profile: the input under each of the
// vector's profiles ("" for an operation without any), and none for a vector outside its profiles'
// domain (not a check: the family's domain test alone reads those).
template <Operation Op>
std::vector<std::pair<std::string, typename Op::Input>> checked_inputs(const Vector& v) {
    std::vector<std::pair<std::string, typename Op::Input>> inputs;
    if (v.outside_domain) return inputs;
    for (const std::string& profile : v.profiles.empty() ? std::vector<std::string>{""} : v.profiles)
        inputs.emplace_back(profile, Op::input_of(v.input, profile));
    return inputs;
}

// Runs one vector against one subject, under each of its profiles.
template <Operation Op>
std::vector<Failure> expect_vector(typename Op::Subject& subject, const Vector& v) {
    std::vector<Failure> failures;
    const typename Op::Outcome expected = Op::outcome_of(v.expect);
    for (const auto& [profile, input] : checked_inputs<Op>(v))
        append(failures, expect<Op>(subject, input, expected, v.limits, vector_check_name(Op::family, v)));
    return failures;
}

// Every vector of the family whose operation is among `Family`'s, against one subject.
template <class Family>
std::vector<Failure> expect_vectors(typename Family::Subject& subject, const std::vector<Vector>& vectors) {
    std::vector<Failure> failures;
    for (const Vector& v : vectors) {
        const bool known = Family::with(v.op, [&]<class Op>() { append(failures, expect_vector<Op>(subject, v)); });
        if (!known) throw InputError(vector_check_name(Family::family, v) + ": unknown operation");
    }
    return failures;
}

}  // namespace tsc
