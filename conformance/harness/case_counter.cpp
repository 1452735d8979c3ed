#include "conformance/harness/case_counter.hpp"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

namespace tsc {
namespace {

class CaseCounts {
public:
    ~CaseCounts() {
        const char* path = std::getenv("TSCONFORM_CASES_FILE");
        if (!path || !*path || counts_.empty()) return;
        if (std::FILE* f = std::fopen(path, "a")) {
            for (const auto& [family, n] : counts_) std::fprintf(f, "%s %llu\n", family.c_str(), n);
            std::fclose(f);
        }
    }
    void add(std::string_view family) { ++counts_[std::string(family)]; }

private:
    std::map<std::string, unsigned long long, std::less<>> counts_;
};

CaseCounts& counts() {
    static CaseCounts c;
    return c;
}

}  // namespace

void count_case(std::string_view family) { counts().add(family); }

}  // namespace tsc
