#include "conformance/harness/registry.hpp"

namespace tsc {

std::vector<std::string> split_names(std::string_view list) {
    std::vector<std::string> names;
    while (!list.empty()) {
        const std::size_t comma = list.find(',');
        std::string_view item = list.substr(0, comma);
        if (!item.empty()) names.emplace_back(item);
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
    }
    return names;
}

}  // namespace tsc
