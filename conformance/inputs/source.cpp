#include "conformance/inputs/source.hpp"

namespace tsc::inputs {

std::size_t Source::weighted(std::initializer_list<unsigned> weights) {
    std::int64_t total = 0;
    for (unsigned w : weights) total += w;
    std::int64_t at = range(0, total - 1);
    std::size_t index = 0;
    for (unsigned w : weights) {
        if (at < static_cast<std::int64_t>(w)) return index;
        at -= w;
        ++index;
    }
    return weights.size() - 1;
}

}  // namespace tsc::inputs
