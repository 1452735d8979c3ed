// The IoTDB tablet producer reaches every class it declares from every adapter
// (conformance/tests/common/input_classes.hpp).
#include "conformance/inputs/iotdb_tablet/producer.hpp"
#include "conformance/tests/common/input_classes.hpp"

namespace tsc::test {
namespace {

TEST(IotdbTabletInputs, EveryClassFromEveryAdapter) {
    expect_every_class_from_every_adapter<inputs::iotdb_tablet::TabletProducer>();
}

}  // namespace
}  // namespace tsc::test
