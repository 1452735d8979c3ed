#include "conformance/harness/bitmap/program.hpp"

#include <charconv>

#include <fmt/format.h>

#include "conformance/harness/encoding_text.hpp"

namespace tsc::bitmap {
namespace {

bool valid_value(const Value& v) { return v.size >= 0 && v.size <= kMaxSize && v.bytes.size() == bytes_for(v.size); }

std::string hex_or_dash(ByteView bytes) { return bytes.empty() ? "-" : to_hex(bytes); }

std::vector<std::string_view> split(std::string_view text, std::string_view separators) {
    std::vector<std::string_view> parts;
    std::size_t begin = 0;
    while (begin <= text.size()) {
        const std::size_t end = text.find_first_of(separators, begin);
        const std::string_view part = text.substr(begin, end == std::string_view::npos ? end : end - begin);
        if (!part.empty()) parts.push_back(part);
        if (end == std::string_view::npos) break;
        begin = end + 1;
    }
    return parts;
}

std::optional<std::int32_t> parse_int(std::string_view s) {
    std::int32_t v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return v;
}

std::optional<Bytes> parse_bytes(std::string_view s) {
    if (s == "-") return Bytes{};
    return from_hex(s);
}

// One operation from its tokens; the tokens' count picks between the two isAllUnmarked forms.
std::optional<Op> parse_op(const std::vector<std::string_view>& tokens, std::string& error) {
    auto fail = [&error](std::string why) -> std::optional<Op> {
        error = std::move(why);
        return std::nullopt;
    };
    for (const OpInfo& o : kOps) {
        const std::size_t want = 1 + o.ints + (o.operand == Operand::value ? 2 : o.operand == Operand::rows ? 1 : 0);
        if (tokens[0] != o.name || tokens.size() != want) continue;
        Op op;
        op.kind = o.kind;
        std::size_t t = 1;
        if (o.operand == Operand::value) {
            const auto size = parse_int(tokens[t++]);
            const auto bytes = parse_bytes(tokens[t++]);
            if (!size || !bytes) return fail("bad bitmap value (SIZE HEX)");
            op.operand = {*size, *bytes};
            if (!valid_value(op.operand))
                return fail(fmt::format("a bitmap of size {} (0 to {}) has size/8+1 bytes, not {}", *size, kMaxSize,
                                        bytes->size()));
        }
        for (std::size_t i = 0; i < o.ints; ++i) {
            const auto v = parse_int(tokens[t++]);
            if (!v) return fail(fmt::format("'{}' is not a Java int", tokens[t - 1]));
            op.args[i] = *v;
        }
        if (o.operand == Operand::rows) {
            const auto bytes = parse_bytes(tokens[t++]);
            if (!bytes) return fail("failed rows are not hex (or '-')");
            op.rows = *bytes;
        }
        return op;
    }
    return fail("unknown operation or wrong argument count");
}

}  // namespace

std::string to_text(const Op& op) {
    const OpInfo& o = info(op.kind);
    std::string out(o.name);
    if (o.operand == Operand::value) out += fmt::format(" {} {}", op.operand.size, hex_or_dash(op.operand.bytes));
    for (std::size_t i = 0; i < o.ints; ++i) out += fmt::format(" {}", op.args[i]);
    if (o.operand == Operand::rows) out += " " + hex_or_dash(op.rows);
    return out;
}

std::string to_text(const std::vector<Op>& ops) {
    std::string out;
    for (const Op& op : ops) out += (out.empty() ? "" : "; ") + to_text(op);
    return out;
}

std::optional<std::vector<Op>> parse_ops(std::string_view text, std::string& error) {
    std::vector<Op> ops;
    for (std::string_view item : split(text, ";\n")) {
        const auto tokens = split(item, " \t\r");
        if (tokens.empty()) continue;
        std::string why;
        auto op = parse_op(tokens, why);
        if (!op) {
            error = fmt::format("operation {} '{}': {}", ops.size() + 1, item, why);
            return std::nullopt;
        }
        ops.push_back(std::move(*op));
    }
    return ops;
}

bool is_valid(const Program& p) {
    return p.size >= 0 && p.size <= kMaxSize && (!p.initial || p.initial->size() == bytes_for(p.size));
}

}  // namespace tsc::bitmap
