#include "conformance/inputs/producer.hpp"

#include <fmt/format.h>

namespace tsc::inputs {

std::string side_of(std::string_view name, std::size_t size, std::size_t threshold) {
    const char side = size < threshold ? '<' : size == threshold ? '=' : '>';
    return fmt::format("{} {}{}", name, side, threshold);
}

std::vector<std::string> sides(std::string_view name, std::size_t threshold) {
    return {fmt::format("{} <{}", name, threshold), fmt::format("{} ={}", name, threshold),
            fmt::format("{} >{}", name, threshold)};
}

}  // namespace tsc::inputs
