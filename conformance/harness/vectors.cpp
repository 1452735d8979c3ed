#include "conformance/harness/vectors.hpp"

#include <fstream>
#include <stdexcept>

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

Vector vector_of(const Json& j) {
    Vector v;
    v.name = string_field(j, "name");
    try {
        v.source = string_field(j, "source");
        v.op = string_field(j, "op");
        if (has_field(j, "profiles"))
            for (const Json& p : field(j, "profiles")) v.profiles.push_back(p.get<std::string>());
        v.input = field(j, "input");
        v.expect = field(j, "expect");
        if (has_field(j, "max_alloc_bytes")) v.limits.max_alloc_bytes = field(j, "max_alloc_bytes").get<std::size_t>();
        if (has_field(j, "finding")) v.finding = field(j, "finding");
    } catch (const std::exception& e) {
        throw std::invalid_argument("vector `" + v.name + "`: " + e.what());
    }
    return v;
}

}  // namespace

std::vector<Vector> load_vectors(std::string_view family) {
    const std::filesystem::path path = vector_file(family);
    std::ifstream in(path);
    if (!in) throw std::invalid_argument("cannot open vector file " + path.string());
    std::vector<Vector> vectors;
    try {
        const Json file = Json::parse(in);
        if (string_field(file, "family") != family) throw std::invalid_argument("field `family` is not " + std::string(family));
        for (const Json& j : field(file, "vectors")) vectors.push_back(vector_of(j));
    } catch (const std::exception& e) {
        throw std::invalid_argument(path.string() + ": " + e.what());
    }
    return vectors;
}

}  // namespace tsc
