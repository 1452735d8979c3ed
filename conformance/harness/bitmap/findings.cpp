#include "conformance/harness/bitmap_findings.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "conformance/harness/bitmap_checks.hpp"
#include "conformance/harness/vectors.hpp"

namespace tsc::bitmap {
namespace {

constexpr std::int32_t kSearchMaxSize = 72;
constexpr std::int32_t kMinRangeSize = -9;
constexpr std::int32_t kMaxRangeSize = 137;

Profile profile_named(const std::string& name) {
    const auto p = find_profile(name);
    if (!p) throw std::runtime_error("findings: unknown profile " + name);
    return *p;
}

std::vector<std::string> setups(std::int32_t n) {
    std::vector<std::string> out{"", "markAll", fmt::format("markRange 0 {}", n),
                                 fmt::format("markAll; unmarkRange 0 {}", n)};
    if (n > 0) out.push_back(fmt::format("mark {}", n - 1));
    return out;
}

reference::Bitmap build(std::int32_t n, const std::string& setup) {
    std::string error;
    const auto ops = parse_ops(setup, error);
    auto bitmap = reference::Bitmap::make(n);
    if (!ops || !bitmap) throw std::logic_error("findings: bad setup " + setup);
    for (const Op& op : *ops) run(*bitmap, op, kDefaultProfile);
    return *bitmap;
}

std::vector<Op> calls(const std::string& operation, std::int32_t n) {
    std::vector<Op> out;
    if (operation == "containsMarkedBit") {
        for (std::int32_t start = -2; start <= n + 2; ++start)
            for (std::int32_t len = -2; len <= n + 2; ++len) out.push_back(Op{OpKind::contains_marked_bit, {start, len, 0}, {}, {}});
    } else if (operation == "isAllUnmarked") {
        for (std::int32_t r = kMinRangeSize; r <= kMaxRangeSize; ++r)
            out.push_back(Op{OpKind::is_all_unmarked_prefix, {r, 0, 0}, {}, {}});
    } else {
        throw std::runtime_error("findings: no search space for operation " + operation);
    }
    return out;
}

std::string call_class(const Observation& spec, const Op& call) {
    if (spec.error != ErrorClass::ok) return "out-of-range";
    const std::int32_t length = call.kind == OpKind::contains_marked_bit ? call.args[1] : call.args[0];
    return length == 0 ? "len-0" : "in-range";
}

bool agree(const Observation& a, const Observation& b) {
    return (a.error != ErrorClass::ok && b.error != ErrorClass::ok) || a == b;
}

Comparison comparison_from(const nlohmann::json& j) {
    return {j.at("profile").get<std::string>(), j.at("against").get<std::string>(), j.at("operation").get<std::string>()};
}

}  // namespace

FindingsRegistry load_bitmap_findings() {
    const std::filesystem::path path = std::filesystem::path(TSC_SOURCE_DIR) / "corpora/findings/bitmap.json";
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path.string());
    const nlohmann::json doc = nlohmann::json::parse(in);
    FindingsRegistry r;
    for (const auto& c : doc.at("comparisons")) r.comparisons.push_back(comparison_from(c));
    for (const auto& f : doc.at("findings")) {
        const auto& e = f.at("first_example");
        const std::int64_t size = parse_int64(e.at("size"));
        r.findings.push_back(Finding{
            f.at("id").get<std::string>(), f.at("family").get<std::string>(), comparison_from(f),
            f.at("class").get<std::string>(), f.at("condition").get<std::string>(), f.at("source").get<std::string>(),
            Example{static_cast<std::int32_t>(size), e.at("setup").get<std::string>(), e.at("call").get<std::string>(),
                    e.at("expected").get<std::string>(), e.at("actual").get<std::string>()}});
    }
    return r;
}

std::map<std::string, Example> first_divergences(const Comparison& c) {
    const Profile profile = profile_named(c.profile);
    const Profile against = profile_named(c.against);
    const std::int32_t max_size = std::min({kSearchMaxSize, profile.max_size, against.max_size});
    std::map<std::string, Example> found;
    for (std::int32_t n = 0; n <= max_size; ++n) {
        const std::vector<Op> ops = calls(c.operation, n);
        for (const std::string& setup : setups(n)) {
            reference::Bitmap bitmap = build(n, setup);  // the calls are queries: they leave it as it is
            for (const Op& op : ops) {
                const Observation expected = run(bitmap, op, against);
                const Observation actual = run(bitmap, op, profile);
                if (agree(expected, actual)) continue;
                const std::string cls = call_class(run(bitmap, op, kDefaultProfile), op);
                if (!found.count(cls)) found[cls] = Example{n, setup, to_text(op), describe(expected), describe(actual)};
            }
        }
    }
    return found;
}

}  // namespace tsc::bitmap
