// The range check of seed 002 (apache/iotdb PR #18358, AlignedBitmapRangeCheckPerformanceTest): 64
// long-backed bitmaps of 64 positions, the odd ones with position 63 marked, checked round robin for a
// prefix range (start 0, length 64) and a partial one (start 1, length 63). Each variant answers
// "is any position of the range marked?":
//   reference          the bit-at-a-time reference, isRangeAnyMarked
//   legacy-copy        what the legacy AlignedTVList code did: copy getByteArray, then scan its bytes
//                      (the reference's iotdb-legacy scan over the fast-long subject's copy)
//   fast-long          the long-backed subject: a mask and a compare, prefix path or shifted word
//   fast-array         the byte-array-backed subject: 64-bit word loads
//   memcpy-9-bytes     the floor of any copying check: memcpy of the 9 bytes getByteArray returns
//   word-and-mask      the floor of any check: a bare uint64_t & mask over 64 words (no bitmap at all)
// Printed per check: CPU time (real time suffers on a shared machine) and bytes allocated (counted by
// a replaced global operator new), then one table with the ratios. Targets from the seed: fast prefix <= 0.5 ns and 0 bytes; fast partial no
// slower than the reference.
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <new>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "conformance/allocation/allocation_counter.hpp"
#include "reference/bitmap/reference.hpp"
#include "subjects/fast/bitmap/array_impl.hpp"
#include "subjects/fast/bitmap/long_impl.hpp"

namespace {

using namespace tsc;
using tsc::subjects::fast::ArrayBitmap;
using tsc::subjects::fast::LongBitmap;

constexpr int kBitmaps = 64;
constexpr std::int32_t kSize = 64;

struct Range {
    const char* name;
    std::int32_t start;
    std::int32_t length;
};
constexpr Range kRanges[] = {{"prefix(0,64)", 0, 64}, {"partial(1,63)", 1, 63}};

// The seed's bitmaps, in every representation, each kind in one contiguous array.
struct Bitmaps {
    std::vector<LongBitmap> fast_long;
    std::vector<ArrayBitmap> fast_array;
    std::vector<bitmap::reference::Bitmap> reference;
    std::vector<std::array<std::uint8_t, 9>> bytes;
    std::vector<std::uint64_t> words;

    Bitmaps() {
        for (int i = 0; i < kBitmaps; ++i) {
            fast_long.push_back(*LongBitmap::create(kSize));
            fast_array.push_back(*ArrayBitmap::create(kSize));
            reference.push_back(*bitmap::reference::Bitmap::make(kSize));
            if (i & 1) {
                fast_long.back().mark(kSize - 1);
                fast_array.back().mark(kSize - 1);
                reference.back().mark(kSize - 1);
            }
            bytes.emplace_back();
            const Bytes b = fast_long.back().byte_array();
            std::memcpy(bytes.back().data(), b.data(), b.size());
            words.push_back((i & 1) ? std::uint64_t{1} << 63 : 0);
        }
    }
};

const Bitmaps& bitmaps() {
    static const Bitmaps b;
    return b;
}

// One iteration checks all 64 bitmaps once; the counters are per check.
template <class Check>
void run_checks(benchmark::State& state, Check check) {
    std::size_t marked = 0;
    const std::size_t allocated_before = allocation::bytes();
    for (auto _ : state) {
        for (int i = 0; i < kBitmaps; ++i) marked += check(i) ? 1 : 0;
        benchmark::DoNotOptimize(marked);
        benchmark::ClobberMemory();  // the bitmaps may have changed: no hoisting of the checks
    }
    const double checks = static_cast<double>(state.iterations()) * kBitmaps;
    state.counters["bytes_per_check"] = static_cast<double>(allocation::bytes() - allocated_before) / checks;
    state.counters["marked_share"] = static_cast<double>(marked) / checks;
}

const bitmap::Profile& legacy_profile() {
    static const bitmap::Profile p = *bitmap::find_profile("iotdb-legacy");
    return p;
}

using Variant = std::function<void(benchmark::State&, const Range&)>;

// Each check reads its bitmaps and range from locals captured by value: one load per check, no calls.
const std::vector<std::pair<std::string, Variant>>& variants() {
    static const std::vector<std::pair<std::string, Variant>> v{
        {"reference", [](benchmark::State& s, const Range& r) {
             const auto& b = bitmaps().reference;
             run_checks(s, [&b, start = r.start, length = r.length](int i) {
                 return b[i].is_range_any_marked(start, length).value;
             });
         }},
        {"legacy-copy", [](benchmark::State& s, const Range& r) {
             const auto& b = bitmaps().fast_long;
             const bitmap::Profile& legacy = legacy_profile();
             run_checks(s, [&b, &legacy, start = r.start, length = r.length](int i) {
                 const auto copy = bitmap::reference::Bitmap::make({kSize, b[i].byte_array()}, legacy);
                 return copy->contains_marked_bit(start, length).value;
             });
         }},
        {"fast-long", [](benchmark::State& s, const Range& r) {
             const auto& b = bitmaps().fast_long;
             run_checks(s, [&b, start = r.start, length = r.length](int i) {
                 return b[i].is_range_any_marked(start, length).value;
             });
         }},
        {"fast-array", [](benchmark::State& s, const Range& r) {
             const auto& b = bitmaps().fast_array;
             run_checks(s, [&b, start = r.start, length = r.length](int i) {
                 return b[i].is_range_any_marked(start, length).value;
             });
         }},
        {"memcpy-9-bytes", [](benchmark::State& s, const Range&) {
             const auto& b = bitmaps().bytes;
             run_checks(s, [&b](int i) {
                 std::array<std::uint8_t, 9> copy;
                 std::memcpy(copy.data(), b[i].data(), copy.size());
                 benchmark::DoNotOptimize(copy);
                 return copy[8] != 0;
             });
         }},
        {"word-and-mask", [](benchmark::State& s, const Range& r) {
             const auto& w = bitmaps().words;
             const std::uint64_t mask = (~std::uint64_t{0} >> (64 - r.length)) << r.start;
             run_checks(s, [&w, mask](int i) { return (w[i] & mask) != 0; });
         }},
    };
    return v;
}

// Keeps every run so that one table of ratios can follow the usual output.
class CollectingReporter : public benchmark::ConsoleReporter {
public:
    void ReportRuns(const std::vector<Run>& runs) override {
        ConsoleReporter::ReportRuns(runs);
        for (const Run& r : runs) {
            const auto bytes = r.counters.find("bytes_per_check");
            results_[r.benchmark_name()] = {r.GetAdjustedCPUTime() / kBitmaps,
                                            bytes == r.counters.end() ? 0.0 : bytes->second.value};
        }
    }

    void print_summary() const {
        std::printf("\n%-16s %-16s %12s %14s %14s %14s %14s\n", "range", "variant", "ns/check", "bytes/check",
                    "x reference", "x memcpy", "x word&mask");
        for (const Range& range : kRanges) {
            const auto ref = results_.find(name(range, "reference"));
            const auto copy = results_.find(name(range, "memcpy-9-bytes"));
            const auto floor = results_.find(name(range, "word-and-mask"));
            if (ref == results_.end() || copy == results_.end() || floor == results_.end()) continue;  // filtered out
            for (const auto& [variant, _] : variants()) {
                const auto r = results_.find(name(range, variant));
                if (r == results_.end()) continue;
                std::printf("%-16s %-16s %12.3f %14.1f %14.3f %14.3f %14.3f\n", range.name, variant.c_str(),
                            r->second.ns, r->second.bytes, r->second.ns / ref->second.ns,
                            r->second.ns / copy->second.ns, r->second.ns / floor->second.ns);
            }
        }
    }

    static std::string name(const Range& range, const std::string& variant) {
        return "bitmap_range_check/" + std::string(range.name) + "/" + variant;
    }

private:
    struct Result {
        double ns;
        double bytes;
    };
    std::map<std::string, Result> results_;
};

}  // namespace

int main(int argc, char** argv) {
    for (const Range& range : kRanges)
        for (const auto& [variant, body] : variants())
            benchmark::RegisterBenchmark(CollectingReporter::name(range, variant).c_str(),
                                         [range, body = body](benchmark::State& s) { body(s, range); });
    benchmark::Initialize(&argc, argv);
    CollectingReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    reporter.print_summary();
    benchmark::Shutdown();
    return 0;
}
