#include "conformance/harness/bitmap_vectors.hpp"

#include <limits>
#include <stdexcept>

#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/vectors.hpp"

namespace tsc::bitmap {

std::vector<Vector> load_bitmap_vectors() {
    std::vector<Vector> vectors;
    const nlohmann::json doc = load_vectors("bitmap");  // kept alive: the loop reads into it
    for (const auto& j : doc.at("vectors")) {
        Vector v;
        v.name = j.at("name").get<std::string>();
        v.source = j.at("source").get<std::string>();
        const auto profile = find_profile(j.value("profile", std::string(kDefaultProfile.name)));
        if (!profile) throw std::runtime_error(v.name + ": unknown profile");
        v.profile = *profile;
        const std::int64_t size = parse_int64(j.at("size"));
        if (size < 0 || size > kMaxSize) throw std::runtime_error(v.name + ": size out of range");
        v.program.size = static_cast<std::int32_t>(size);
        if (j.contains("bytes")) {
            auto bytes = from_hex(j.at("bytes").get<std::string>());
            if (!bytes) throw std::runtime_error(v.name + ": bytes are not hex");
            v.program.initial = std::move(*bytes);
        }
        if (!is_valid(v.program)) throw std::runtime_error(v.name + ": bytes are not size/8+1 long");
        std::string error;
        auto ops = parse_ops(j.at("ops").get<std::string>(), error);
        if (!ops) throw std::runtime_error(v.name + ": " + error);
        v.program.ops = std::move(*ops);
        v.expect = j.at("expect").get<std::vector<std::string>>();
        if (v.expect.size() != v.program.ops.size())
            throw std::runtime_error(v.name + ": one expectation per operation is needed");
        vectors.push_back(std::move(v));
    }
    return vectors;
}

}  // namespace tsc::bitmap
