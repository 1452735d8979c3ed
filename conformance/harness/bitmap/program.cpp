#include "conformance/harness/bitmap_program.hpp"

#include <charconv>

#include <fmt/format.h>

#include "conformance/harness/encoding_text.hpp"

namespace tsc::bitmap {
namespace {

std::size_t bytes_for(std::int32_t size) { return static_cast<std::size_t>(size / 8 + 1); }

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

// Reads the binary fuzz input front to back; every read fails cleanly at the end.
class Reader {
public:
    explicit Reader(ByteView in) : in_(in) {}

    bool byte(std::uint8_t& b) {
        if (pos_ >= in_.size()) return false;
        b = in_[pos_++];
        return true;
    }
    bool u16(std::uint32_t& v) {
        std::uint8_t lo = 0, hi = 0;
        if (!byte(lo) || !byte(hi)) return false;
        v = lo | (static_cast<std::uint32_t>(hi) << 8);
        return true;
    }
    bool i32(std::int32_t& v) {
        std::uint32_t u = 0;
        for (unsigned i = 0; i < 4; ++i) {
            std::uint8_t b = 0;
            if (!byte(b)) return false;
            u |= static_cast<std::uint32_t>(b) << (8 * i);
        }
        v = static_cast<std::int32_t>(u);
        return true;
    }
    // Exactly n bytes, or false without consuming anything.
    bool take(std::size_t n, Bytes& out) {
        if (n > remaining()) return false;
        out.assign(in_.begin() + static_cast<std::ptrdiff_t>(pos_), in_.begin() + static_cast<std::ptrdiff_t>(pos_ + n));
        pos_ += n;
        return true;
    }
    std::size_t remaining() const { return in_.size() - pos_; }

private:
    ByteView in_;
    std::size_t pos_ = 0;
};

bool read_value(Reader& r, Value& v) {
    std::uint32_t size = 0;
    if (!r.u16(size)) return false;
    v.size = static_cast<std::int32_t>(size % (kFuzzMaxSize + 1));
    return r.take(bytes_for(v.size), v.bytes);
}

// Raw: the int32 itself. Scaled: u16 % (size + 3) - 1, i.e. -1 .. size + 1, where boundaries live.
bool read_int(Reader& r, bool raw, std::int32_t size, std::int32_t& v) {
    if (raw) return r.i32(v);
    std::uint32_t u = 0;
    if (!r.u16(u)) return false;
    v = static_cast<std::int32_t>(u % static_cast<std::uint32_t>(size + 3)) - 1;
    return true;
}

bool read_op(Reader& r, std::int32_t size, Op& op) {
    std::uint8_t code = 0;
    if (!r.byte(code)) return false;
    const OpInfo& o = kOps[(code & 0x1Fu) % kOps.size()];
    const bool raw = (code & 0x80u) != 0;
    op.kind = o.kind;
    if (o.operand == Operand::value && !read_value(r, op.operand)) return false;
    for (std::size_t i = 0; i < o.ints; ++i)
        if (!read_int(r, raw, size, op.args[i])) return false;
    if (o.operand == Operand::rows) {
        // The declared row count only bounds the read: never more than the input still holds.
        const std::int64_t length = op.args[1];
        const std::uint64_t wanted = length > 0 ? static_cast<std::uint64_t>((length + 7) / 8) : 0;
        const std::size_t n = wanted < r.remaining() ? static_cast<std::size_t>(wanted) : r.remaining();
        if (!r.take(n, op.rows)) return false;
    }
    return true;
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

// Format: u16 LE size selector (% (kFuzzMaxSize+1)); a flags byte (bit 0: initial bytes follow, size/8+1
// of them); then operations to the end of the input. An operation is an opcode byte (bits 0-4: kOps
// index mod its size; bit 7: raw int32 LE arguments instead of scaled u16 ones), a bitmap value for
// merge/equals/equalsInRange (u16 LE size selector, then size/8+1 bytes), its int arguments, and for
// orFailedRows up to ceil(length/8) row bytes. An operation the input ends inside is dropped.
Program decode_fuzz_input(ByteView input) {
    Reader r(input);
    Program p;
    std::uint32_t size = 0;
    std::uint8_t flags = 0;
    if (!r.u16(size) || !r.byte(flags)) return p;
    p.size = static_cast<std::int32_t>(size % (kFuzzMaxSize + 1));
    if (flags & 1u) {
        Bytes initial;
        if (!r.take(bytes_for(p.size), initial)) return p;
        p.initial = std::move(initial);
    }
    for (Op op; read_op(r, p.size, op); op = Op{}) p.ops.push_back(std::move(op));
    return p;
}

}  // namespace tsc::bitmap
