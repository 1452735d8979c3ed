// RapidCheck properties: every subject against the reference, and the reference against the contract, on
// generated tablets. Each failure shows the divergence report and RapidCheck's RC_PARAMS="reproduce=..." line.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "conformance/tests/iotdb_tablet/generators.hpp"
#include "reference/iotdb_tablet/reference.hpp"

namespace tsc::iotdb::test {
namespace {

void assert_no_failures(const std::vector<Failure>& failures) {
    if (!failures.empty()) RC_FAIL(describe_all(failures));
}

TEST(IotdbTabletSubjects, AreRegistered) { EXPECT_FALSE(subjects_under_test<Subject>().empty()); }

// Every profile through every subject (bytes equal the reference's), every profile's bytes through every
// subject's parser under both parser profiles, and the contract (read back to the tablet, or a registered
// finding).
RC_GTEST_PROP(IotdbTablet, SubjectsSerializeAndParseAsTheReferenceAndTheContractHolds, ()) {
    const Case c = gen_case(2000, 6);
    assert_no_failures(check_tablet(c.tablet, c.client));
}

// The JSON forms (operations.hpp) are exact: an input sent as JSON text serializes to the same bytes (null
// marks and BOOLEAN bytes become canonical, which no serializer tells apart), and a parse outcome read back
// from its JSON text is the same outcome. External subjects see nothing else.
RC_GTEST_PROP(IotdbTablet, JsonFormsAreExact, ()) {
    const Case c = gen_case(200, 6);
    const Profile& p = *rc::gen::elementOf(kProfiles);
    const Serialize::Input in{c.tablet, c.client, p};
    const Serialize::Input back = Serialize::input_of(Json::parse(Serialize::input_json(in).dump()), p.name);
    const SerializeOutcome sent = Serialize::reference(in);
    const auto diff = Serialize::compare(sent, Serialize::reference(back));
    if (diff) RC_FAIL(diff->where + ": " + diff->expected + " / " + diff->actual);
    RC_PRE(sent.ok());
    for (const ParserProfile& q : kParserProfiles) {
        const ParseOutcome read = reference::parse(sent.timestamps, sent.values, schema_of(c.tablet), q);
        RC_ASSERT(!Parse::compare(read, Parse::outcome_of(Json::parse(Parse::outcome_json(read).dump()))));
    }
}

// A subject keeps storage between calls: a large tablet, then a smaller one, then a larger one again.
RC_GTEST_PROP(IotdbTablet, ReusedSubjectsGrowAndShrinkCleanly, ()) {
    const Case a = gen_case(300, 4);
    const Case b = gen_case(40, 4);
    const Profile& p = *rc::gen::elementOf(kProfiles);
    const ParserProfile& q = *rc::gen::elementOf(kParserProfiles);
    for (Subject* s : subjects_under_test<Subject>())
        for (const Case* c : {&a, &b, &a}) {
            assert_no_failures(check<Serialize>(*s, {c->tablet, c->client, p}));
            const SerializeOutcome sent = reference::serialize(c->tablet, c->client, p);
            if (sent.ok()) assert_no_failures(check<Parse>(*s, {sent.timestamps, sent.values, schema_of(c->tablet), q}));
        }
}

// Each prefix is copied into a buffer of exactly its size, so a read past the end is an ASan error. A proper
// prefix of `values` parses only (a) when it ends with the data section and a bitmap section followed (the
// section is optional, §2.3 step 2): then without nulls; or (b) when the whole buffer parses with bytes left
// over (a misread, e.g. a registered finding) and the prefix still holds what was read: then as the whole
// buffer. Every other prefix is an error, of the same class for every parser. Every proper prefix of
// `timestamps` is truncated_timestamps.
RC_GTEST_PROP(IotdbTablet, EveryTruncationFailsAsTheReferenceDoes, ()) {
    const Case c = gen_case(24, 3, 44);
    const Profile& p = *rc::gen::elementOf(kProfiles);
    const SerializeOutcome sent = reference::serialize(c.tablet, c.client, p);
    RC_PRE(sent.ok());
    const Schema schema = schema_of(c.tablet);
    for (const ParserProfile& q : kParserProfiles) {
        const ParseOutcome whole = reference::parse(sent.timestamps, sent.values, schema, q);
        std::size_t data_section_prefixes = 0;
        for (std::size_t len = 0; len < sent.values.size(); ++len) {
            const Bytes prefix(sent.values.begin(), sent.values.begin() + static_cast<std::ptrdiff_t>(len));
            const ParseOutcome out = reference::parse(sent.timestamps, prefix, schema, q);
            if (out.ok() && whole.ok() && whole.consumed <= len) {
                RC_ASSERT(!Parse::compare(whole, out));
            } else if (out.ok()) {
                ++data_section_prefixes;
                RC_ASSERT(out.consumed == len);
                for (const Column& col : out.tablet.columns)
                    RC_ASSERT(std::all_of(col.nulls.begin(), col.nulls.end(), [](std::uint8_t m) { return m == 0; }));
            }
            assert_no_failures(check<Parse>({sent.timestamps, prefix, schema, q}));
        }
        RC_ASSERT(data_section_prefixes <= 1u);
        // The schema is checked first (an OBJECT column under TabletDecoder fails whatever the buffers hold).
        const ErrorClass short_timestamps =
            whole.error == ErrorClass::unsupported_type ? whole.error : ErrorClass::truncated_timestamps;
        for (std::size_t len = 0; len < sent.timestamps.size(); ++len) {
            const Bytes prefix(sent.timestamps.begin(), sent.timestamps.begin() + static_cast<std::ptrdiff_t>(len));
            RC_ASSERT(reference::parse(prefix, sent.values, schema, q).error == short_timestamps);
            assert_no_failures(check<Parse>({prefix, sent.values, schema, q}));
        }
    }
}

// A valid buffer with a few bytes changed: flags other than 0/1, negative and huge lengths, BOOLEAN bytes
// other than 0/1, DATE ints that are not dates, wrong row counts and types.
RC_GTEST_PROP(IotdbTablet, DamagedBuffersParseAsTheReferenceDoes, ()) {
    const Case c = gen_case(40, 4);
    const SerializeOutcome sent = reference::serialize(c.tablet, c.client, *rc::gen::elementOf(kProfiles));
    RC_PRE(sent.ok());
    Bytes values = sent.values;
    const int edits = *rc::gen::inRange(0, 4);
    for (int i = 0; i < edits && !values.empty(); ++i)
        values[*rc::gen::inRange<std::size_t>(0, values.size())] =
            *rc::gen::element<std::uint8_t>(0x00, 0x01, 0x02, 0x7f, 0x80, 0xff, 0x10);
    Schema schema = schema_of(c.tablet);
    if (*rc::gen::inRange(0, 4) == 0)
        schema.row_count = schema.row_count + *rc::gen::element(-2, -1, 1, 8, 2147483647 - schema.row_count);
    if (!schema.types.empty() && *rc::gen::inRange(0, 4) == 0)
        schema.types[*rc::gen::inRange<std::size_t>(0, schema.types.size())] =
            static_cast<DataType>(*rc::gen::inRange(0, 16));
    for (const ParserProfile& q : kParserProfiles) assert_no_failures(check<Parse>({sent.timestamps, values, schema, q}));
}

RC_GTEST_PROP(IotdbTablet, ArbitraryBytesParseAsTheReferenceDoes, ()) {
    Schema schema;
    schema.types = *rc::gen::container<std::vector<DataType>>(
        *rc::gen::inRange<std::size_t>(0, 5), rc::gen::map(rc::gen::inRange(0, 14), [](int t) { return static_cast<DataType>(t); }));
    schema.row_count = *rc::gen::inRange(-1, 20);
    const Bytes timestamps = *rc::gen::container<Bytes>(*rc::gen::inRange<std::size_t>(0, 170), rc::gen::arbitrary<std::uint8_t>());
    const Bytes values = *rc::gen::container<Bytes>(rc::gen::arbitrary<std::uint8_t>());
    for (const ParserProfile& q : kParserProfiles) assert_no_failures(check<Parse>({timestamps, values, schema, q}));
}

}  // namespace
}  // namespace tsc::iotdb::test
