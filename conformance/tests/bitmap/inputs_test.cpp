// The BitMap producer reaches every class it declares, through every adapter.
#include "conformance/inputs/bitmap/producer.hpp"
#include "conformance/tests/common/input_classes.hpp"

namespace tsc::bitmap::inputs {
namespace {

TEST(BitmapInputs, ProgramsReachEveryClass) { test::expect_every_class_from_every_adapter<ProgramProducer>(); }

}  // namespace
}  // namespace tsc::bitmap::inputs
