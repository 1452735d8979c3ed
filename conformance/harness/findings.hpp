// Findings: upstream implementations that diverge from the spec, from another profile or from the
// contract, kept as data in one format for every family. A finding is the `finding` block of one or
// more vectors of corpora/vectors/<family>.json (the vectors are its examples, checked like any):
//
//   "finding": {"id": "...",          unique in its family
//               "summary": "...",     one sentence
//               "profiles": [...],    the profiles that behave so (empty: then "holds_for" names the
//                                     upstream versions, none of which a profile models)
//               "against": "...",     what they diverge from: a profile, "contract" or "spec"
//               "spec": "...",        the sections of the spec
//               "upstream": "...",    repository, path and commit
//               "condition": "...",   when it happens
//               ...}                  a family's own fields (a search's first example, a predicate)
//
// Several vectors may carry one finding; their blocks must be equal.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "conformance/harness/json_values.hpp"
#include "conformance/harness/vectors.hpp"

namespace tsc {

struct Finding {
    std::string id;
    std::string summary;
    std::vector<std::string> profiles;
    std::string against;
    std::string spec;
    std::string upstream;
    std::string condition;
    std::string holds_for;             // the upstream versions, when no profile models it
    std::vector<std::string> vectors;  // the names of the vectors that carry it
    Json block;                        // the whole block, with the family's own fields
};

// The findings of a family's vectors, each once, in file order. An InputError names the vector whose
// block is malformed or differs from an earlier block of the same id.
std::vector<Finding> findings_of(std::string_view family, const std::vector<Vector>& vectors);

}  // namespace tsc
