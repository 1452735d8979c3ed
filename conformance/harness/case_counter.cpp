#include "conformance/harness/case_counter.hpp"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

namespace tsc {
namespace {

const char* cases_file() {
    static const char* const path = [] {
        const char* p = std::getenv("TSCONFORM_CASES_FILE");
        return p && *p ? p : nullptr;
    }();
    return path;
}

class CaseCounts {
public:
    ~CaseCounts() {
        if (!cases_file() || counts_.empty()) return;
        if (std::FILE* f = std::fopen(cases_file(), "a")) {
            for (const auto& [family, n] : counts_) std::fprintf(f, "%s %llu\n", family.c_str(), n);
            std::fclose(f);
        }
    }
    // Once per compared case: found by the view (std::less<>), a string built only for a new family.
    void add(std::string_view family) {
        if (const auto it = counts_.find(family); it != counts_.end()) {
            ++it->second;
        } else {
            counts_.emplace(std::string(family), 1);
        }
    }

private:
    std::map<std::string, unsigned long long, std::less<>> counts_;
};

CaseCounts& counts() {
    static CaseCounts c;
    return c;
}

}  // namespace

// Nothing to count into without TSCONFORM_CASES_FILE: a fuzz target compares millions of cases.
void count_case(std::string_view family) {
    if (cases_file()) counts().add(family);
}

}  // namespace tsc
