#include "conformance/harness/tsfile_tablet_vectors.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/tsfile_tablet_json.hpp"
#include "conformance/harness/vectors.hpp"

namespace tsc::tsfile {

ErrorClass error_class_named(const std::string& name) {
    if (const auto e = find_error_class(name)) return *e;
    throw std::runtime_error("unknown tsfile_tablet error class " + name);
}

namespace {

Vector vector_from_json(const nlohmann::json& j) {
    Vector v;
    v.name = j.at("name").get<std::string>();
    v.source = j.value("source", "");
    const auto where = [&](const std::string& what) { return "vector " + v.name + ": " + what; };
    for (const auto& l : j.at("layouts")) {
        const auto layout = find_layout(l.get<std::string>());
        if (!layout) throw std::runtime_error(where("unknown layout " + l.get<std::string>()));
        v.layouts.push_back(*layout);
    }
    if (j.contains("tablet")) v.tablet = tablet_from_json(j.at("tablet"));
    if (j.contains("serialize_error")) v.serialize_error = error_class_named(j.at("serialize_error").get<std::string>());
    if (j.contains("bytes")) {
        const auto bytes = from_hex(j.at("bytes").get<std::string>());
        if (!bytes) throw std::runtime_error(where("bytes are not hex"));
        v.bytes = *bytes;
        const nlohmann::json& e = j.at("expect");
        DeserializeOutcome out;
        if (e.contains("error")) {
            out.error = error_class_named(e.at("error").get<std::string>());
        } else {
            out.tablet = tablet_from_json(e.at("tablet"));
            out.consumed = e.at("consumed").get<std::size_t>();
        }
        v.expected = std::move(out);
    }
    if (v.tablet && v.serialize_error == ErrorClass::ok && !v.bytes)
        throw std::runtime_error(where("a tablet that serializes needs its bytes"));
    return v;
}

}  // namespace

ByteView written_bytes(const Vector& v) {
    const ByteView all(*v.bytes);
    return v.expected && v.expected->ok() ? all.first(std::min(all.size(), v.expected->consumed)) : all;
}

std::vector<Vector> load_tsfile_vectors() {
    std::vector<Vector> vectors;
    const nlohmann::json doc = load_vectors("tsfile_tablet");  // kept alive for the loop
    for (const auto& j : doc.at("vectors")) vectors.push_back(vector_from_json(j));
    return vectors;
}

std::vector<Finding> load_tsfile_findings() {
    // corpora/findings/ beside corpora/vectors/ (TSCONFORM_VECTORS moves both).
    const std::filesystem::path path = vector_file("tsfile_tablet").parent_path().parent_path() / "findings/tsfile_tablet.json";
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open findings file " + path.string());
    std::vector<Finding> findings;
    const nlohmann::json doc = nlohmann::json::parse(in);
    for (const auto& j : doc.at("findings")) {
        Finding f;
        f.id = j.at("id").get<std::string>();
        f.upstream = j.at("upstream").get<std::string>();
        f.spec = j.at("spec").get<std::string>();
        f.condition = j.at("condition").get<std::string>();
        f.check = j.at("check").get<std::string>();
        nlohmann::json example = j.at("example");
        example["name"] = f.id;
        example["layouts"] = j.at("layouts");
        f.example = vector_from_json(example);
        f.layouts = f.example.layouts;
        findings.push_back(std::move(f));
    }
    return findings;
}

}  // namespace tsc::tsfile
