#include "conformance/runner/expected_failures.hpp"

#include <fnmatch.h>

#include <fstream>

#include "conformance/harness/input_error.hpp"

namespace tsc::runner {

ExpectedFailures ExpectedFailures::load(const std::filesystem::path& file) {
    std::ifstream in(file);
    if (!in) throw InputError("cannot read the expected-failures file " + file.string());
    ExpectedFailures list;
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        const std::size_t start = line.find_first_not_of(" \t");
        if (start == std::string::npos || line[start] == '#') continue;
        const std::size_t end = line.find_first_of(" \t", start);
        const std::size_t reason = end == std::string::npos ? end : line.find_first_not_of(" \t", end);
        if (reason == std::string::npos)
            throw InputError(file.string() + ":" + std::to_string(number) + ": `" + line.substr(start) +
                             "` has no reason (each line is: CHECK-OR-GLOB REASON)");
        list.entries_.push_back({line.substr(start, end - start), line.substr(reason), number});
    }
    list.used_.assign(list.entries_.size(), false);
    return list;
}

const ExpectedFailure* ExpectedFailures::find(const std::string& check) const {
    for (std::size_t i = 0; i < entries_.size(); ++i)
        if (fnmatch(entries_[i].pattern.c_str(), check.c_str(), 0) == 0) {
            used_[i] = true;
            return &entries_[i];
        }
    return nullptr;
}

std::vector<ExpectedFailure> ExpectedFailures::unused() const {
    std::vector<ExpectedFailure> out;
    for (std::size_t i = 0; i < entries_.size(); ++i)
        if (!used_[i]) out.push_back(entries_[i]);
    return out;
}

}  // namespace tsc::runner
