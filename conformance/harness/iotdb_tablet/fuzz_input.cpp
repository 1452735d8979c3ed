#include "conformance/harness/iotdb_tablet/operations.hpp"

#include <algorithm>

namespace tsc::iotdb {
namespace {

constexpr std::size_t kMaxColumns = 7;
constexpr std::uint8_t kParserBit = 0x08;

// Where the layout ends the timestamps buffer, of `rest` bytes after the header.
std::size_t timestamps_size(std::int32_t rows, std::size_t rest) {
    return rows < 0 || static_cast<std::size_t>(rows) > rest / 8 ? rest : 8 * static_cast<std::size_t>(rows);
}

}  // namespace

std::optional<Parse::Input> ParseFuzzInput::decode(ByteView bytes) {
    if (bytes.empty()) return std::nullopt;
    const std::size_t columns = bytes[0] & kMaxColumns;
    if (bytes.size() < 1 + columns + 4) return std::nullopt;
    Parse::Input in;
    in.parser = kParserProfiles[(bytes[0] & kParserBit) != 0];
    for (std::size_t j = 0; j < columns; ++j) in.schema.types.push_back(static_cast<DataType>(bytes[1 + j]));
    in.schema.row_count = static_cast<std::int32_t>(static_cast<std::uint32_t>(little_endian_at(bytes, 1 + columns, 4)));
    const ByteView rest = bytes.subspan(1 + columns + 4);
    const std::size_t split = timestamps_size(in.schema.row_count, rest.size());
    in.timestamps.assign(rest.begin(), rest.begin() + static_cast<std::ptrdiff_t>(split));
    in.values.assign(rest.begin() + static_cast<std::ptrdiff_t>(split), rest.end());
    return in;
}

std::optional<Bytes> ParseFuzzInput::encode(const Parse::Input& in) {
    const std::size_t columns = in.schema.types.size();
    const std::size_t rest = in.timestamps.size() + in.values.size();
    if (columns > kMaxColumns || timestamps_size(in.schema.row_count, rest) != in.timestamps.size())
        return std::nullopt;
    Bytes out{static_cast<std::uint8_t>(columns | (in.parser.name == kParserProfiles[1].name ? kParserBit : 0u))};
    for (DataType t : in.schema.types) out.push_back(static_cast<std::uint8_t>(t));
    append_little_endian(out, static_cast<std::uint32_t>(in.schema.row_count), 4);
    out.insert(out.end(), in.timestamps.begin(), in.timestamps.end());
    out.insert(out.end(), in.values.begin(), in.values.end());
    return out;
}

std::vector<std::pair<std::string, Parse::Input>> ParseFuzzInput::more_inputs(const Vector& v) {
    std::vector<std::pair<std::string, Parse::Input>> inputs;
    if (v.op != Serialize::name) return inputs;
    const SerializeOutcome sent = Serialize::outcome_of(v.expect);
    if (!sent.ok()) return inputs;
    const Schema schema = schema_of(Serialize::input_of(v.input, v.profiles.front()).tablet);
    for (const ParserProfile& q : kParserProfiles)
        inputs.push_back({std::string(v.profiles.front()) + "." + std::string(q.name), {sent.timestamps, sent.values, schema, q}});
    return inputs;
}

}  // namespace tsc::iotdb
