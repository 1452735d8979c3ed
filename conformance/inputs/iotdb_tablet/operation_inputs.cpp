#include "conformance/inputs/iotdb_tablet/operation_inputs.hpp"

#include "reference/iotdb_tablet/reference.hpp"

namespace tsc::inputs {

using iotdb::Contract;
using iotdb::Parse;
using iotdb::Serialize;

// A profile's checks draw from its domain (model.hpp Domain); out-of-domain values the client normalises or
// rejects (timestamps, f32 NaNs, dates) stay in, for the reference says what the client does with them.
Serialize::Input OperationInputs<Serialize>::generated(Source& s, std::string_view profile) {
    const iotdb_tablet::Case c = iotdb_tablet::TabletProducer::build(s);
    Serialize::Input in = with_profile<Serialize>({c.tablet, c.client}, profile);
    in.tablet = iotdb::reference::into_domain(std::move(in.tablet), in.profile);
    return in;
}

Contract::Input OperationInputs<Contract>::generated(Source& s, std::string_view profile) {
    const iotdb_tablet::Case c = iotdb_tablet::TabletProducer::build(s);
    Contract::Input in = with_profile<Contract>({{c.tablet, c.client}}, profile);
    in.tablet = iotdb::reference::into_domain(std::move(in.tablet), in.profile);
    return in;
}

namespace {

// What a client of any profile sent for a produced tablet (empty buffers when it refused it).
Parse::Input sent_buffers(Source& s, std::string_view profile) {
    const iotdb_tablet::Case c = iotdb_tablet::TabletProducer::build(s);
    const iotdb::SerializeOutcome sent = iotdb::reference::serialize(c.tablet, c.client, s.pick(iotdb::kProfiles));
    return with_profile<Parse>({sent.timestamps, sent.values, iotdb::schema_of(c.tablet)}, profile);
}

Bytes cut(const Bytes& b, std::size_t n) { return Bytes(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(n)); }

}  // namespace

Parse::Input OperationInputs<Parse>::generated(Source& s, std::string_view profile) {
    Parse::Input in = sent_buffers(s, profile);
    switch (s.weighted({4, 2, 1, 2, 1})) {
        case 0: break;
        case 1: in.values = cut(in.values, s.size_in(0, in.values.size())); break;
        case 2: in.timestamps = cut(in.timestamps, s.size_in(0, in.timestamps.size())); break;
        case 3:
            if (!in.values.empty()) in.values[s.choose(in.values.size())] = static_cast<std::uint8_t>(s.range(0, 255));
            break;
        default:  // a row count the buffers do not hold
            in.schema.row_count = static_cast<std::int32_t>(s.range(INT32_MIN, INT32_MAX));
    }
    return in;
}

std::vector<Parse::Input> OperationInputs<Parse>::truncations(Source& s, std::string_view profile) {
    const Parse::Input whole = sent_buffers(s, profile);
    std::vector<Parse::Input> cuts;
    for (std::size_t n : cut_lengths(whole.values.size())) {
        cuts.push_back(whole);
        cuts.back().values = cut(whole.values, n);
    }
    for (std::size_t n : cut_lengths(whole.timestamps.size())) {
        cuts.push_back(whole);
        cuts.back().timestamps = cut(whole.timestamps, n);
    }
    return cuts;
}

}  // namespace tsc::inputs
