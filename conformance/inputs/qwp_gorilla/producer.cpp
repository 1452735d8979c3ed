#include "conformance/inputs/qwp_gorilla/producer.hpp"

#include <algorithm>
#include <limits>
#include <optional>

#include <fmt/format.h>

#include "reference/qwp_gorilla/reference.hpp"
#include "subjects/fast/qwp_gorilla/thresholds.hpp"

namespace tsc::qwp::inputs {
namespace {

namespace th = tsc::thresholds::qwp_gorilla;
using tsc::inputs::side_of;
using tsc::inputs::sides;

constexpr std::int64_t kInt64Min = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kInt32Min = std::numeric_limits<std::int32_t>::min();
constexpr std::int64_t kInt32Max = std::numeric_limits<std::int32_t>::max();
const std::vector<std::int64_t> kExtremes{kInt64Min, kInt64Min + 1, kInt64Max - 1, kInt64Max, -1, 0, 1};

// Far past the widest step: four fast regions and a tail.
constexpr std::size_t kManyCodes = 4 * th::kFastRegionCodes + th::kFillStep + 3;
constexpr std::size_t kLongZeroRun = 4 * th::kZeroRunBitsPerLoad + 5;

// Codes (delta-of-deltas) after the two seeds: below, at and above the fast region, and far past it.
std::size_t code_count(Source& s) {
    switch (s.weighted({3, 4, 1, 6, 3, 1})) {
        case 0: return s.size_in(0, 2);
        case 1: return s.size_in(3, th::kFastRegionCodes - 1);
        case 2: return th::kFastRegionCodes;
        case 3: return s.size_in(th::kFastRegionCodes + 1, kManyCodes);
        case 4: return s.size_in(kManyCodes, 700);
        default: return s.size_in(700, 3000);
    }
}

// A run length around a threshold t: below it, at it, just past it, or far past it.
std::size_t run_around(Source& s, std::size_t t, std::size_t far) {
    switch (s.choose(4)) {
        case 0: return s.size_in(1, t - 1);
        case 1: return t;
        case 2: return s.size_in(t + 1, 2 * t);
        default: return s.size_in(2 * t, far);
    }
}

// A delta-of-delta that needs the 32-bit bucket: outside [-2047, 2048], inside int32.
std::int64_t wide_dod(Source& s) {
    return s.flip() ? s.range(2049, kInt32Max) : s.range(kInt32Min, -2048);
}

// Runs of zero delta-of-deltas (the counted zero run and its loads) between other codes.
std::vector<std::int64_t> zero_runs(Source& s, std::size_t codes) {
    std::vector<std::int64_t> dods;
    dods.reserve(codes);
    while (dods.size() < codes && !s.dry()) {
        dods.insert(dods.end(), std::min(run_around(s, th::kCountedZeroRunMin, kLongZeroRun), codes - dods.size()), 0);
        if (dods.size() < codes) dods.push_back(s.pick(kBoundaryDods));
    }
    return dods;
}

// Runs of 36-bit codes, longer and shorter than the step that takes several windows at once.
std::vector<std::int64_t> wide_runs(Source& s, std::size_t codes) {
    std::vector<std::int64_t> dods;
    dods.reserve(codes);
    while (dods.size() < codes && !s.dry()) {
        for (std::size_t n = run_around(s, th::kWideCodeWindowsPerStep, 40); n > 0 && dods.size() < codes; --n)
            dods.push_back(wide_dod(s));
        if (dods.size() < codes) dods.push_back(s.range(-3, 3));
    }
    return dods;
}

std::vector<std::int64_t> boundary_dods(Source& s, std::size_t codes) {
    std::vector<std::int64_t> dods;
    dods.reserve(codes);
    for (std::size_t i = 0; i < codes && !s.dry(); ++i) dods.push_back(s.pick(kBoundaryDods));
    return dods;
}

// The dense non-null timestamps.
std::vector<std::int64_t> series(Source& s) {
    const std::size_t codes = code_count(s);
    const std::size_t n = codes == 0 ? s.size_in(0, 2) : codes + 2;
    const std::int64_t t0 = start(s);
    const std::size_t shape = s.choose(7);
    if (shape >= 4) {  // delta-of-deltas drawn for the decoder's paths
        if (n < 2) return std::vector<std::int64_t>(n, t0);
        const std::size_t kind = s.choose(3);
        const std::vector<std::int64_t> dods = kind == 0 ? boundary_dods(s, codes)
                                               : kind == 1 ? zero_runs(s, codes)
                                                           : wide_runs(s, codes);
        return series_from_dods(t0, wrap_add(t0, s.range(-5000, 5000)), dods);
    }
    std::vector<std::int64_t> ts;
    ts.reserve(n);  // each growth of a vector is an allocation, which costs most under a sanitizer
    switch (shape) {
        case 0: {  // constant interval
            const std::int64_t step = s.range(-1'000'000, 1'000'000);
            for (std::size_t i = 0; i < n && !s.dry(); ++i) ts.push_back(wrap_add(t0, static_cast<std::int64_t>(i) * step));
            return ts;
        }
        case 1: {  // jittered interval: the 7-bit bucket
            const std::int64_t step = s.range(1, 1'000'000);
            for (std::size_t i = 0; i < n && !s.dry(); ++i)
                ts.push_back(wrap_add(t0, static_cast<std::int64_t>(i) * step + s.range(-20, 20)));
            return ts;
        }
        case 2: {  // irregular intervals, up to beyond int32 delta-of-deltas
            const std::int64_t spread = s.pick({std::int64_t{1000}, std::int64_t{1} << 20, std::int64_t{1} << 33, std::int64_t{1} << 62});
            for (std::int64_t t = t0; ts.size() < n && !s.dry(); t = wrap_add(t, s.range(-spread, spread))) ts.push_back(t);
            return ts;
        }
        default: {  // int64 extremes, wrap-around, anything
            for (std::size_t i = 0; i < n && !s.dry(); ++i)
                ts.push_back(s.flip() ? s.pick(kExtremes) : static_cast<std::int64_t>(s.bits()));
            return ts;
        }
    }
}

// Rows: the series with NULLs anywhere, sometimes an all-NULL tail, sometimes NULLs up to a row
// count whose bitmap is a whole number of 8-byte words (or one row short of it).
std::vector<std::optional<std::int64_t>> rows_of(Source& s, const std::vector<std::int64_t>& ts) {
    const int null_percent = s.pick({0, 0, 10, 50, 90, 100});
    std::vector<std::optional<std::int64_t>> rows;
    rows.reserve(ts.size() * static_cast<std::size_t>(100 + 2 * null_percent) / 100 + 16);  // the rows expected
    for (std::int64_t t : ts) {
        if (s.percent(null_percent)) rows.insert(rows.end(), s.size_in(1, 3), std::nullopt);
        rows.push_back(t);
    }
    switch (s.choose(5)) {
        case 0: rows.insert(rows.end(), s.size_in(1, 16), std::nullopt); break;
        case 1: {
            const std::size_t word_rows = 8 * th::kLoadBytes;
            const std::size_t target = (rows.size() / word_rows + s.size_in(1, 4)) * word_rows - s.size_in(0, 1);
            rows.resize(target, std::nullopt);
            break;
        }
        default: break;
    }
    return rows;
}

std::vector<std::int64_t> dods_of(const std::vector<std::int64_t>& v) {
    std::vector<std::int64_t> dods;
    for (std::size_t i = 2; i < v.size(); ++i) {
        const auto d1 = static_cast<std::uint64_t>(v[i]) - static_cast<std::uint64_t>(v[i - 1]);
        const auto d0 = static_cast<std::uint64_t>(v[i - 1]) - static_cast<std::uint64_t>(v[i - 2]);
        dods.push_back(static_cast<std::int64_t>(d1 - d0));
    }
    return dods;
}

// The §2.3 bucket a delta-of-delta is written in.
std::string bucket_of(std::int64_t dod) {
    if (dod == 0) return "bucket zero";
    if (dod >= -63 && dod <= 64) return "bucket 7-bit";
    if (dod >= -255 && dod <= 256) return "bucket 9-bit";
    if (dod >= -2047 && dod <= 2048) return "bucket 12-bit";
    if (dod >= kInt32Min && dod <= kInt32Max) return "bucket 32-bit";
    return "dod beyond int32";
}

std::size_t longest_run(const std::vector<std::int64_t>& dods, bool (*in_run)(std::int64_t)) {
    std::size_t longest = 0, run = 0;
    for (std::int64_t d : dods) longest = std::max(longest, run = in_run(d) ? run + 1 : 0);
    return longest;
}

std::string null_bitmap_size_class(std::size_t bytes) {
    if (bytes >= th::kLoadBytes && bytes % th::kLoadBytes == 0) return "null bitmap whole 8-byte words";
    return side_of("null bitmap bytes", bytes, th::kLoadBytes);
}

}  // namespace

const std::vector<std::int64_t> kBoundaryDods{
    0,    1,     -1,    63,   64,    65,    -63,   -64,       -65,       255,           256,          257,
    -255, -256, -257,  2047, 2048,  2049,  -2047, -2048,     -2049,     kInt32Max,     kInt32Min,    kInt32Max - 1,
    kInt32Min + 1,      65536, -1000000, kInt32Max + 1LL, kInt32Min - 1LL};

std::int64_t wrap_add(std::int64_t a, std::int64_t b) {
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
}

std::vector<std::int64_t> series_from_dods(std::int64_t t0, std::int64_t t1, const std::vector<std::int64_t>& dods) {
    std::vector<std::int64_t> ts{t0, t1};
    ts.reserve(2 + dods.size());
    std::int64_t delta = static_cast<std::int64_t>(static_cast<std::uint64_t>(t1) - static_cast<std::uint64_t>(t0));
    for (std::int64_t dod : dods) {
        delta = wrap_add(delta, dod);
        ts.push_back(wrap_add(ts.back(), delta));
    }
    return ts;
}

std::int64_t start(Source& s) {
    switch (s.weighted({4, 2, 1})) {
        case 0: return s.range(1'600'000'000'000'000, 1'800'000'000'000'000);
        case 1: return static_cast<std::int64_t>(s.bits());
        default: return s.pick(kExtremes);
    }
}

Encode::Input ColumnProducer::build(Source& s, const EncodeProfile& profile) {
    const std::vector<std::int64_t> ts = series(s);
    // A bitmap without nulls only where the profile's encoder can be asked for one (Encode::outside_domain).
    const bool force_bitmap = s.choose(4) == 0 && profile.null_flag == NullFlagWriting::as_column_says;
    return {make_column(rows_of(s, ts), force_bitmap), s.choose(5) != 0, profile};
}

std::vector<std::string> ColumnProducer::classes() {
    std::vector<std::string> all;
    for (const auto& more : {sides("codes", th::kFastRegionCodes), sides("longest zero run", th::kCountedZeroRunMin),
                             sides("longest 36-bit code run", th::kWideCodeWindowsPerStep)})
        all.insert(all.end(), more.begin(), more.end());
    // A bitmap of exactly 8 bytes is a whole word: its own class below.
    all.push_back(side_of("null bitmap bytes", 0, th::kLoadBytes));
    all.push_back(side_of("null bitmap bytes", th::kLoadBytes + 1, th::kLoadBytes));
    for (const char* c : {"bucket zero", "bucket 7-bit", "bucket 9-bit", "bucket 12-bit", "bucket 32-bit", "dod beyond int32",
                          "no null bitmap", "null bitmap without nulls", "all rows null", "null bitmap whole 8-byte words",
                          "raw encoding flag", "fewer than 3 values", "exact dod beyond int32, wrapped inside"})
        all.emplace_back(c);
    all.push_back(fmt::format("codes >={}", kManyCodes));
    all.push_back(fmt::format("longest zero run >={}", kLongZeroRun));
    return all;
}

std::vector<std::string> ColumnProducer::classes_of(const Encode::Input& in) {
    const Column& c = in.column;
    const std::vector<std::int64_t> dods = dods_of(c.values);
    std::vector<std::string> out{side_of("codes", dods.size(), th::kFastRegionCodes),
                                 side_of("longest zero run", longest_run(dods, [](std::int64_t d) { return d == 0; }),
                                         th::kCountedZeroRunMin),
                                 side_of("longest 36-bit code run",
                                         longest_run(dods, [](std::int64_t d) { return bucket_of(d) == "bucket 32-bit"; }),
                                         th::kWideCodeWindowsPerStep)};
    for (std::int64_t d : dods) out.push_back(bucket_of(d));
    if (dods.size() >= kManyCodes) out.push_back(fmt::format("codes >={}", kManyCodes));
    if (longest_run(dods, [](std::int64_t d) { return d == 0; }) >= kLongZeroRun)
        out.push_back(fmt::format("longest zero run >={}", kLongZeroRun));
    if (!c.has_null_bitmap) {
        out.emplace_back("no null bitmap");
    } else {
        out.push_back(null_bitmap_size_class(c.null_bitmap.size()));
        if (c.values.size() == c.row_count) out.emplace_back("null bitmap without nulls");
        if (c.values.empty() && c.row_count > 0) out.emplace_back("all rows null");
    }
    if (!in.gorilla_flag) out.emplace_back("raw encoding flag");
    if (c.values.size() < 3) out.emplace_back("fewer than 3 values");
    const EncodeProfile& exact = kEncodeProfiles[2];
    static_assert(kEncodeProfiles[2].arithmetic == DodArithmetic::exact);
    if (reference::encode(c, true) != reference::encode(c, true, exact)) out.emplace_back("exact dod beyond int32, wrapped inside");
    return out;
}

Decode::Input BodyProducer::build(Source& s) {
    const Encode::Input col = ColumnProducer::build(s);
    Decode::Input in{reference::encode(col.column, col.gorilla_flag), {col.column.row_count, col.gorilla_flag},
                     s.pick(kProfiles)};
    Bytes& body = in.body;
    switch (s.weighted({3, 3, 3, 2, 1, 1, 1, 1})) {
        case 0: break;
        case 1:  // the padding bits of the null bitmap's last byte set: a decoder must ignore them
            if (col.column.has_null_bitmap && col.column.row_count % 8 != 0) {
                const std::size_t last = col.column.null_bitmap.size();
                const auto padding = (0xFFu << (col.column.row_count % 8)) & static_cast<unsigned>(s.range(1, 255));
                body[last] = static_cast<std::uint8_t>(body[last] | padding);
            }
            break;
        case 2: body.resize(s.size_in(0, body.size())); break;  // cut short
        case 3:
            if (!body.empty()) body[s.choose(body.size())] = static_cast<std::uint8_t>(s.range(0, 255));
            break;
        case 4:
            if (!body.empty()) body[0] = static_cast<std::uint8_t>(s.pick({0, 1, 2, 0x80, 0xFF}));
            break;
        case 5:  // no column at all
            body = s.bytes(s.size_in(0, 3 * th::kFastRegionBytes));
            in.framing = {static_cast<std::uint64_t>(s.range(0, 3000)), s.flip()};
            break;
        case 6:  // a frame row count at a profile's cap or past what any body holds (§3.1a, §1.6)
            in.framing.row_count = s.pick({kClientMaxRowsPerBatch, kClientMaxRowsPerBatch + 1, std::uint64_t{1} << 32, UINT64_MAX});
            break;
        default:  // enc_flag 0x01 over fewer than 3 values, which no encoder writes (§4 D2)
            if (col.gorilla_flag && col.column.values.size() < 3) body[1 + col.column.null_bitmap.size()] = 0x01;
    }
    return in;
}

std::vector<std::string> BodyProducer::classes() {
    std::vector<std::string> all;
    for (std::string_view e : kErrorClassNames) all.push_back(fmt::format("reference answers {}", e));
    for (const char* c : {"null bitmap whole 8-byte words with padding bits set", "null bitmap of 8+ bytes with padding bits set"})
        all.emplace_back(c);
    for (const std::string& c : sides("body bytes", th::kFastRegionBytes)) all.push_back(c);
    for (const Profile& p : kProfiles) all.push_back(fmt::format("profile {}", p.name));
    return all;
}

std::vector<std::string> BodyProducer::classes_of(const Decode::Input& in) {
    std::vector<std::string> out{
        fmt::format("reference answers {}", name_of(reference::decode(in.body, in.framing, in.profile).error)),
        side_of("body bytes", in.body.size(), th::kFastRegionBytes), fmt::format("profile {}", in.profile.name)};
    const std::uint64_t rows = in.framing.row_count;
    const std::uint64_t bitmap_bytes = (rows + 7) / 8;
    if (!in.body.empty() && in.body[0] != 0 && rows % 8 != 0 && bitmap_bytes >= th::kLoadBytes &&
        in.body.size() > bitmap_bytes && (in.body[bitmap_bytes] >> (rows % 8)) != 0) {
        out.emplace_back("null bitmap of 8+ bytes with padding bits set");
        if (bitmap_bytes % th::kLoadBytes == 0) out.emplace_back("null bitmap whole 8-byte words with padding bits set");
    }
    return out;
}

}  // namespace tsc::qwp::inputs
