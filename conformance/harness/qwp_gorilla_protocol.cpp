#include "conformance/harness/qwp_gorilla_protocol.hpp"

#include <stdexcept>
#include <string>

#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/vectors.hpp"

namespace tsc::qwp::protocol {
namespace {

using nlohmann::json;

json column_json(const Column& c) {
    json values = json::array();
    for (std::int64_t v : c.values) values.push_back(std::to_string(v));
    return {{"rows", std::to_string(c.row_count)},
            {"null_bitmap", c.has_null_bitmap ? json(to_hex(c.null_bitmap)) : json(nullptr)},
            {"values", values}};
}

Column column_of(const json& j) {
    Column c;
    c.row_count = parse_uint64(j.at("rows"));
    c.has_null_bitmap = !j.at("null_bitmap").is_null();
    if (c.has_null_bitmap) c.null_bitmap = parse_hex(j.at("null_bitmap"));
    for (const json& v : j.at("values")) c.values.push_back(parse_int64(v));
    return c;
}

template <std::size_t N>
std::size_t index_of(const std::array<std::string_view, N>& names, const json& name) {
    const std::string s = name.get<std::string>();
    for (std::size_t i = 0; i < N; ++i)
        if (names[i] == s) return i;
    throw std::runtime_error("unknown name: " + name.dump());
}

json answer_decode(Subject& subject, const json& request) {
    const auto profile = find_profile(request.at("profile").get<std::string>());
    if (!profile) throw std::runtime_error("unknown profile: " + request.at("profile").dump());
    const Framing framing{parse_uint64(request.at("rows")), request.at("gorilla").get<bool>()};
    const DecodeOutcome out = subject.decode(parse_hex(request.at("input")), framing, *profile);
    if (!out.ok()) return {{"error", name_of(out.error)}};
    json a = column_json(out.column);
    a["error"] = "ok";
    a["encoding"] = name_of(out.encoding);
    a["consumed"] = out.consumed;
    return a;
}

}  // namespace

json encode_request(const Column& column, bool gorilla_flag) {
    json r = column_json(column);
    r["family"] = "qwp_gorilla";
    r["op"] = "encode";
    r["gorilla"] = gorilla_flag;
    return r;
}

json decode_request(ByteView body, const Framing& framing, const Profile& profile) {
    return {{"family", "qwp_gorilla"},     {"op", "decode"},
            {"input", to_hex(body)},       {"rows", std::to_string(framing.row_count)},
            {"gorilla", framing.gorilla_flag}, {"profile", profile.name}};
}

json answer(Subject& subject, const json& request) {
    const std::string op = request.at("op").get<std::string>();
    if (op == "encode") return {{"bytes", to_hex(subject.encode(column_of(request), request.at("gorilla").get<bool>()))}};
    if (op == "decode") return answer_decode(subject, request);
    throw std::runtime_error("unknown op: " + op);
}

Bytes encoded_bytes(const json& answer) { return parse_hex(answer.at("bytes")); }

DecodeOutcome decode_outcome(const json& answer) {
    DecodeOutcome out;
    out.error = static_cast<ErrorClass>(index_of(kErrorClassNames, answer.at("error")));
    if (!out.ok()) return out;
    out.column = column_of(answer);
    out.encoding = static_cast<Encoding>(index_of(kEncodingNames, answer.at("encoding")));
    out.consumed = answer.at("consumed").get<std::size_t>();
    return out;
}

}  // namespace tsc::qwp::protocol
