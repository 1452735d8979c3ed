#include "conformance/harness/iotdb_tablet_vectors.hpp"

#include <stdexcept>

#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/iotdb_tablet_json.hpp"
#include "conformance/harness/vectors.hpp"

namespace tsc::iotdb {
namespace {

using nlohmann::json;

Bytes hex_field(const json& j, const std::string& vector) {
    const auto bytes = from_hex(j.get<std::string>());
    if (!bytes) throw std::runtime_error(vector + ": not hex: " + j.dump());
    return *bytes;
}

SerializeVector serialize_vector(const json& j) {
    SerializeVector v;
    v.name = j.at("name").get<std::string>();
    v.source = j.at("source").get<std::string>();
    v.tablet = tablet_from_json(j.at("tablet"));
    v.client = client_from_json(j.value("client", json()));
    for (const auto& [name, e] : j.at("expect").items()) {
        const auto profile = find_profile(name);
        if (!profile) throw std::runtime_error(v.name + ": unknown profile " + name);
        SerializeOutcome out;
        if (e.contains("error")) {
            out.error = error_class_named(e.at("error").get<std::string>());
        } else {
            out.timestamps = hex_field(e.at("timestamps"), v.name);
            out.values = hex_field(e.at("values"), v.name);
        }
        v.expected.emplace_back(*profile, std::move(out));
    }
    return v;
}

ParseVector parse_vector(const json& j) {
    ParseVector v;
    v.name = j.at("name").get<std::string>();
    v.source = j.at("source").get<std::string>();
    v.schema.types = types_from_json(j.at("types"));
    v.schema.row_count = j.at("rows").get<std::int32_t>();
    v.timestamps = hex_field(j.at("timestamps"), v.name);
    v.values = hex_field(j.at("values"), v.name);
    for (const auto& [name, e] : j.at("expect").items()) {
        const auto parser = find_parser_profile(name);
        if (!parser) throw std::runtime_error(v.name + ": unknown parser profile " + name);
        ParseOutcome out;
        if (e.contains("error")) {
            out.error = error_class_named(e.at("error").get<std::string>());
        } else {
            out.tablet = tablet_from_json(e.at("tablet"));
            out.consumed = e.at("consumed").get<std::size_t>();
        }
        v.expected.emplace_back(*parser, std::move(out));
    }
    return v;
}

}  // namespace

Vectors load_iotdb_vectors() {
    Vectors vectors;
    const json doc = load_vectors("iotdb_tablet");  // kept alive: the loop walks a part of it
    for (const json& j : doc.at("vectors")) {
        const std::string kind = j.at("kind").get<std::string>();
        if (kind == "serialize") {
            vectors.serialize.push_back(serialize_vector(j));
        } else if (kind == "parse") {
            vectors.parse.push_back(parse_vector(j));
        } else {
            throw std::runtime_error("unknown vector kind " + kind);
        }
    }
    return vectors;
}

}  // namespace tsc::iotdb
