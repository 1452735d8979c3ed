// RapidCheck properties: every subject against the reference, and the reference against the contract, on
// generated tablets. Each failure shows the divergence report and RapidCheck's RC_PARAMS="reproduce=..." line.
#include <type_traits>
#include <variant>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "conformance/tests/iotdb_tablet/generators.hpp"
#include "reference/iotdb_tablet/reference.hpp"

namespace tsc::iotdb::test {
namespace {

void assert_no_failures(const std::vector<Failure>& failures) {
    if (!failures.empty()) RC_FAIL(describe_all(failures));
}

Case in_domain(Case c, const Profile& p) {
    c.tablet = reference::into_domain(std::move(c.tablet), p);
    return c;
}

bool is_float_snan(std::uint32_t b) { return (b & 0x7FC00000u) == 0x7F800000u && (b & 0x003FFFFFu) != 0; }

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
    const Serialize::Input in{reference::into_domain(c.tablet, p), c.client, p};
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
    const Profile& p = *rc::gen::elementOf(kProfiles);
    const Case a = in_domain(gen_case(300, 4), p);
    const Case b = in_domain(gen_case(40, 4), p);
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
    const Profile& p = *rc::gen::elementOf(kProfiles);
    const Case c = in_domain(gen_case(24, 3, 44), p);
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

// Each profile's domain (model.hpp Domain): into_domain lands in it and keeps a tablet already in it.
RC_GTEST_PROP(IotdbTablet, IntoDomainLandsInTheDomainAndKeepsItsTablets, ()) {
    const Case c = gen_case(100, 6);
    for (const Profile& p : kProfiles) {
        const Tablet inside = reference::into_domain(c.tablet, p);
        RC_ASSERT(reference::in_domain(inside, p));
        RC_ASSERT(reference::in_domain(c.tablet, p) == (inside == c.tablet));
    }
}

// Node's normalisation is what a JS number does before anything is written: its bytes for a tablet equal
// the bytes, without the normalisation rules, of the tablet with each timestamp made a double (C++'s
// conversion rounds to nearest, ties to even, as V8 does) and each f32 signalling NaN quieted; a
// timestamp that becomes 2^63 is refused instead. Tablets of the model's shape: one of another shape
// is refused before its timestamps are looked at.
RC_GTEST_PROP(IotdbTablet, NodeNormalisesAsAJsNumberWould, ()) {
    const Profile node = *find_profile("node");
    Case c = in_domain(gen_case(60, 4, inputs::tablet::kMaxCellBytes, false), node);
    if (*rc::gen::inRange(0, 2) == 0 && !c.tablet.timestamps.empty())
        c.tablet.timestamps[0] = *rc::gen::element<std::int64_t>(INT64_MAX, INT64_MIN, (std::int64_t{1} << 53) + 1,
                                                                 -(std::int64_t{1} << 53) - 3, INT64_MAX - 512);
    Profile exact = node;
    exact.timestamps = TimestampRule::exact;
    exact.float_nan = FloatNanRule::raw;
    Tablet as_js = c.tablet;
    bool overflows = false;
    for (std::int64_t& ts : as_js.timestamps) {
        const auto d = static_cast<double>(ts);
        overflows = overflows || d >= 9223372036854775808.0;
        if (!overflows) ts = static_cast<std::int64_t>(d);
    }
    for (Column& col : as_js.columns)
        if (auto* floats = std::get_if<std::vector<std::uint32_t>>(&col.cells); floats && col.type == DataType::FLOAT)
            for (std::size_t row = 0; row < floats->size(); ++row)
                if (col.nulls[row] == 0 && is_float_snan((*floats)[row])) (*floats)[row] |= 0x00400000u;
    const SerializeOutcome sent = reference::serialize(c.tablet, c.client, node);
    if (overflows) {
        RC_ASSERT(sent.error == ErrorClass::timestamp_out_of_range);
    } else {
        RC_ASSERT(!Serialize::compare(reference::serialize(as_js, c.client, exact), sent));
    }
}

// `cells` with one byte appended to the cell of `row`.
BinaryCells with_byte_appended(const BinaryCells& cells, std::size_t row) {
    BinaryCells out;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        Bytes cell(cells[i].begin(), cells[i].end());
        if (i == row) cell.push_back(0);
        out.push_back(cell);
    }
    return out;
}

// One change to a read-back tablet: a timestamp, a null mark or a cell (BOOLEAN to another non-zero byte,
// which canonical tells apart), a row fewer, or the parser's error.
void damage(Contract::Outcome& read) {
    Tablet& t = read.tablet;
    switch (*rc::gen::inRange(0, 5)) {
        case 0:
            if (!t.timestamps.empty()) t.timestamps[*rc::gen::inRange<std::size_t>(0, t.timestamps.size())] ^= 1;
            return;
        case 1:
        case 2: {
            if (t.columns.empty()) return;
            Column& c = t.columns[*rc::gen::inRange<std::size_t>(0, t.columns.size())];
            if (c.nulls.empty()) return;
            const std::size_t row = *rc::gen::inRange<std::size_t>(0, c.nulls.size());
            if (*rc::gen::arbitrary<bool>()) {
                c.nulls[row] ^= 1;
                return;
            }
            std::visit(
                [&](auto& cells) {
                    using T = typename std::decay_t<decltype(cells)>::value_type;
                    if constexpr (std::is_same_v<T, Date>) cells[row].day ^= 1;
                    else if constexpr (std::is_same_v<T, ByteView>) cells = with_byte_appended(cells, row);
                    else if constexpr (std::is_same_v<T, std::uint8_t>) cells[row] = cells[row] == 0 ? 1 : 2;
                    else cells[row] ^= 1;
                },
                c.cells);
            return;
        }
        case 3:
            if (!t.timestamps.empty()) t.timestamps.pop_back();
            return;
        default:
            read = {*rc::gen::element(ErrorClass::truncated_column, ErrorClass::ok), {}};
            return;
    }
}

// The contract's cell-by-cell comparison (Contract::is_expected) says what building the expected tablet
// and comparing it says: on what the reference reads back under every profile pair, and on that read-back
// with one change.
RC_GTEST_PROP(IotdbTablet, ContractComparisonAgreesWithTheExpectedTablet, ()) {
    const Case c = gen_case(40, 6);
    bool some_equal = false, some_different = false;
    for (const Profile& p : kProfiles)
        for (const ParserProfile& q : kParserProfiles) {
            const Contract::Input in{{reference::into_domain(c.tablet, p), c.client, p}, q};
            const SerializeOutcome sent = reference::serialize(in.tablet, in.client, p);
            Contract::Outcome read = Contract::read_back(reference_subject<Subject>(), in, sent);
            for (bool damaged : {false, true}) {
                if (damaged) damage(read);
                const bool equal = Contract::expected(in, sent.error) == read;
                (equal ? some_equal : some_different) = true;
                RC_ASSERT(Contract::is_expected(in, sent.error, read) == equal);
            }
        }
    RC_CLASSIFY(some_equal, "some read-backs equal");
    RC_CLASSIFY(some_different, "some different");
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
