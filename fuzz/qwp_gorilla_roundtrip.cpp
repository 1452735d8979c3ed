// A column built from the input by the family's producer (conformance/inputs/qwp_gorilla/producer.hpp)
// through FuzzedDataProvider, a decoder profile and a subject: the subject must encode the column to the
// reference's bytes, and decode those back to it under the profile (one of each per input; the tests
// run all).
#include <cstddef>
#include <cstdint>
#include <utility>

#include "conformance/inputs/fuzzed_data_source.hpp"
#include "conformance/inputs/qwp_gorilla/producer.hpp"
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider provider(data, size);
    const auto& profile = tsc::qwp::kProfiles[provider.ConsumeIntegralInRange<std::size_t>(0, tsc::qwp::kProfiles.size() - 1)];
    const auto subject = tsc::fuzz::one_subject<tsc::qwp::Subject>(provider);
    tsc::inputs::FuzzedDataSource source(provider);
    auto [column, gorilla_flag] = tsc::qwp::inputs::ColumnProducer::build(source);
    tsc::fuzz::require_no_failures("qwp_gorilla_roundtrip", tsc::qwp::check_roundtrip(std::move(column), gorilla_flag, profile, subject));
    return 0;
}
