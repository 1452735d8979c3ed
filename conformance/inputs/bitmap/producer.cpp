#include "conformance/inputs/bitmap/producer.hpp"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "subjects/fast/bitmap/thresholds.hpp"

namespace tsc::bitmap::inputs {
namespace {

namespace th = tsc::thresholds::bitmap;
using tsc::inputs::side_of;
using tsc::inputs::sides;

constexpr std::int32_t kIntMin = std::numeric_limits<std::int32_t>::min();
constexpr std::int32_t kIntMax = std::numeric_limits<std::int32_t>::max();
constexpr auto kWord = static_cast<std::int32_t>(th::kWordBits);
// The words a range's ends are classed by: the first ones, then "later".
constexpr std::int32_t kClassedWords = 5;
// Four words and a tail: well past the widest step.
constexpr std::int32_t kManyPositions = 4 * kWord + 9;
constexpr std::int32_t kThousands = 2048;

Op op(OpKind kind, std::int32_t a = 0, std::int32_t b = 0, std::int32_t c = 0) { return Op{kind, {a, b, c}, {}, {}}; }

Bytes bitmap_bytes(Source& s, std::size_t n) {
    switch (s.choose(4)) {
        case 0: return Bytes(n, 0x00);
        case 1: return Bytes(n, 0xFF);
        default: {
            Bytes b = s.bytes(n);
            b.resize(n);  // a dry source (a shrink's replay) gives fewer: a bitmap still has all its bytes
            return b;
        }
    }
}

// A position against a bound n: mostly inside [0, n], on a byte or word edge, in a chosen word, just
// outside, or a Java int extreme.
std::int32_t index(Source& s, std::int32_t n) {
    n = std::max(n, 0);
    switch (s.weighted({8, 4, 4, 2, 1})) {
        case 0: return static_cast<std::int32_t>(s.range(0, n));
        case 1: {
            const std::int32_t edges[] = {0, n, n > 0 ? n - 1 : 0, n & ~7, n & ~(kWord - 1), std::min(n, kWord),
                                          std::min(n, kWord - 1), std::min(n, kWord + 1)};
            return s.pick(edges);
        }
        case 2: {  // an offset in one of the first words, or the last
            const std::int32_t words = n / kWord + 1;
            const std::int32_t word = s.flip() ? static_cast<std::int32_t>(s.range(0, std::min(words, kClassedWords) - 1)) : words - 1;
            const std::int32_t offsets[] = {0, 1, 7, 8, kWord - 1, static_cast<std::int32_t>(s.range(0, kWord - 1))};
            return std::min(n, word * kWord + s.pick(offsets));
        }
        case 3: return static_cast<std::int32_t>(s.range(-3, static_cast<std::int64_t>(n) + 3));
        default: {
            const std::int32_t extremes[] = {kIntMin, kIntMax, -1, n + 1, kIntMax - n};
            return s.pick(extremes);
        }
    }
}

std::pair<std::int32_t, std::int32_t> range(Source& s, std::int32_t size) {
    const std::int32_t start = index(s, size);
    const std::int32_t room = start >= 0 && start <= size ? size - start : size;
    return {start, index(s, room)};
}

std::string word_class(std::string_view end, std::int64_t position) {
    const std::int64_t word = position / kWord;
    return word < kClassedWords ? fmt::format("range {} in word {}", end, word) : fmt::format("range {} in a later word", end);
}

// The classes of a range [start, start + length) that fits a bitmap of `size` positions.
void range_classes(std::int32_t start, std::int32_t length, std::int32_t size, std::vector<std::string>& out) {
    if (start < 0 || length < 0 || static_cast<std::int64_t>(start) + length > size) {
        out.emplace_back("range out of bounds");
        return;
    }
    if (length == 0) {
        out.emplace_back("empty range");
        return;
    }
    out.push_back(word_class("starts", start));
    out.push_back(word_class("ends", static_cast<std::int64_t>(start) + length - 1));
    out.push_back(side_of("range length", static_cast<std::size_t>(length), th::kWordBits));
    if (length >= kManyPositions) out.push_back(fmt::format("range length >={}", kManyPositions));
    out.emplace_back(start % kWord == 0 ? "range start word-aligned" : start % 8 == 0 ? "range start byte-aligned" : "range start unaligned");
}

}  // namespace

std::int32_t size(Source& s) {
    switch (s.weighted({3, 2, 3, 2, 2, 2, 1})) {
        case 0: return static_cast<std::int32_t>(s.range(0, kWord));
        case 1: {
            const std::int32_t edges[] = {0, 1, 7, 8, 9, kWord - 1, kWord, kWord + 1, 2 * kWord - 1, 2 * kWord, 2 * kWord + 1};
            return s.pick(edges);
        }
        case 2: return static_cast<std::int32_t>(s.range(kWord + 1, 4 * kWord));
        case 3: return static_cast<std::int32_t>(s.range(4 * kWord, kManyPositions + kWord));
        case 4: return static_cast<std::int32_t>(s.range(kManyPositions, 1024));
        case 5: return static_cast<std::int32_t>(s.range(1024, kThousands + 2 * kWord));
        default: return static_cast<std::int32_t>(s.range(kThousands, 8192));
    }
}

Value value(Source& s, std::int32_t size) { return {size, bitmap_bytes(s, bytes_for(size))}; }

Op position_op(Source& s, std::int32_t size) {
    const OpKind kinds[] = {OpKind::mark, OpKind::unmark, OpKind::is_marked};
    return op(s.pick(kinds), index(s, size));
}

Op whole_op(Source& s) {
    const OpKind kinds[] = {OpKind::mark_all, OpKind::reset, OpKind::is_all_unmarked, OpKind::is_all_marked, OpKind::byte_array};
    return op(s.pick(kinds));
}

Op range_update(Source& s, std::int32_t size) {
    const auto [start, length] = range(s, size);
    return op(s.flip() ? OpKind::mark_range : OpKind::unmark_range, start, length);
}

Op range_query(Source& s, std::int32_t size) {
    const auto [start, length] = range(s, size);
    const OpKind kinds[] = {OpKind::is_range_any_marked,    OpKind::is_range_all_marked,  OpKind::is_range_none_marked,
                            OpKind::contains_marked_bit,    OpKind::is_all_unmarked_prefix, OpKind::truncated_byte_array};
    const OpKind kind = s.pick(kinds);
    return kind == OpKind::is_all_unmarked_prefix || kind == OpKind::truncated_byte_array ? op(kind, length) : op(kind, start, length);
}

Op merge(Source& s, std::int32_t size) {
    Op m = op(OpKind::merge);
    m.operand = value(s, inputs::size(s));
    const std::int32_t length = index(s, std::min(size, m.operand.size));
    m.args = {index(s, m.operand.size - std::max(length, 0)), index(s, size - std::max(length, 0)), length};
    return m;
}

Op equality(Source& s, const Value& current) {
    Op e = op(s.flip() ? OpKind::equals : OpKind::equals_in_range);
    switch (s.weighted({2, 3, 1})) {
        case 0: e.operand = current; break;
        case 1: {
            e.operand = current;
            const std::size_t bit = s.choose(e.operand.bytes.size() * 8);
            e.operand.bytes[bit >> 3] = static_cast<std::uint8_t>(e.operand.bytes[bit >> 3] ^ (1u << (bit & 7)));
            break;
        }
        default: e.operand = value(s, size(s));
    }
    e.args[0] = index(s, std::min(current.size, e.operand.size));
    return e;
}

Op failed_rows(Source& s, std::int32_t size) {
    const auto [start, length] = range(s, size);
    Op o = op(OpKind::or_failed_rows, start, length);
    const std::size_t bytes = length > 0 && length <= size ? static_cast<std::size_t>(length + 7) / 8 : 2;
    o.rows = bitmap_bytes(s, s.flip() || bytes == 0 ? bytes : bytes - 1);  // sometimes one byte short
    return o;
}

RunProgram::Input ProgramProducer::build(Source& s) {
    const Profile& profile = s.pick(kProfiles);
    return build(s, profile);
}

// A size the profile's implementation holds (BitMapLongImpl: one word): larger programs are outside
// its domain (RunProgram::outside_domain), so they are folded into it.
RunProgram::Input ProgramProducer::build(Source& s, const Profile& profile) {
    const std::int32_t drawn = size(s);
    RunProgram::Input in{{drawn <= profile.max_size ? drawn : drawn % (profile.max_size + 1), std::nullopt, {}}, profile};
    Program& p = in.program;
    if (s.flip()) p.initial = bitmap_bytes(s, bytes_for(p.size));
    // The reference follows the program, so that equality operations can compare with the value as it is.
    auto current = p.initial ? reference::Bitmap::make(bitmap::Value{p.size, *p.initial}) : reference::Bitmap::make(p.size);
    for (std::size_t n = s.size_in(1, 24); n > 0 && !s.dry(); --n) {
        Op next;
        switch (s.choose(7)) {
            case 0: next = position_op(s, p.size); break;
            case 1: next = whole_op(s); break;
            case 2: next = range_update(s, p.size); break;
            case 3: next = range_query(s, p.size); break;
            case 4: next = merge(s, p.size); break;
            case 5: next = equality(s, current->value()); break;
            default: next = failed_rows(s, p.size);
        }
        // A truncation outside the profile's domain is folded into it (k % (kMaxSize + 1) is inside).
        if (next.kind == OpKind::truncated_byte_array && !RunProgram::truncation_in_domain(profile, next.args[0]))
            next.args[0] %= kMaxSize + 1;
        observe(*current, next);
        p.ops.push_back(std::move(next));
    }
    return in;
}

std::vector<std::string> ProgramProducer::classes() {
    std::vector<std::string> all = sides("size", th::kWordBits);
    for (const char* c : {"size whole bytes", "size with padding bits", "byte array whole words", "initial bytes",
                          "range out of bounds", "empty range", "range start word-aligned", "range start byte-aligned",
                          "range start unaligned", "range starts in a later word", "range ends in a later word"})
        all.emplace_back(c);
    for (std::int32_t w = 0; w < kClassedWords; ++w)
        for (const char* end : {"starts", "ends"}) all.push_back(fmt::format("range {} in word {}", end, w));
    for (const std::string& c : sides("range length", th::kWordBits)) all.push_back(c);
    all.push_back(fmt::format("size >={}", kManyPositions));
    all.push_back(fmt::format("size >={}", kThousands));
    all.push_back(fmt::format("range length >={}", kManyPositions));
    for (const Profile& p : kProfiles) all.push_back(fmt::format("profile {}", p.name));
    for (const OpInfo& o : kOps) all.push_back(fmt::format("op {}/{}", o.name, o.ints));
    return all;
}

std::vector<std::string> ProgramProducer::classes_of(const RunProgram::Input& in) {
    const Program& p = in.program;
    const auto size = static_cast<std::size_t>(std::max(p.size, 0));
    std::vector<std::string> out{side_of("size", size, th::kWordBits), size % 8 == 0 ? "size whole bytes" : "size with padding bits",
                                 fmt::format("profile {}", in.profile.name)};
    if (bytes_for(p.size) % th::kWordBytes == 0) out.emplace_back("byte array whole words");
    if (p.size >= kManyPositions) out.push_back(fmt::format("size >={}", kManyPositions));
    if (p.size >= kThousands) out.push_back(fmt::format("size >={}", kThousands));
    if (p.initial) out.emplace_back("initial bytes");
    for (const Op& o : p.ops) {
        const OpInfo& i = info(o.kind);
        out.push_back(fmt::format("op {}/{}", i.name, i.ints));
        if (o.kind == OpKind::merge) {
            range_classes(o.args[0], o.args[2], o.operand.size, out);
            range_classes(o.args[1], o.args[2], p.size, out);
        } else if (i.ints == 2) {
            range_classes(o.args[0], o.args[1], p.size, out);
        }
    }
    return out;
}

}  // namespace tsc::bitmap::inputs
