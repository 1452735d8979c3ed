#include "conformance/inputs/tsfile_tablet/operation_inputs.hpp"

#include "reference/tsfile_tablet/reference.hpp"

namespace tsc::inputs {

using tsfile::Deserialize;
using tsfile::Serialize;

Serialize::Input OperationInputs<Serialize>::generated(Source& s, std::string_view profile) {
    Serialize::Input in = with_profile<Serialize>({tsfile_tablet::TabletProducer::build(s)}, profile);
    in.offset = s.size_in(0, 16);
    return in;
}

namespace {

// A produced tablet as the layout serializes it (nothing when it cannot be).
Deserialize::Input serialized(Source& s, std::string_view profile) {
    const tsfile::Layout layout = tsfile::layout_named(profile);
    return {tsfile::reference::serialize(tsfile_tablet::TabletProducer::build(s), layout).bytes, layout};
}

}  // namespace

Deserialize::Input OperationInputs<Deserialize>::generated(Source& s, std::string_view profile) {
    Deserialize::Input in = serialized(s, profile);
    Bytes& b = in.bytes;
    switch (s.weighted({4, 2, 2, 1})) {
        case 0: break;
        case 1: b.resize(s.size_in(0, b.size())); break;
        case 2:
            if (!b.empty()) b[s.choose(b.size())] = static_cast<std::uint8_t>(s.range(0, 255));
            break;
        default: b = s.bytes(s.size_in(0, 256));  // no tablet at all
    }
    return in;
}

std::vector<Deserialize::Input> OperationInputs<Deserialize>::truncations(Source& s, std::string_view profile) {
    const Deserialize::Input whole = serialized(s, profile);
    std::vector<Deserialize::Input> cuts;
    for (std::size_t n : cut_lengths(whole.bytes.size()))
        cuts.push_back({Bytes(whole.bytes.begin(), whole.bytes.begin() + static_cast<std::ptrdiff_t>(n)), whole.layout});
    return cuts;
}

}  // namespace tsc::inputs
