#include "conformance/harness/bitmap/operations.hpp"

namespace tsc::bitmap {
namespace {

constexpr std::uint8_t kInitialBit = 0x01;
constexpr std::uint8_t kPastMaxBit = 0x10;
constexpr std::uint8_t kRawBit = 0x80;

// Sizes just past the suite maximum, where the no-result rule starts: kMaxSize + 1 .. kMaxSize + 8.
// (Sizes at and below it cost a bitmap of a million positions in every subject and in the
// bit-at-a-time reference; the vectors hold them.)
std::int32_t past_max_size(std::uint32_t selector) { return kMaxSize + 1 + static_cast<std::int32_t>(selector % 8); }

bool read_value(LayoutReader& r, Value& v) {
    std::uint32_t size = 0;
    if (!r.little_endian(2, size)) return false;
    v.size = static_cast<std::int32_t>(size % (kFuzzMaxSize + 1));
    return r.take(bytes_for(v.size), v.bytes);
}

// Raw: the int32 itself. Scaled: u16 % (size + 3) - 1, i.e. -1 .. size + 1, where boundaries live.
bool read_int(LayoutReader& r, bool raw, std::int32_t size, std::int32_t& v) {
    std::uint32_t u = 0;
    if (raw) return r.little_endian(4, v);
    if (!r.little_endian(2, u)) return false;
    v = static_cast<std::int32_t>(u % static_cast<std::uint32_t>(size + 3)) - 1;
    return true;
}

bool read_op(LayoutReader& r, std::int32_t size, Op& op) {
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


Program decode_program(ByteView input, std::uint8_t& flags) {
    LayoutReader r(input);
    Program p;
    std::uint32_t size = 0;
    if (!r.little_endian(2, size) || !r.byte(flags)) return p;
    p.size = flags & kPastMaxBit ? past_max_size(size) : static_cast<std::int32_t>(size % (kFuzzMaxSize + 1));
    if (flags & kInitialBit) {
        Bytes initial;
        if (!r.take(bytes_for(p.size), initial)) return p;
        p.initial = std::move(initial);
    }
    if (flags & kPastMaxBit) return p;  // no bitmap to operate on
    for (bitmap::Op op; read_op(r, p.size, op); op = bitmap::Op{}) p.ops.push_back(std::move(op));
    return p;
}

// False when the layout cannot hold the operation as it is.
bool put_op(Bytes& out, const bitmap::Op& op) {
    const OpInfo& o = info(op.kind);
    // kOps is indexed by kind: the opcode is the kind.
    out.push_back(static_cast<std::uint8_t>(kRawBit | static_cast<unsigned>(op.kind)));
    if (o.operand == Operand::value) {
        if (op.operand.size > kFuzzMaxSize || op.operand.bytes.size() != bytes_for(op.operand.size)) return false;
        append_little_endian(out, static_cast<std::uint32_t>(op.operand.size), 2);
        out.insert(out.end(), op.operand.bytes.begin(), op.operand.bytes.end());
    }
    for (std::size_t i = 0; i < o.ints; ++i) append_little_endian(out, static_cast<std::uint32_t>(op.args[i]), 4);
    if (o.operand == Operand::rows) {
        const std::int64_t length = op.args[1];
        const std::size_t wanted = length > 0 ? static_cast<std::size_t>((length + 7) / 8) : 0;
        if (op.rows.size() != wanted) return false;
        out.insert(out.end(), op.rows.begin(), op.rows.end());
    }
    return true;
}

}  // namespace

std::optional<RunProgram::Input> ProgramFuzzInput::decode(ByteView bytes) {
    std::uint8_t flags = 0;
    Program program = decode_program(bytes, flags);
    return RunProgram::Input{std::move(program), kProfiles[((flags >> 1) & 7u) % kProfiles.size()]};
}

std::optional<Bytes> ProgramFuzzInput::encode(const RunProgram::Input& in) {
    const Program& p = in.program;
    if (p.size < 0 || p.size > kFuzzMaxSize) return std::nullopt;
    Bytes out;
    append_little_endian(out, static_cast<std::uint32_t>(p.size), 2);
    out.push_back(static_cast<std::uint8_t>((p.initial ? kInitialBit : 0u) | (index_named(kProfiles, in.profile.name) << 1)));
    if (p.initial) out.insert(out.end(), p.initial->begin(), p.initial->end());
    for (const bitmap::Op& op : p.ops)
        if (!put_op(out, op)) return std::nullopt;
    return out;
}

}  // namespace tsc::bitmap
