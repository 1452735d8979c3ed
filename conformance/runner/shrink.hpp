// Shrinking a failing generated case by its choices (conformance/inputs/choice_source.hpp): the
// passes of Hypothesis's shrinker, over any family, since a producer given fewer or smaller answers
// builds a smaller input. A candidate is kept when it still fails; every kept candidate is shorter,
// or as long and smaller at its first difference, so shrinking ends.
#pragma once

#include <cstddef>
#include <functional>

#include "conformance/inputs/choice_source.hpp"

namespace tsc::runner {

struct Shrunk {
    inputs::Choices choices;  // the smallest failing list found
    std::size_t steps = 0;    // candidates kept
    std::size_t tries = 0;    // candidates run
};

// `fails` runs the case the choices build and says whether it still fails; at most `budget` runs.
Shrunk shrink(inputs::Choices failing, const std::function<bool(const inputs::Choices&)>& fails, std::size_t budget);

}  // namespace tsc::runner
