// The divergence policy for a tablet with several faults (operations.hpp, docs/design.md): clients
// check in different orders (the Node client writes the timestamps first, its fast path checks every
// column's type before any cell, its legacy path goes column by column), so a refusal passes when it
// names a fault the tablet holds, and fails when it names one the tablet does not hold.
#include <cstdint>

#include <gtest/gtest.h>

#include "conformance/harness/iotdb_tablet/operations.hpp"
#include "reference/iotdb_tablet/reference.hpp"

namespace tsc::iotdb {
namespace {

// Under `node`: a timestamp that rounds to 2^63, a DATE whose number is past int32, an OBJECT column.
Serialize::Input three_faults() {
    Serialize::Input in;
    in.profile = *find_profile("node");
    in.tablet.timestamps = {INT64_MAX};
    Column date{DataType::DATE, std::vector<Date>{Date{300000, 1, 1}}, Bytes{0}};
    Column object{DataType::OBJECT, BinaryCells{}, Bytes{0}};
    std::get<BinaryCells>(object.cells).push_back(ByteView{});
    in.tablet.columns = {date, object};
    return in;
}

SerializeOutcome refused(ErrorClass e) { return {e, {}, {}}; }

TEST(IotdbTabletErrorOrder, TheReferenceGivesEveryFaultTheTabletHoldsItsOwnFirst) {
    const Serialize::Input in = three_faults();
    const std::vector<ErrorClass> held = reference::serialize_faults(in.tablet, in.client, in.profile);
    EXPECT_EQ(held, (std::vector<ErrorClass>{ErrorClass::timestamp_out_of_range, ErrorClass::date_out_of_range,
                                             ErrorClass::unsupported_type}));
    EXPECT_EQ(Serialize::reference(in).error, ErrorClass::timestamp_out_of_range);
}

TEST(IotdbTabletErrorOrder, ARefusalNamingAnotherHeldFaultPasses) {
    const Serialize::Input in = three_faults();
    const SerializeOutcome expected = Serialize::reference(in);
    EXPECT_FALSE(difference<Serialize>(in, expected, refused(ErrorClass::unsupported_type)));
    EXPECT_FALSE(difference<Serialize>(in, expected, refused(ErrorClass::date_out_of_range)));
    Contract::Input contract;
    static_cast<Serialize::Input&>(contract) = in;
    EXPECT_FALSE(difference<Contract>(contract, Contract::reference(contract), {ErrorClass::unsupported_type, {}}));
}

TEST(IotdbTabletErrorOrder, ARefusalNamingAFaultTheTabletDoesNotHoldFails) {
    Serialize::Input in = three_faults();
    const SerializeOutcome expected = Serialize::reference(in);
    EXPECT_TRUE(difference<Serialize>(in, expected, refused(ErrorClass::inconsistent_tablet)));
    EXPECT_TRUE(difference<Serialize>(in, expected, SerializeOutcome{}));  // sent anyway
    in.tablet.timestamps = {0};  // now the timestamp is one the client writes
    EXPECT_TRUE(difference<Serialize>(in, Serialize::reference(in), refused(ErrorClass::timestamp_out_of_range)));
}

}  // namespace
}  // namespace tsc::iotdb
