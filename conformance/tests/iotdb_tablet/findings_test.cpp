// The findings registry (the contract vectors of corpora/vectors/iotdb_tablet.json with a `finding` block)
// against the reference: every finding is still a divergence, explained by its condition, with the bytes and
// parser verdicts recorded; every condition is registered; and each registered example is the smallest one a
// search finds. (That every subject reads each finding's example back as the vector says is the vector test.)
#include <gtest/gtest.h>

#include "conformance/harness/iotdb_tablet/checks.hpp"
#include "conformance/harness/iotdb_tablet/findings.hpp"
#include "conformance/harness/names.hpp"

namespace tsc::iotdb {
namespace {

const Finding* registered(std::string_view condition) {
    for (const Finding& f : registered_findings())
        if (f.predicate == condition) return &f;
    return nullptr;
}

void expect_no_failures(const std::vector<Failure>& failures) {
    EXPECT_TRUE(failures.empty()) << describe_all(failures);
}

TEST(IotdbTabletFindings, EveryRegisteredFindingIsStillDetected) {
    ASSERT_FALSE(registered_findings().empty()) << vector_file(Family::family);
    Subject& reference = reference_subject<Subject>();
    for (const Finding& f : registered_findings()) {
        const std::string check = vector_check_name(Family::family, f.vector);
        SCOPED_TRACE("finding " + check + " in " + vector_file(Family::family).string());
        std::vector<std::string> pairs;
        for (const std::string& profile : f.profiles)
            for (const std::string& parser : f.parsers) {
                pairs.push_back(profile + ":" + parser);
                const Contract::Input in = Contract::input_of(f.vector.input, pairs.back());
                const ContractVerdict v = contract(in);
                EXPECT_TRUE(v.serialized) << pairs.back();
                EXPECT_TRUE(v.divergence) << pairs.back() << ": the server now reads the example back\n  reproduce: "
                                          << reproduce_command(Family::family, Contract::name, kReferenceName,
                                                               pairs.back(), Contract::input_json(in));
                EXPECT_EQ(v.condition.value_or("(none)"), f.predicate) << pairs.back();
                EXPECT_TRUE(v.registered) << pairs.back();
            }
        EXPECT_EQ(pairs, f.vector.profiles) << "the vector's profiles are the finding's profiles × parsers";
        // The bytes the reference sends under profiles[0], and what each parser reads from them.
        const Serialize::Input sent_for{f.example.tablet, f.example.client, f.example.profile};
        expect_no_failures(expect<Serialize>(reference, sent_for, f.sent, {}, check + "/example"));
        for (const auto& [parser, observed] : f.observed)
            expect_no_failures(expect<Parse>(reference,
                                             {f.sent.timestamps, f.sent.values, schema_of(f.example.tablet),
                                              record_named(kParserProfiles, parser, "parser profile")},
                                             observed, {}, check + "/observed/" + parser));
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
        if (type == DataType::OBJECT) {
            BinaryCells empty;
            for (std::size_t i = 0; i < n; ++i) empty.push_back({});
            c.cells = std::move(empty);
        } else {
            c.cells = std::vector<std::uint8_t>(n, 0);
        }
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
            if (contract({{t, {}, p}, q}).divergence) return t;
        }
    return std::nullopt;
}

// §2.4 / §2.7 item 1: the Node bitmap is one byte short exactly when n % 8 == 0 and a column has a null; with
// 0 rows there is no null and no divergence (Errata 4). The registered example is the smallest there is.
TEST(IotdbTabletFindings, NodeBitmapShortfallIsFoundAtItsSmallestExample) {
    const Profile node = record_named(kProfiles, "node", "profile");
    for (const ParserProfile& q : kParserProfiles) {
        for (std::size_t n = 0; n <= 40; ++n)
            EXPECT_EQ(contract({{candidate(n, 2, DataType::BOOLEAN, true), {}, node}, q}).divergence.has_value(),
                      n > 0 && n % 8 == 0)
                << "n=" << n << ", parser " << q.name;
        const auto smallest = smallest_divergence(DataType::BOOLEAN, true, node, q);
        ASSERT_TRUE(smallest) << "no divergence found for parser " << q.name;
        const Finding* f = registered("node_bitmap_ceil_when_n_multiple_of_8");
        ASSERT_NE(f, nullptr);
        EXPECT_EQ(*smallest, f->example.tablet) << "smallest: " << tablet_json(*smallest).dump()
                                                << "\nregistered: " << tablet_json(f->example.tablet).dump();
    }
}

// Errata 2: the smallest tablet TabletDecoder rejects has one OBJECT column and no rows. A client that does
// not write OBJECT (node.object_rejected) sends nothing to reject.
TEST(IotdbTabletFindings, ObjectRejectionIsFoundAtItsSmallestExample) {
    const ParserProfile decoder = record_named(kParserProfiles, "tablet-decoder", "parser profile");
    const ParserProfile legacy = record_named(kParserProfiles, "legacy", "parser profile");
    const Finding* f = registered("tablet_decoder_rejects_object");
    ASSERT_NE(f, nullptr);
    for (const Profile& p : kProfiles) {
        if (!p.writes_object) {
            EXPECT_FALSE(smallest_divergence(DataType::OBJECT, false, p, decoder)) << p.name;
            continue;
        }
        const auto smallest = smallest_divergence(DataType::OBJECT, false, p, decoder);
        ASSERT_TRUE(smallest) << "no divergence found for profile " << p.name;
        EXPECT_EQ(*smallest, f->example.tablet) << "profile " << p.name << ", smallest: " << tablet_json(*smallest).dump();
        EXPECT_FALSE(contract({{*smallest, {}, p}, legacy}).divergence) << p.name;
    }
}

}  // namespace
}  // namespace tsc::iotdb
