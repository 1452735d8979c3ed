#include "conformance/inputs/qwp_gorilla/operation_inputs.hpp"

#include "reference/qwp_gorilla/reference.hpp"

namespace tsc::inputs {

using qwp::Decode;

qwp::Encode::Input OperationInputs<qwp::Encode>::generated(Source& s, std::string_view profile) {
    return qwp::inputs::ColumnProducer::build(s, qwp::Encode::profile_named(profile));
}

Decode::Input OperationInputs<Decode>::generated(Source& s, std::string_view profile) {
    return with_profile<Decode>(qwp::inputs::BodyProducer::build(s), profile);
}

std::vector<Decode::Input> OperationInputs<Decode>::truncations(Source& s, std::string_view profile) {
    const qwp::Encode::Input column = qwp::inputs::ColumnProducer::build(s);
    const Decode::Input whole = with_profile<Decode>(
        {qwp::reference::encode(column.column, column.gorilla_flag), {column.column.row_count, column.gorilla_flag}},
        profile);
    std::vector<Decode::Input> cuts;
    for (std::size_t n : cut_lengths(whole.body.size()))
        cuts.push_back({Bytes(whole.body.begin(), whole.body.begin() + static_cast<std::ptrdiff_t>(n)), whole.framing,
                        whole.profile});
    return cuts;
}

}  // namespace tsc::inputs
