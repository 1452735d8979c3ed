// Google Benchmark of the QWP Gorilla timestamp codecs on 10,000-row columns (no nulls, FLAG_GORILLA
// set): the bit-at-a-time reference against the fast subject in both variants, plus an "iota" fill of
// an output buffer of the same size (the ceiling: storing 10,000 int64s and nothing else).
//
// Workloads:
//   constant   interval 1000                 every delta-of-delta 0 (1-bit codes, one long run)
//   jittered   interval 1000 ± up to 20      delta-of-deltas in [−40, 40] (mostly the 9-bit code)
//   irregular  random intervals in [0, 1e9]  delta-of-deltas up to ±1e9 (the 36-bit code)
//
// After the runs, a table of values/s per workload and the fast/reference ratios is printed.
// Usual Google Benchmark flags apply (e.g. --benchmark_filter=decode/jittered).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <unistd.h>

#include "reference/qwp_gorilla/reference.hpp"
#include "subjects/fast/qwp_gorilla/codec.hpp"

namespace {

using tsc::qwp::Column;
using tsc::qwp::Framing;

constexpr std::size_t kRows = 10'000;
constexpr std::int64_t kStart = 1'700'000'000'000'000;  // microseconds, 2023

struct Workload {
    std::string name;
    Column column;
    tsc::Bytes body;  // the reference's encoding
};

Column make_column(const std::string& kind) {
    std::mt19937_64 rng(42);
    Column c;
    c.row_count = kRows;
    std::int64_t t = kStart;
    for (std::size_t i = 0; i < kRows; ++i) {
        c.values.push_back(t);
        if (kind == "constant") {
            t += 1000;
        } else if (kind == "jittered") {
            t += 1000 + static_cast<std::int64_t>(rng() % 41) - 20;
        } else {
            t += static_cast<std::int64_t>(rng() % 1'000'000'001);
        }
    }
    return c;
}

std::vector<Workload>& workloads() {
    static std::vector<Workload> w = [] {
        std::vector<Workload> out;
        for (const char* kind : {"constant", "jittered", "irregular"}) {
            Workload wl{kind, make_column(kind), {}};
            wl.body = tsc::qwp::reference::encode(wl.column, true);
            out.push_back(std::move(wl));
        }
        return out;
    }();
    return w;
}

[[noreturn]] void die(const std::string& what) {
    std::fprintf(stderr, "qwp_gorilla_bench: %s\n", what.c_str());
    std::exit(1);
}

// The benchmark measures nothing useful unless the fast codec agrees with the reference.
void verify(const Workload& w) {
    if (w.body.size() < 19 || w.body[1] != 0x01) die(w.name + ": the reference did not choose Gorilla");
    const Framing framing{kRows, true};
    const tsc::qwp::DecodeOutcome ref = tsc::qwp::reference::decode(w.body, framing, tsc::qwp::kDefaultProfile);
    if (!ref.ok() || ref.column.values != w.column.values) die(w.name + ": reference round trip failed");
    auto check = [&](auto& codec, const char* variant) {
        const auto err = codec.decoder.decode(w.body, framing, tsc::qwp::kDefaultProfile);
        const auto v = codec.decoder.values();
        if (err != tsc::qwp::ErrorClass::ok || codec.decoder.consumed() != ref.consumed ||
            std::vector<std::int64_t>(v.begin(), v.end()) != ref.column.values)
            die(w.name + ": " + variant + " decode differs from the reference");
        const auto bytes = codec.encoder.encode(w.column, true, tsc::qwp::kCanonicalEncodeProfile);
        if (tsc::Bytes(bytes.begin(), bytes.end()) != w.body) die(w.name + ": " + variant + " encode differs");
    };
    tsc::subjects::fast::QwpGorillaCodec<false> native;
    tsc::subjects::fast::QwpGorillaCodec<true> portable;
    check(native, "fast");
    check(portable, "fast-portable");
}

// ---- the benchmarks -------------------------------------------------------------------------------

void decode_reference(benchmark::State& state, const Workload* w) {
    const Framing framing{kRows, true};
    for (auto _ : state) {
        tsc::qwp::DecodeOutcome out = tsc::qwp::reference::decode(w->body, framing, tsc::qwp::kDefaultProfile);
        benchmark::DoNotOptimize(out.column.values.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kRows));
}

template <bool kPortable>
void decode_fast(benchmark::State& state, const Workload* w) {
    const Framing framing{kRows, true};
    tsc::subjects::fast::QwpGorillaDecoder<kPortable> decoder;
    for (auto _ : state) {
        const tsc::qwp::ErrorClass err = decoder.decode(w->body, framing, tsc::qwp::kDefaultProfile);
        benchmark::DoNotOptimize(err);
        benchmark::DoNotOptimize(decoder.values().data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kRows));
}

// The ceiling: write 10,000 int64 timestamps into a buffer of the same size, no decoding at all
// (two 2-lane vectors, as the decoder's own run fill does).
void iota_fill(benchmark::State& state, const Workload*) {
    using V2 = std::uint64_t __attribute__((vector_size(16)));
    std::vector<std::int64_t> out(kRows + 4);
    std::uint64_t start = static_cast<std::uint64_t>(kStart);
    for (auto _ : state) {
        benchmark::DoNotOptimize(start);
        std::int64_t* const o = out.data();
        V2 a = {start, start + 1000};
        V2 b = {start + 2000, start + 3000};
        const V2 step = {4000, 4000};
        for (std::size_t k = 0; k < kRows; k += 4) {
            std::memcpy(o + k, &a, 16);
            std::memcpy(o + k + 2, &b, 16);
            a += step;
            b += step;
        }
        benchmark::DoNotOptimize(o);
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kRows));
}

void encode_reference(benchmark::State& state, const Workload* w) {
    for (auto _ : state) {
        tsc::Bytes out = tsc::qwp::reference::encode(w->column, true);
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kRows));
}

// kExact: the typescript encoder profile, whose exact delta-of-delta test is one more pass (§4 D4).
template <bool kPortable, bool kExact = false>
void encode_fast(benchmark::State& state, const Workload* w) {
    tsc::subjects::fast::QwpGorillaEncoder<kPortable> encoder;
    const tsc::qwp::EncodeProfile& profile = tsc::qwp::kEncodeProfiles[kExact ? 2 : 0];
    static_assert(tsc::qwp::kEncodeProfiles[2].arithmetic == tsc::qwp::DodArithmetic::exact);
    for (auto _ : state) {
        const auto out = encoder.encode(w->column, true, profile);
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kRows));
}

// ---- the summary table ----------------------------------------------------------------------------

// Prints the usual console output and remembers items/s per benchmark name (the median when
// repetitions are asked for, otherwise the last run).
class TableReporter : public benchmark::ConsoleReporter {
public:
    using ConsoleReporter::ConsoleReporter;

    void ReportRuns(const std::vector<Run>& runs) override {
        ConsoleReporter::ReportRuns(runs);
        for (const Run& r : runs) {
            const auto it = r.counters.find("items_per_second");
            if (it == r.counters.end() || r.error_occurred) continue;
            if (r.run_type == Run::RT_Aggregate && r.aggregate_name != "median") continue;
            rates_[r.run_name.function_name] = it->second.value;
        }
    }
    double rate(const std::string& name) const {
        const auto it = rates_.find(name);
        return it == rates_.end() ? 0.0 : it->second;
    }

private:
    std::map<std::string, double> rates_;
};

std::string si(double v) {
    char buf[32];
    if (v <= 0) return "-";
    if (v >= 1e9) std::snprintf(buf, sizeof buf, "%.2f G", v / 1e9);
    else if (v >= 1e6) std::snprintf(buf, sizeof buf, "%.1f M", v / 1e6);
    else std::snprintf(buf, sizeof buf, "%.1f k", v / 1e3);
    return buf;
}

std::string ratio(double a, double b) {
    char buf[32];
    if (a <= 0 || b <= 0) return "-";
    std::snprintf(buf, sizeof buf, "%.1fx", a / b);
    return buf;
}

void print_table(const TableReporter& rep) {
    std::printf("\nQWP Gorilla, %zu rows, values/s\n", kRows);
    std::printf("%-10s | %-10s %-10s %-13s %-10s %-9s | %-10s %-10s %-13s %-9s %-10s\n", "workload", "decode:ref",
                "fast", "fast-portable", "iota", "fast/ref", "encode:ref", "fast", "fast-portable", "fast/ref",
                "fast exact");
    for (const Workload& w : workloads()) {
        const double dr = rep.rate("decode/" + w.name + "/reference");
        const double df = rep.rate("decode/" + w.name + "/fast");
        const double dp = rep.rate("decode/" + w.name + "/fast-portable");
        const double io = rep.rate("decode/" + w.name + "/iota");
        const double er = rep.rate("encode/" + w.name + "/reference");
        const double ef = rep.rate("encode/" + w.name + "/fast");
        const double ep = rep.rate("encode/" + w.name + "/fast-portable");
        const double ex = rep.rate("encode/" + w.name + "/fast-exact");
        std::printf("%-10s | %-10s %-10s %-13s %-10s %-9s | %-10s %-10s %-13s %-9s %-10s\n", w.name.c_str(),
                    si(dr).c_str(), si(df).c_str(), si(dp).c_str(), si(io).c_str(), ratio(df, dr).c_str(),
                    si(er).c_str(), si(ef).c_str(), si(ep).c_str(), ratio(ef, er).c_str(), si(ex).c_str());
    }
}

}  // namespace

int main(int argc, char** argv) {
    for (const Workload& w : workloads()) verify(w);
    for (const Workload& w : workloads()) {
        const Workload* p = &w;
        benchmark::RegisterBenchmark(("decode/" + w.name + "/reference").c_str(), decode_reference, p);
        benchmark::RegisterBenchmark(("decode/" + w.name + "/fast").c_str(), decode_fast<false>, p);
        benchmark::RegisterBenchmark(("decode/" + w.name + "/fast-portable").c_str(), decode_fast<true>, p);
        benchmark::RegisterBenchmark(("decode/" + w.name + "/iota").c_str(), iota_fill, p);
        benchmark::RegisterBenchmark(("encode/" + w.name + "/reference").c_str(), encode_reference, p);
        benchmark::RegisterBenchmark(("encode/" + w.name + "/fast").c_str(), encode_fast<false>, p);
        benchmark::RegisterBenchmark(("encode/" + w.name + "/fast-portable").c_str(), encode_fast<true>, p);
        benchmark::RegisterBenchmark(("encode/" + w.name + "/fast-exact").c_str(), encode_fast<false, true>, p);
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    // Colour only on a terminal, so that redirected output stays plain text.
    TableReporter reporter(isatty(fileno(stdout)) ? benchmark::ConsoleReporter::OO_ColorTabular
                                                  : benchmark::ConsoleReporter::OO_Tabular);
    benchmark::RunSpecifiedBenchmarks(&reporter);
    print_table(reporter);
    benchmark::Shutdown();
    return 0;
}
