#include "conformance/harness/vectors.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <fstream>
#include <iterator>

namespace tsc {

std::filesystem::path vector_file(std::string_view family) {
    const char* dir = std::getenv("TSCONFORM_VECTORS");
    const std::filesystem::path base = dir && *dir ? dir : std::filesystem::path(TSC_SOURCE_DIR) / "corpora/vectors";
    return base / (std::string(family) + ".json");
}

std::string vector_check_name(std::string_view family, const Vector& v) {
    return std::string(family) + "/" + v.op + "/vector/" + v.name;
}

namespace {

std::vector<std::string> names_at(const JsonAt& list, const std::vector<std::string_view>& known) {
    std::vector<std::string> names;
    for (const JsonAt& p : list.elements()) {
        names.push_back(p.string());
        if (std::find(known.begin(), known.end(), names.back()) == known.end())
            p.mistyped(known.empty() ? std::string("nothing: the operation has no profiles")
                                     : fmt::format("a profile of the operation ({})", fmt::join(known, ", ")));
    }
    return names;
}

// Every profile of the operation but the excepted, or the listed ones.
std::vector<std::string> profiles_at(const JsonAt& j, const std::vector<std::string_view>& all) {
    const auto listed = j.optional("profiles");
    const auto except = j.optional("except");
    if (listed && except) except->mistyped("no `except` beside `profiles`");
    if (listed) return names_at(*listed, all);
    const std::vector<std::string> excepted = except ? names_at(*except, all) : std::vector<std::string>{};
    std::vector<std::string> profiles;
    for (std::string_view p : all)
        if (std::find(excepted.begin(), excepted.end(), p) == excepted.end()) profiles.emplace_back(p);
    if (except && profiles.empty()) except->mistyped("a list that leaves a profile to run");
    return profiles;
}

// `profiles` or `except`, `max_alloc_bytes`, `finding` and `outside_domain` are optional
// (vectors.schema.json).
Vector vector_of(const JsonAt& j, const ProfilesOf& profiles_of) {
    Vector v;
    v.name = j["name"].string();
    v.source = j["source"].string();
    v.op = j["op"].string();
    const auto all = profiles_of(v.op);
    if (!all) j["op"].mistyped("an operation of the family");
    v.profiles = profiles_at(j, *all);
    v.input = j["input"].json();
    v.expect = j["expect"].json();
    if (const auto max = j.optional("max_alloc_bytes")) v.limits.max_alloc_bytes = max->number<std::size_t>();
    if (const auto finding = j.optional("finding")) v.finding = finding->json();
    if (const auto outside = j.optional("outside_domain")) v.outside_domain = outside->boolean();
    return v;
}

}  // namespace

std::vector<Vector> parse_vectors(const std::string& text, std::string_view family, const ProfilesOf& profiles_of) {
    const Json file = parse_json_text(text, "the file");
    const JsonAt top = document(file);
    if (top["family"].string() != family) top["family"].mistyped(std::string(family));
    std::vector<Vector> vectors;
    for (const JsonAt& j : top["vectors"].elements()) vectors.push_back(vector_of(j, profiles_of));
    return vectors;
}

std::vector<Vector> read_vectors(std::string_view family, const ProfilesOf& profiles_of) {
    const std::filesystem::path path = vector_file(family);
    std::ifstream in(path);
    if (!in) throw InputError("cannot open vector file " + path.string());
    try {
        return parse_vectors(std::string(std::istreambuf_iterator<char>(in), {}), family, profiles_of);
    } catch (const InputError& e) {
        throw InputError(path.string() + ": " + e.what());
    }
}

}  // namespace tsc
