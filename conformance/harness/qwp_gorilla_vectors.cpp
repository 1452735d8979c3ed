#include "conformance/harness/qwp_gorilla_vectors.hpp"

#include <stdexcept>

#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/vectors.hpp"

namespace tsc::qwp {

ErrorClass error_class_named(const std::string& name) {
    for (std::size_t i = 0; i < kErrorClassNames.size(); ++i)
        if (kErrorClassNames[i] == name) return static_cast<ErrorClass>(i);
    throw std::runtime_error("unknown error class " + name);
}

namespace {

Encoding encoding_named(const std::string& name) {
    for (std::size_t i = 0; i < kEncodingNames.size(); ++i)
        if (kEncodingNames[i] == name) return static_cast<Encoding>(i);
    throw std::runtime_error("unknown encoding " + name);
}

DecodeOutcome expected_outcome(const nlohmann::json& e, std::uint64_t row_count) {
    DecodeOutcome out;
    if (e.contains("error")) {
        out.error = error_class_named(e.at("error").get<std::string>());
        return out;
    }
    Column& c = out.column;
    c.row_count = row_count;
    c.has_null_bitmap = e.at("has_null_bitmap").get<bool>();
    if (c.has_null_bitmap) c.null_bitmap.assign((row_count + 7) / 8, 0);
    for (const auto& row : e.at("nulls")) {
        const std::uint64_t r = row.get<std::uint64_t>();
        c.null_bitmap.at(r >> 3) = static_cast<std::uint8_t>(c.null_bitmap.at(r >> 3) | (1u << (r & 7)));
    }
    for (const auto& v : e.at("values")) c.values.push_back(parse_int64(v));
    out.encoding = encoding_named(e.at("encoding").get<std::string>());
    out.consumed = e.at("consumed").get<std::size_t>();
    return out;
}

}  // namespace

std::vector<Vector> load_qwp_vectors() {
    std::vector<Vector> vectors;
    const nlohmann::json file = load_vectors("qwp_gorilla");
    for (const auto& j : file.at("vectors")) {
        Vector v;
        v.name = j.at("name").get<std::string>();
        v.source = j.at("source").get<std::string>();
        v.codec = j.at("kind").get<std::string>() == "codec";
        for (const auto& p : j.at("profiles")) {
            const auto profile = find_profile(p.get<std::string>());
            if (!profile) throw std::runtime_error(v.name + ": unknown profile " + p.get<std::string>());
            v.profiles.push_back(*profile);
        }
        v.framing = {parse_uint64(j.at("row_count")), j.at("gorilla_flag").get<bool>()};
        const auto bytes = from_hex(j.at("bytes").get<std::string>());
        if (!bytes) throw std::runtime_error(v.name + ": bytes are not hex");
        v.bytes = *bytes;
        v.expected = expected_outcome(j.at("expect"), v.framing.row_count);
        vectors.push_back(std::move(v));
    }
    return vectors;
}

}  // namespace tsc::qwp
