// A client profile, a parser profile, and a tablet and client state built from the input by the family's
// producer (conformance/inputs/iotdb_tablet/producer.hpp) through FuzzedDataProvider: the subject must
// serialize the tablet to the reference's bytes under the profile and parse those bytes as the reference
// does under the parser profile, and the server must read them back to the tablet (or a registered
// finding explains why not). One profile pair and one subject per input: the fuzzer reaches
// them all, each input costs one slice of check_tablet (the tests run it whole).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>

#include <fuzzer/FuzzedDataProvider.h>

#include "conformance/harness/iotdb_tablet/checks.hpp"
#include "conformance/inputs/fuzzed_data_source.hpp"
#include "conformance/inputs/iotdb_tablet/producer.hpp"
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace tsc::iotdb;
    FuzzedDataProvider in(data, size);
    const Profile& profile = kProfiles[in.ConsumeIntegralInRange<std::size_t>(0, kProfiles.size() - 1)];
    const ParserProfile& parser = kParserProfiles[in.ConsumeIntegralInRange<std::size_t>(0, kParserProfiles.size() - 1)];
    const auto subject = tsc::fuzz::one_subject<Subject>(in);
    tsc::inputs::FuzzedDataSource source(in);
    const tsc::inputs::iotdb_tablet::Limits limits{tsc::fuzz::max_rows(in, size), 6};
    tsc::inputs::iotdb_tablet::Case c = tsc::inputs::iotdb_tablet::TabletProducer::build(source, limits);
    tsc::fuzz::require_no_failures("iotdb_tablet_serialize", check_tablet(std::move(c.tablet), c.client, profile, parser, subject));
    return 0;
}
