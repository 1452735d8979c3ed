#include "conformance/harness/findings.hpp"

#include <algorithm>

#include "conformance/harness/input_error.hpp"

namespace tsc {
namespace {

Finding read_finding(const JsonAt& j) {
    Finding f;
    f.id = j["id"].string();
    f.summary = j["summary"].string();
    for (const JsonAt& p : j["profiles"].elements()) f.profiles.push_back(p.string());
    f.against = j["against"].string();
    f.spec = j["spec"].string();
    f.upstream = j["upstream"].string();
    f.condition = j["condition"].string();
    if (const auto holds_for = j.optional("holds_for")) f.holds_for = holds_for->string();
    for (const JsonAt& field : {j["id"], j["summary"], j["against"], j["spec"], j["upstream"], j["condition"]})
        if (field.string().empty()) field.mistyped("a non-empty string");
    if (f.profiles.empty() && f.holds_for.empty())
        j["profiles"].mistyped("a non-empty list (or a `holds_for` naming the upstream versions)");
    f.block = j.json();
    return f;
}

}  // namespace

std::vector<Finding> findings_of(std::string_view family, const std::vector<Vector>& vectors) {
    std::vector<Finding> findings;
    for (const Vector& v : vectors) {
        if (v.finding.is_null()) continue;
        try {
            Finding f = read_finding(JsonAt(v.finding, "finding"));
            const auto same = std::find_if(findings.begin(), findings.end(), [&](const Finding& g) { return g.id == f.id; });
            if (same == findings.end()) {
                f.vectors = {v.name};
                findings.push_back(std::move(f));
            } else if (same->block != f.block) {
                throw InputError("the finding " + f.id + " differs from its block in " + same->vectors.front());
            } else {
                same->vectors.push_back(v.name);
            }
        } catch (const InputError& e) {
            throw InputError(vector_check_name(family, v) + ": " + e.what());
        }
    }
    return findings;
}

}  // namespace tsc
