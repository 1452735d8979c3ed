// A column built from the input by the family's producer (conformance/inputs/qwp_gorilla/producer.hpp)
// through FuzzedDataProvider: every subject must encode it to the reference's bytes, and decode those
// back to the column under every profile.
#include <cstddef>
#include <cstdint>

#include "conformance/inputs/fuzzed_data_source.hpp"
#include "conformance/inputs/qwp_gorilla/producer.hpp"
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider provider(data, size);
    tsc::inputs::FuzzedDataSource source(provider);
    const auto [column, gorilla_flag] = tsc::qwp::inputs::ColumnProducer::build(source);
    tsc::fuzz::require_no_failures("qwp_gorilla_roundtrip", tsc::qwp::check_roundtrip(column, gorilla_flag));
    return 0;
}
