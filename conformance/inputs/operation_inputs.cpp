#include "conformance/inputs/operation_inputs.hpp"

namespace tsc::inputs {

std::vector<std::size_t> cut_lengths(std::size_t n) {
    constexpr std::size_t kEdge = 48, kSpread = 32;
    std::vector<std::size_t> out;
    if (n <= 2 * kEdge + kSpread) {
        for (std::size_t k = 0; k < n; ++k) out.push_back(k);
        return out;
    }
    for (std::size_t k = 0; k < kEdge; ++k) out.push_back(k);
    for (std::size_t k = 1; k <= kSpread; ++k) out.push_back(kEdge + k * (n - 2 * kEdge) / (kSpread + 1));
    for (std::size_t k = n - kEdge; k < n; ++k) out.push_back(k);
    return out;
}

}  // namespace tsc::inputs
