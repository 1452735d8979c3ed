// A tablet built from the input by the family's producer (conformance/inputs/tsfile_tablet/producer.hpp)
// through FuzzedDataProvider: a subject the input picks must serialize it to the reference's bytes (or
// fail with the reference's error class) at the drawn offset without touching the rest of the buffer,
// and read those bytes back as the reference does.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>

#include <fuzzer/FuzzedDataProvider.h>

#include "conformance/harness/tsfile_tablet/operations.hpp"
#include "conformance/inputs/fuzzed_data_source.hpp"
#include "conformance/inputs/tsfile_tablet/producer.hpp"
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace tsc::tsfile;
    FuzzedDataProvider in(data, size);
    tsc::inputs::FuzzedDataSource source(in);
    const Layout layout = kLayouts[in.ConsumeIntegralInRange<std::size_t>(0, kLayouts.size() - 1)];
    const auto offset = in.ConsumeIntegralInRange<std::size_t>(0, 64);
    const auto subject = tsc::fuzz::one_subject<Subject>(in);
    const tsc::inputs::tsfile_tablet::Limits limits{tsc::fuzz::max_rows(in, size), 8, true};
    Tablet tablet = tsc::inputs::tsfile_tablet::TabletProducer::build(source, limits);
    tsc::fuzz::require_no_failures("tsfile_tablet_roundtrip", check_roundtrip(subject, std::move(tablet), layout, offset));
    return 0;
}
