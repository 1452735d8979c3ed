// A column built from the input by the family's producer (conformance/inputs/qwp_gorilla/producer.hpp)
// through FuzzedDataProvider, an encoder profile, a decoder profile and a subject: the subject must
// encode the column to the reference's bytes under the encoder profile, and decode those back to it
// under the decoder profile (one of each per input; the tests run all).
#include <cstddef>
#include <cstdint>

#include "conformance/inputs/fuzzed_data_source.hpp"
#include "conformance/inputs/qwp_gorilla/producer.hpp"
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider provider(data, size);
    using tsc::qwp::kEncodeProfiles, tsc::qwp::kProfiles;
    const auto& decoder = kProfiles[provider.ConsumeIntegralInRange<std::size_t>(0, kProfiles.size() - 1)];
    const auto& encoder = kEncodeProfiles[provider.ConsumeIntegralInRange<std::size_t>(0, kEncodeProfiles.size() - 1)];
    const auto subject = tsc::fuzz::one_subject<tsc::qwp::Subject>(provider);
    tsc::inputs::FuzzedDataSource source(provider);
    tsc::fuzz::require_no_failures("qwp_gorilla_roundtrip",
                                   tsc::qwp::check_roundtrip(tsc::qwp::inputs::ColumnProducer::build(source, encoder), decoder, subject));
    return 0;
}
