#include "conformance/harness/iotdb_tablet/findings.hpp"

#include <algorithm>
#include <array>

#include "conformance/harness/findings.hpp"

namespace tsc::iotdb {
namespace {

bool any_null(const Column& c) {
    return std::any_of(c.nulls.begin(), c.nulls.end(), [](std::uint8_t m) { return m != 0; });
}

// §2.4, §2.7 item 1: ceil(n/8) = n/8+1 unless n is a multiple of 8; then a flagged column is one byte short and
// the server reads the next entry's flag as bitmap data, or runs off the end. n = 0 has no null (Errata 4).
bool bitmap_one_byte_short(const Contract::Input& in) {
    const Tablet& t = in.tablet;
    return in.profile.bitmap_length == BitmapLength::ceil_n_div_8 && t.row_count() > 0 && t.row_count() % 8 == 0 &&
           std::any_of(t.columns.begin(), t.columns.end(), any_null);
}

// Errata 2: TabletDecoder has no OBJECT case, so any OBJECT column is rejected, whatever the client sent.
bool object_column_under_tablet_decoder(const Contract::Input& in) {
    return !in.parser.reads_object && std::any_of(in.tablet.columns.begin(), in.tablet.columns.end(),
                                                  [](const Column& c) { return c.type == DataType::OBJECT; });
}

constexpr std::array kConditions{
    Condition{"node_bitmap_ceil_when_n_multiple_of_8",
              "Node sends ceil(n/8) bitmap bytes; the server reads n/8+1, one more when n % 8 == 0",
              bitmap_one_byte_short},
    Condition{"tablet_decoder_rejects_object", "TabletDecoder has no OBJECT case: OBJECT columns are rejected",
              object_column_under_tablet_decoder},
};

std::vector<std::string> strings(const JsonAt& j) {
    std::vector<std::string> out;
    for (const JsonAt& s : j.elements()) out.push_back(s.string());
    if (out.empty()) j.mistyped("a non-empty list");
    return out;
}

// A contract finding: the common fields (findings.hpp), then the predicate, the parsers and the
// example of the contract's own.
Finding finding_of(const tsc::Finding& common, const Vector& v) {
    if (v.op != Contract::name) throw InputError("a finding is a contract vector");
    const JsonAt j(common.block, "finding");
    Finding f;
    f.vector = v;
    f.id = common.id;
    f.predicate = j["predicate"].string();
    f.profiles = common.profiles;
    f.parsers = strings(j["parsers"]);
    f.spec = common.spec;
    f.upstream = common.upstream;
    f.summary = common.summary;
    f.example = Contract::input_of(v.input, f.profiles.at(0) + ":" + f.parsers[0]);
    const JsonAt example = j["example"];
    f.sent.timestamps = example["timestamps"].bytes();
    f.sent.values = example["values"].bytes();
    const JsonAt observed = example["observed"];
    if (!observed.json().is_object()) observed.mistyped("an object of parser: parse outcome");
    for (const auto& [parser, outcome] : observed.json().items())
        f.observed.emplace_back(parser, Parse::read_outcome(observed[parser]));
    return f;
}

std::vector<Finding> load() {
    const std::vector<Vector> vectors = load_vectors<Family>();
    std::vector<Finding> findings;
    for (const tsc::Finding& common : findings_of(Family::family, vectors)) {
        if (common.against != "contract") continue;  // a client's own divergence, which the runner names
        const Vector& v = *std::find_if(vectors.begin(), vectors.end(),
                                        [&](const Vector& x) { return x.name == common.vectors.front(); });
        try {
            findings.push_back(finding_of(common, v));
        } catch (const InputError& e) {
            throw InputError(vector_check_name(Family::family, v) + ": " + e.what());
        }
    }
    return findings;
}

bool contains(const std::vector<std::string>& list, std::string_view s) {
    return std::find(list.begin(), list.end(), s) != list.end();
}

}  // namespace

std::span<const Condition> conditions() { return kConditions; }

std::optional<std::string_view> explaining_condition(const Contract::Input& in) {
    for (const Condition& c : kConditions)
        if (c.applies(in)) return c.name;
    return std::nullopt;
}

const std::vector<Finding>& registered_findings() {
    static const std::vector<Finding> findings = load();
    return findings;
}

bool is_registered(std::string_view condition, std::string_view profile, std::string_view parser) {
    for (const Finding& f : registered_findings())
        if (f.predicate == condition && contains(f.profiles, profile) && contains(f.parsers, parser)) return true;
    return false;
}

}  // namespace tsc::iotdb
