// Enumerations by name: every model enum has a constexpr table of names (model.hpp), indexed by
// its value. One lookup for all of them, so that vectors, the protocol and the CLI spell them alike.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/harness/input_error.hpp"

namespace tsc {

// The enum value whose name is `name`; throws InputError naming `what` and the choices.
template <class Enum, std::size_t N>
Enum value_named(const std::array<std::string_view, N>& names, std::string_view name, std::string_view what) {
    for (std::size_t i = 0; i < N; ++i)
        if (names[i] == name) return static_cast<Enum>(i);
    std::string choices;
    for (std::string_view n : names) choices += (choices.empty() ? "" : ", ") + std::string(n);
    throw InputError("unknown " + std::string(what) + " `" + std::string(name) + "` (one of: " + choices +
                                ")");
}

// The same for a table of records that carry a `name` (profiles, layouts).
template <class Record, std::size_t N>
const Record& record_named(const std::array<Record, N>& records, std::string_view name, std::string_view what) {
    for (const Record& r : records)
        if (r.name == name) return r;
    std::string choices;
    for (const Record& r : records) choices += (choices.empty() ? "" : ", ") + std::string(r.name);
    throw InputError("unknown " + std::string(what) + " `" + std::string(name) + "` (one of: " + choices +
                                ")");
}

}  // namespace tsc

namespace tsc {

// The index of the record named `name`; 0, the first, when there is none.
template <class Record, std::size_t N>
std::size_t index_named(const std::array<Record, N>& records, std::string_view name) {
    for (std::size_t i = 0; i < N; ++i)
        if (records[i].name == name) return i;
    return 0;
}

// The names of a table of records that carry a `name` (an operation's profiles()).
template <class Record, std::size_t N>
std::vector<std::string_view> names_of(const std::array<Record, N>& records) {
    std::vector<std::string_view> names;
    for (const Record& r : records) names.push_back(r.name);
    return names;
}

}  // namespace tsc
