// Each family's ErrorClass enum and its kErrorClassNames (the class names of the JSON forms and the
// vectors) are two lists kept in step by hand, and name_of indexes one by the other. Asserted beside
// them, names_in_step fails to compile when a name is added, dropped or moved at the end without its
// class, or the lists end differently.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace tsc {

template <class ErrorClass, std::size_t N>
constexpr bool names_in_step(const std::array<std::string_view, N>& names, ErrorClass last, std::string_view last_name) {
    return N == static_cast<std::size_t>(last) + 1 && names[0] == "ok" && names[N - 1] == last_name;
}

}  // namespace tsc
