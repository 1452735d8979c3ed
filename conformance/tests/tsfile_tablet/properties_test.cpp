// RapidCheck properties: every subject against the reference on generated tablets and bytes.
// Each failure shows the divergence report and RapidCheck's RC_PARAMS="reproduce=..." line.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "conformance/harness/tsfile_tablet/operations.hpp"
#include "conformance/tests/tsfile_tablet/generators.hpp"
#include "reference/tsfile_tablet/reference.hpp"

namespace tsc::tsfile::test {
namespace {

void assert_no_failures(const std::vector<Failure>& failures) {
    if (!failures.empty()) RC_FAIL(describe_all(failures));
}

// A schema with encoding FREQ (10), which serialize writes and deserialize refuses (finding
// freq_encoding_written_not_read).
bool writes_freq(const Tablet& t) {
    if (t.schemas)
        for (const std::optional<Schema>& s : *t.schemas)
            if (s && s->encoding == 10) return true;
    return false;
}

// serialize then deserialize gives the canonical logical tablet, and reads exactly what was written;
// a FREQ schema is refused instead.
RC_GTEST_PROP(TsfileTablet, ReferenceRoundTripsToTheCanonicalTablet, ()) {
    const Tablet t = gen_tablet();
    const Layout layout = gen_layout();
    const SerializeOutcome bytes = reference::serialize(t, layout);
    RC_PRE(bytes.ok());
    const DeserializeOutcome back = reference::deserialize(bytes.bytes, layout);
    if (writes_freq(t)) {
        RC_ASSERT(back.error == ErrorClass::unknown_encoding);
        return;
    }
    RC_ASSERT(back.ok());
    RC_ASSERT(back.consumed == bytes.bytes.size());
    if (const auto d = compare(reference::round_trip_image(t, layout), back.tablet))
        RC_FAIL("differs at " + d->where + ": expected " + d->expected + ", actual " + d->actual);
}

// The checks take the reference's outcome from one serialize (Serialize::reference); the reference
// run through the two-step API, as any subject is, gives the same outcome.
RC_GTEST_PROP(TsfileTablet, ReferenceRunIsTheIdealOfItsSerialize, ()) {
    const Serialize::Input in{gen_tablet(), gen_layout(), *rc::gen::inRange<std::size_t>(0, 65)};
    if (const auto d = Serialize::compare(Serialize::reference(in), Serialize::run(reference_subject<Subject>(), in)))
        RC_FAIL("differs at " + d->where + ": ideal " + d->expected + ", run " + d->actual);
}

// Size, bytes at a random offset (the rest of the buffer untouched), buffer_too_small, errors, and
// the subject's reading of the reference's bytes: the Serialize outcome and check_roundtrip cover them.
RC_GTEST_PROP(TsfileTablet, SubjectsSerializeAsTheReferenceAtAnyOffset, ()) {
    const Tablet t = gen_tablet();
    const std::size_t offset = *rc::gen::inRange<std::size_t>(0, 65);
    assert_no_failures(check_roundtrip(t, gen_layout(), offset));
}

// Each prefix is copied into a buffer of exactly its size, so a read past the end is an ASan error.
RC_GTEST_PROP(TsfileTablet, EveryTruncationFailsWithTheReferenceErrorClass, ()) {
    const Tablet t = gen_small_valid_tablet();
    const Layout layout = gen_layout();
    const SerializeOutcome bytes = reference::serialize(t, layout);
    RC_PRE(bytes.ok());
    for (std::size_t len = 0; len < bytes.bytes.size(); ++len) {
        const Bytes prefix(bytes.bytes.begin(), bytes.bytes.begin() + static_cast<std::ptrdiff_t>(len));
        const DeserializeOutcome ref = reference::deserialize(prefix, layout);
        RC_ASSERT(!ref.ok());
        assert_no_failures(check<Deserialize>({prefix, layout}));
    }
}

// A valid buffer with a few bytes overwritten, inserted or removed: every deserializer agrees.
RC_GTEST_PROP(TsfileTablet, CorruptedBytesDeserializeAsTheReferenceDoes, ()) {
    const Tablet t = gen_small_valid_tablet();
    const Layout layout = gen_layout();
    Bytes bytes = reference::serialize(t, layout).bytes;
    RC_PRE(!bytes.empty());
    const int edits = *rc::gen::inRange(1, 4);
    for (int i = 0; i < edits && !bytes.empty(); ++i) {
        const std::size_t at = *rc::gen::inRange<std::size_t>(0, bytes.size());
        const auto value = *rc::gen::weightedOneOf<std::uint8_t>({
            {3, rc::gen::element<std::uint8_t>(0x00, 0x01, 0x02, 0x7f, 0x80, 0xfe, 0xff)},
            {1, rc::gen::arbitrary<std::uint8_t>()},
        });
        switch (*rc::gen::inRange(0, 3)) {
            case 0: bytes[at] = value; break;
            case 1: bytes.insert(bytes.begin() + static_cast<std::ptrdiff_t>(at), value); break;
            default: bytes.erase(bytes.begin() + static_cast<std::ptrdiff_t>(at)); break;
        }
    }
    assert_no_failures(check<Deserialize>({bytes, layout}));
}

RC_GTEST_PROP(TsfileTablet, ArbitraryBytesDeserializeAsTheReferenceDoes, ()) {
    // A valid header in front, so that the bytes reach the schema, timestamp, bitmap and value readers.
    Bytes bytes{0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, *rc::gen::inRange<std::uint8_t>(0, 12)};
    const Bytes rest = *rc::gen::container<Bytes>(rc::gen::weightedOneOf<std::uint8_t>({
        {3, rc::gen::element<std::uint8_t>(0x00, 0x01, 0x02, 0x05, 0x09, 0x0c, 0x0d, 0xff)},
        {1, rc::gen::arbitrary<std::uint8_t>()},
    }));
    bytes.insert(bytes.end(), rest.begin(), rest.end());
    assert_no_failures(check<Deserialize>({bytes, gen_layout()}));
}

// A subject keeps no state between calls that changes an answer: a large tablet, a small one, the
// large one again, through the same subject objects.
RC_GTEST_PROP(TsfileTablet, SubjectsAreReusable, ()) {
    const Tablet large = gen_tablet();
    const Tablet small = gen_small_valid_tablet();
    const Layout layout = gen_layout();
    for (Subject* s : subjects_under_test<Subject>())
        for (const Tablet* t : {&large, &small, &large}) assert_no_failures(check_roundtrip(std::span(&s, 1), *t, layout));
}

}  // namespace
}  // namespace tsc::tsfile::test
