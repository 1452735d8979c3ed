#include "conformance/harness/iotdb_tablet_findings.hpp"

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "conformance/harness/iotdb_tablet_json.hpp"

namespace tsc::iotdb {
namespace {

bool any_null(const Column& c) {
    return std::any_of(c.nulls.begin(), c.nulls.end(), [](std::uint8_t m) { return m != 0; });
}

// §2.4, §2.7 item 1: ceil(n/8) = n/8+1 unless n is a multiple of 8; then a flagged column is one byte short and
// the server reads the next entry's flag as bitmap data, or runs off the end. n = 0 has no null (Errata 4).
bool bitmap_one_byte_short(const Tablet& t, const ClientState&, const Profile& p, const ParserProfile&) {
    return p.bitmap_length == BitmapLength::ceil_n_div_8 && t.row_count() > 0 && t.row_count() % 8 == 0 &&
           std::any_of(t.columns.begin(), t.columns.end(), any_null);
}

// Errata 2: TabletDecoder has no OBJECT case, so any OBJECT column is rejected, whatever the client sent.
bool object_column_under_tablet_decoder(const Tablet& t, const ClientState&, const Profile&, const ParserProfile& q) {
    return !q.reads_object &&
           std::any_of(t.columns.begin(), t.columns.end(), [](const Column& c) { return c.type == DataType::OBJECT; });
}

constexpr std::array kConditions{
    Condition{"node_bitmap_ceil_when_n_multiple_of_8",
              "Node sends ceil(n/8) bitmap bytes; the server reads n/8+1, one more when n % 8 == 0",
              bitmap_one_byte_short},
    Condition{"tablet_decoder_rejects_object", "TabletDecoder has no OBJECT case: OBJECT columns are rejected",
              object_column_under_tablet_decoder},
};

std::vector<std::string> strings(const nlohmann::json& j) { return j.get<std::vector<std::string>>(); }

std::vector<Finding> load() {
    const std::string path = findings_file();
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open findings file " + path);
    const nlohmann::json doc = nlohmann::json::parse(in);
    std::vector<Finding> findings;
    for (const nlohmann::json& j : doc.at("findings")) {
        Finding f;
        f.condition = j.at("condition").get<std::string>();
        f.profiles = strings(j.at("profiles"));
        f.parsers = strings(j.at("parsers"));
        f.spec = j.at("spec").get<std::string>();
        f.upstream = j.at("upstream").get<std::string>();
        f.example = tablet_from_json(j.at("example").at("tablet"));
        f.client = client_from_json(j.at("example").value("client", nlohmann::json()));
        f.timestamps_hex = j.at("example").at("timestamps").get<std::string>();
        f.values_hex = j.at("example").at("values").get<std::string>();
        for (const auto& [parser, what] : j.at("example").at("observed").items())
            f.observed.emplace_back(parser, what.get<std::string>());
        findings.push_back(std::move(f));
    }
    return findings;
}

bool contains(const std::vector<std::string>& list, std::string_view s) {
    return std::find(list.begin(), list.end(), s) != list.end();
}

}  // namespace

std::span<const Condition> conditions() { return kConditions; }

std::optional<std::string_view> explaining_condition(const Tablet& t, const ClientState& s, const Profile& p,
                                                     const ParserProfile& q) {
    for (const Condition& c : kConditions)
        if (c.applies(t, s, p, q)) return c.name;
    return std::nullopt;
}

std::string findings_file() {
    const char* dir = std::getenv("TSCONFORM_FINDINGS");
    const std::filesystem::path base =
        dir && *dir ? dir : std::filesystem::path(TSC_SOURCE_DIR) / "corpora/findings";
    return (base / "iotdb_tablet.json").string();
}

const std::vector<Finding>& registered_findings() {
    static const std::vector<Finding> findings = load();
    return findings;
}

bool is_registered(std::string_view condition, std::string_view profile, std::string_view parser) {
    for (const Finding& f : registered_findings())
        if (f.condition == condition && contains(f.profiles, profile) && contains(f.parsers, parser)) return true;
    return false;
}

}  // namespace tsc::iotdb
