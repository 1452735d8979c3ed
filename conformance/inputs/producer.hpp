// A family's input producer: builds one input from a Source, and says which threshold classes an
// input falls in. The classes are the sizes and shapes where a fast subject switches path (read from
// subjects/fast/<family>/thresholds.hpp): below, at and above each threshold, and far past the
// widest step. A histogram test draws thousands of inputs from every adapter and fails when a
// declared class never comes up, so a producer that stops reaching a fast path fails loudly.
//
// A producer `P` has:
//   using Value = ...;                                    // what it builds
//   static Value build(Source&);
//   static std::vector<std::string> classes();            // every class it promises to reach
//   static std::vector<std::string> classes_of(const Value&);  // the classes this input falls in
#pragma once

#include <concepts>
#include <string>
#include <vector>

#include "conformance/inputs/source.hpp"

namespace tsc::inputs {

template <class P>
concept Producer = requires(Source& source, const typename P::Value& value) {
    { P::build(source) } -> std::same_as<typename P::Value>;
    { P::classes() } -> std::same_as<std::vector<std::string>>;
    { P::classes_of(value) } -> std::same_as<std::vector<std::string>>;
};

// The class of a size against a threshold t: "<name> <t", "<name> =t" or "<name> >t".
std::string side_of(std::string_view name, std::size_t size, std::size_t threshold);
// The three classes side_of can give for a threshold.
std::vector<std::string> sides(std::string_view name, std::size_t threshold);

}  // namespace tsc::inputs
