// Compile-time seeded bugs. A mutant build compiles a fast subject's own source with
// TSC_MUTANT set to one catalogue name (subjects/mutants/catalogue.json) and TSC_SUBJECT_NS set
// to a namespace of its own. In the normal build TSC_MUTANT is "", every `if constexpr (mutant(...))`
// branch is discarded at compile time, and the subject carries no trace of it.
#pragma once

#include <string_view>

#ifndef TSC_MUTANT
#define TSC_MUTANT ""
#endif

// The catalogue's "implementation" of the mutant: which of its family's implementations the mutant
// subject wraps ("" in the normal build).
#ifndef TSC_MUTANT_IMPLEMENTATION
#define TSC_MUTANT_IMPLEMENTATION ""
#endif

#ifndef TSC_SUBJECT_NS
#define TSC_SUBJECT_NS fast
#endif

namespace tsc {

inline constexpr std::string_view kMutant = TSC_MUTANT;
inline constexpr std::string_view kMutantImplementation = TSC_MUTANT_IMPLEMENTATION;

constexpr bool mutant(std::string_view name) { return kMutant == name; }

}  // namespace tsc
