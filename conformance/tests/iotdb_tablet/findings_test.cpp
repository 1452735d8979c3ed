// The findings registry (corpora/findings/iotdb_tablet.json) against the reference: every finding is still a
// divergence, explained by its condition, with the bytes and parser verdicts recorded; every condition is
// registered; and each registered example is the smallest one a search finds.
#include <gtest/gtest.h>

#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/iotdb_tablet_checks.hpp"
#include "conformance/harness/iotdb_tablet_findings.hpp"
#include "conformance/harness/iotdb_tablet_json.hpp"
#include "reference/iotdb_tablet/reference.hpp"

namespace tsc::iotdb {
namespace {

const Finding* registered(std::string_view condition) {
    for (const Finding& f : registered_findings())
        if (f.condition == condition) return &f;
    return nullptr;
}

TEST(IotdbTabletFindings, EveryRegisteredFindingIsStillDetected) {
    ASSERT_FALSE(registered_findings().empty()) << findings_file();
    for (const Finding& f : registered_findings()) {
        SCOPED_TRACE("finding " + f.condition + " in " + findings_file());
        ASSERT_FALSE(f.profiles.empty());
        for (const std::string& profile : f.profiles)
            for (const std::string& parser : f.parsers) {
                const auto p = find_profile(profile);
                const auto q = find_parser_profile(parser);
                ASSERT_TRUE(p && q) << profile << "/" << parser;
                const ContractVerdict v = contract(f.example, f.client, *p, *q);
                EXPECT_TRUE(v.serialized) << profile << "/" << parser;
                EXPECT_TRUE(v.divergence) << profile << "/" << parser << ": the server now reads the example back"
                                          << "\n  reproduce: " << serialize_command("reference", f.example, f.client, *p);
                EXPECT_EQ(v.condition.value_or("(none)"), f.condition) << profile << "/" << parser;
                EXPECT_TRUE(v.registered) << profile << "/" << parser;
            }
        const SerializeOutcome sent = reference::serialize(f.example, f.client, *find_profile(f.profiles[0]));
        ASSERT_TRUE(sent.ok()) << describe(sent);
        EXPECT_EQ(to_hex(sent.timestamps), f.timestamps_hex);
        EXPECT_EQ(to_hex(sent.values), f.values_hex);
        for (const auto& [parser, observed] : f.observed)
            EXPECT_EQ(describe(reference::parse(sent.timestamps, sent.values, schema_of(f.example),
                                                *find_parser_profile(parser))),
                      observed)
                << "parser " << parser;
    }
}

TEST(IotdbTabletFindings, EveryConditionIsRegistered) {
    for (const Condition& c : conditions()) EXPECT_TRUE(registered(c.name)) << c.name << ": " << c.summary;
}

// n rows of `columns` columns of one type, every cell the zero value, row 0 of column 0 null when null_first.
Tablet candidate(std::size_t n, std::size_t columns, DataType type, bool null_first) {
    Tablet t;
    for (std::size_t i = 0; i < n; ++i) t.timestamps.push_back(static_cast<std::int64_t>(i));
    for (std::size_t j = 0; j < columns; ++j) {
        Column& c = t.columns.emplace_back();
        c.type = type;
        c.cells = type == DataType::OBJECT ? Cells(std::vector<Bytes>(n)) : Cells(std::vector<std::uint8_t>(n, 0));
        c.nulls.assign(n, 0);
        if (null_first && j == 0 && n > 0) c.nulls[0] = 1;
    }
    return t;
}

// The smallest (n, then column count) input that diverges under (p, q), searched up to 32 rows and 4 columns.
std::optional<Tablet> smallest_divergence(DataType type, bool null_first, const Profile& p, const ParserProfile& q) {
    for (std::size_t n = 0; n <= 32; ++n)
        for (std::size_t columns = 1; columns <= 4; ++columns) {
            const Tablet t = candidate(n, columns, type, null_first);
            if (contract(t, {}, p, q).divergence) return t;
        }
    return std::nullopt;
}

// §2.4 / §2.7 item 1: the Node bitmap is one byte short exactly when n % 8 == 0 and a column has a null; with
// 0 rows there is no null and no divergence (Errata 4). The registered example is the smallest there is.
TEST(IotdbTabletFindings, NodeBitmapShortfallIsFoundAtItsSmallestExample) {
    const Profile node = *find_profile("node");
    for (const ParserProfile& q : kParserProfiles) {
        for (std::size_t n = 0; n <= 40; ++n)
            EXPECT_EQ(contract(candidate(n, 2, DataType::BOOLEAN, true), {}, node, q).divergence.has_value(),
                      n > 0 && n % 8 == 0)
                << "n=" << n << ", parser " << q.name;
        const auto smallest = smallest_divergence(DataType::BOOLEAN, true, node, q);
        ASSERT_TRUE(smallest) << "no divergence found for parser " << q.name;
        const Finding* f = registered("node_bitmap_ceil_when_n_multiple_of_8");
        ASSERT_NE(f, nullptr);
        EXPECT_EQ(*smallest, f->example) << "smallest: " << to_json(*smallest).dump()
                                         << "\nregistered: " << to_json(f->example).dump();
    }
}

// Errata 2: the smallest tablet TabletDecoder rejects has one OBJECT column and no rows.
TEST(IotdbTabletFindings, ObjectRejectionIsFoundAtItsSmallestExample) {
    const ParserProfile decoder = *find_parser_profile("tablet-decoder");
    const Finding* f = registered("tablet_decoder_rejects_object");
    ASSERT_NE(f, nullptr);
    for (const Profile& p : kProfiles) {
        const auto smallest = smallest_divergence(DataType::OBJECT, false, p, decoder);
        ASSERT_TRUE(smallest) << "no divergence found for profile " << p.name;
        EXPECT_EQ(*smallest, f->example) << "profile " << p.name << ", smallest: " << to_json(*smallest).dump();
        EXPECT_FALSE(contract(*smallest, {}, p, *find_parser_profile("legacy")).divergence) << p.name;
    }
}

}  // namespace
}  // namespace tsc::iotdb
