#include "conformance/tests/bitmap/findings.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "conformance/harness/bitmap/operations.hpp"
#include "conformance/harness/findings.hpp"

namespace tsc::bitmap {
namespace {

constexpr std::int32_t kSearchMaxSize = 72;
constexpr std::int32_t kMinRangeSize = -9;
constexpr std::int32_t kMaxRangeSize = 137;

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
    for (const Op& op : *ops) observe(*bitmap, op);
    return *bitmap;
}

std::vector<Op> calls(const std::string& operation, std::int32_t n) {
    std::vector<Op> out;
    if (operation == info(OpKind::contains_marked_bit).name) {
        for (std::int32_t start = -2; start <= n + 2; ++start)
            for (std::int32_t len = -2; len <= n + 2; ++len) out.push_back(Op{OpKind::contains_marked_bit, {start, len, 0}, {}, {}});
    } else if (operation == info(OpKind::is_all_unmarked_prefix).name) {
        for (std::int32_t r = kMinRangeSize; r <= kMaxRangeSize; ++r)
            out.push_back(Op{OpKind::is_all_unmarked_prefix, {r, 0, 0}, {}, {}});
    } else {
        throw std::invalid_argument("findings: no search space for operation " + operation);
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

// A finding of the common format (conformance/harness/findings.hpp) comparing one profile with another,
// with the operation, the class of calls and the first example of the search.
Finding finding_of(const tsc::Finding& common) {
    const JsonAt f(common.block, "finding");
    if (common.profiles.size() != 1) f["profiles"].mistyped("one profile");
    const JsonAt e = f["first_example"];
    return Finding{common.vectors.front(),
                   common.id,
                   {common.profiles[0], common.against, f["operation"].string()},
                   f["class"].string(),
                   common.condition,
                   Example{e["size"].decimal<std::int32_t>(0, kMaxSize), e["setup"].string(), e["call"].string(),
                           e["expected"].string(), e["actual"].string()}};
}

}  // namespace

std::vector<Finding> findings_of(const std::vector<Vector>& vectors) {
    std::vector<Finding> findings;
    for (const tsc::Finding& common : tsc::findings_of(Family::family, vectors)) {
        try {
            findings.push_back(finding_of(common));
        } catch (const InputError& e) {
            throw InputError(std::string(Family::family) + " finding " + common.id + ": " + e.what());
        }
    }
    return findings;
}

std::vector<Comparison> comparisons_of(const std::vector<Finding>& findings) {
    std::vector<Comparison> out;
    for (const Finding& f : findings)
        if (std::find(out.begin(), out.end(), f.comparison) == out.end()) out.push_back(f.comparison);
    return out;
}

std::map<std::string, Example> first_divergences(const Comparison& c) {
    const Profile& profile = profile_named(c.profile);
    const Profile& against = profile_named(c.against);
    const std::int32_t max_size = std::min({kSearchMaxSize, profile.max_size, against.max_size});
    std::map<std::string, Example> found;
    for (std::int32_t n = 0; n <= max_size; ++n) {
        const std::vector<Op> ops = calls(c.operation, n);
        for (const std::string& setup : setups(n)) {
            reference::Bitmap spec = build(n, setup);  // the calls are queries: they leave it as it is
            reference::Bitmap as_against = spec.under(against);
            reference::Bitmap as_profile = spec.under(profile);
            for (const Op& op : ops) {
                const Observation expected = observe(as_against, op);
                const Observation actual = observe(as_profile, op);
                if (agree(expected, actual)) continue;
                const std::string cls = call_class(observe(spec, op), op);
                if (!found.count(cls)) found[cls] = Example{n, setup, to_text(op), describe(expected), describe(actual)};
            }
        }
    }
    return found;
}

}  // namespace tsc::bitmap
