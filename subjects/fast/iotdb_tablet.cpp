// Registers the optimized IoTDB insertTablet serializer and parser: `fast` and `fast-portable` in the normal
// build, or the one seeded-bug variant of a mutant build.
#include <memory>
#include <string>

#include "subjects/api/iotdb_tablet.hpp"
#include "subjects/fast/iotdb_tablet/decoder.hpp"
#include "subjects/fast/iotdb_tablet/encoder.hpp"

namespace tsc::subjects::TSC_SUBJECT_NS {
namespace {

template <bool kPortable>
class FastIotdbTablet final : public iotdb::Subject {
public:
    explicit FastIotdbTablet(std::string name) : name_(std::move(name)) {}

    std::string_view name() const override { return name_; }

    iotdb::SerializeOutcome serialize(const iotdb::Tablet& tablet, const iotdb::ClientState& state,
                                      const iotdb::Profile& profile) override {
        const iotdb::ErrorClass e = serializer_.serialize(tablet, state, profile);
        if (e != iotdb::ErrorClass::ok) return {e, {}, {}};
        const auto ts = serializer_.timestamps();
        const auto values = serializer_.values();
        return {e, Bytes(ts.begin(), ts.end()), Bytes(values.begin(), values.end())};
    }

    iotdb::ParseOutcome parse(ByteView timestamps, ByteView values, const iotdb::Schema& schema,
                              const iotdb::ParserProfile& parser) override {
        const iotdb::ErrorClass e = parser_.parse(timestamps, values, schema, parser);
        if (e != iotdb::ErrorClass::ok) return {e, {}, 0};
        // The outcome owns the parsed tablet: a copy would cost an allocation a column, and storage kept
        // from one check to the next would carry one input's shape into the next (a fuzzer reads that
        // growth as a possible leak and runs the input a second time).
        return {e, parser_.take_tablet(), parser_.consumed()};
    }

private:
    std::string name_;
    IotdbTabletSerializer<kPortable> serializer_;
    IotdbTabletParser<kPortable> parser_;
};

// A mutant wraps the variant that contains its seeded bug: the byte-at-a-time paths exist only in the
// portable one.
constexpr bool kMutantIsPortable = tsc::kMutant.starts_with("iotdb_portable_");

}  // namespace

void register_iotdb_tablet() {
    if constexpr (tsc::kMutant.empty()) {
        iotdb::add_subject(std::make_unique<FastIotdbTablet<false>>("fast"));
        iotdb::add_subject(std::make_unique<FastIotdbTablet<true>>("fast-portable"));
    } else {
        iotdb::add_subject(std::make_unique<FastIotdbTablet<kMutantIsPortable>>("mutant:iotdb_tablet:" + std::string(tsc::kMutant)));
    }
}

}  // namespace tsc::subjects::TSC_SUBJECT_NS
