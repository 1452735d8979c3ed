// The QWP producer reaches every class it declares, through every adapter.
#include "conformance/inputs/qwp_gorilla/producer.hpp"
#include "conformance/tests/common/input_classes.hpp"

namespace tsc::qwp::inputs {
namespace {

TEST(QwpGorillaInputs, ColumnsReachEveryClass) { test::expect_every_class_from_every_adapter<ColumnProducer>(); }

TEST(QwpGorillaInputs, BodiesReachEveryClass) { test::expect_every_class_from_every_adapter<BodyProducer>(); }

}  // namespace
}  // namespace tsc::qwp::inputs
