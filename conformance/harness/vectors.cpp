#include "conformance/harness/vectors.hpp"

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

// `profiles`, `max_alloc_bytes`, `finding` and `outside_domain` are optional (vectors.schema.json).
Vector vector_of(const JsonAt& j) {
    Vector v;
    v.name = j["name"].string();
    v.source = j["source"].string();
    v.op = j["op"].string();
    if (const auto profiles = j.optional("profiles"))
        for (const JsonAt& p : profiles->elements()) v.profiles.push_back(p.string());
    v.input = j["input"].json();
    v.expect = j["expect"].json();
    if (const auto max = j.optional("max_alloc_bytes")) v.limits.max_alloc_bytes = max->number<std::size_t>();
    if (const auto finding = j.optional("finding")) v.finding = finding->json();
    if (const auto outside = j.optional("outside_domain")) v.outside_domain = outside->boolean();
    return v;
}

}  // namespace

std::vector<Vector> load_vectors(std::string_view family) {
    const std::filesystem::path path = vector_file(family);
    std::ifstream in(path);
    if (!in) throw InputError("cannot open vector file " + path.string());
    std::vector<Vector> vectors;
    try {
        const Json file = parse_json_text(std::string(std::istreambuf_iterator<char>(in), {}), "the file");
        const JsonAt top = document(file);
        if (top["family"].string() != family) top["family"].mistyped(std::string(family));
        for (const JsonAt& j : top["vectors"].elements()) vectors.push_back(vector_of(j));
    } catch (const InputError& e) {
        throw InputError(path.string() + ": " + e.what());
    }
    return vectors;
}

}  // namespace tsc
