// BitMap programs built from the input by the family's producer (conformance/inputs/bitmap/producer.hpp)
// through FuzzedDataProvider: the same sizes, edges and word-spanning ranges as the properties, for
// the fuzzer to mutate. bitmap_ops takes the programs of the vectors; this target the producer's.
#include <cstddef>
#include <cstdint>

#include "conformance/inputs/bitmap/producer.hpp"
#include "conformance/inputs/fuzzed_data_source.hpp"
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider provider(data, size);
    tsc::inputs::FuzzedDataSource source(provider);
    const auto input = tsc::bitmap::inputs::ProgramProducer::build(source);
    tsc::fuzz::require_no_failures("bitmap_programs", tsc::bitmap::check_program(input.program));
    return 0;
}
