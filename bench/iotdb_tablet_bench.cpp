// IoTDB insertTablet serializer and parser: reference vs fast vs fast-portable vs a plain memcpy of the same
// byte count, in one run. Reported as values/s (cells per second) and as the fraction of memcpy bandwidth
// ("of_memcpy": the bytes a case produces or reads per second over the bytes memcpy moves per second).
//
//   double:  20 DOUBLE columns × 1,000 rows, no nulls (the seed's workload), profile node
//   mixed:   every type of §1.1, 1,000 rows, about 10% nulls, short strings, profile java
//
// Build Release for numbers: cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release && ninja -C build/release iotdb_tablet_bench
#include <ctime>
#include <cstring>
#include <random>

#include <benchmark/benchmark.h>

#include "conformance/harness/iotdb_tablet/operations.hpp"
#include "conformance/harness/names.hpp"
#include "reference/iotdb_tablet/reference.hpp"
#include "subjects/fast/iotdb_tablet/decoder.hpp"
#include "subjects/fast/iotdb_tablet/encoder.hpp"

namespace {

using namespace tsc;
using namespace tsc::iotdb;

constexpr std::size_t kRows = 1000;

Tablet double_tablet() {
    std::mt19937_64 rng(42);
    Tablet t;
    for (std::size_t i = 0; i < kRows; ++i) t.timestamps.push_back(1'700'000'000'000 + static_cast<std::int64_t>(i) * 1000);
    for (int j = 0; j < 20; ++j) {
        std::vector<std::uint64_t> bits(kRows);
        for (std::uint64_t& b : bits) {
            const double v = std::uniform_real_distribution<double>(-1e6, 1e6)(rng);
            std::memcpy(&b, &v, 8);
        }
        t.columns.push_back(Column{DataType::DOUBLE, std::move(bits), Bytes(kRows, 0)});
    }
    return t;
}

Tablet mixed_tablet() {
    std::mt19937_64 rng(7);
    Tablet t;
    for (std::size_t i = 0; i < kRows; ++i) t.timestamps.push_back(1'700'000'000'000 + static_cast<std::int64_t>(i) * 1000);
    const char* tags[] = {"device_1", "device_2", "\xe4\xbd\xa0\xe5\xa5\xbd", ""};
    for (DataType type : kTabletDataTypes) {
        Column c{type, {}, Bytes(kRows, 0)};
        for (std::uint8_t& m : c.nulls) m = rng() % 10 == 0;
        switch (type) {
            case DataType::BOOLEAN: c.cells = std::vector<std::uint8_t>(kRows, 1); break;
            case DataType::INT32: c.cells = std::vector<std::int32_t>(kRows, -12345); break;
            case DataType::INT64:
            case DataType::TIMESTAMP: c.cells = std::vector<std::int64_t>(kRows, -1'234'567'890'123); break;
            case DataType::FLOAT: c.cells = std::vector<std::uint32_t>(kRows, 0x3fc00000u); break;
            case DataType::DOUBLE: c.cells = std::vector<std::uint64_t>(kRows, 0x400921fb54442d18u); break;
            case DataType::DATE: c.cells = std::vector<Date>(kRows, Date{2026, 7, 13}); break;
            default: {
                BinaryCells cells;
                for (std::size_t i = 0; i < kRows; ++i) {
                    const char* s = tags[(i / 16) % 4];  // runs of equal cells, as TAG columns have
                    cells.push_back(ByteView(reinterpret_cast<const std::uint8_t*>(s), std::strlen(s)));
                }
                c.cells = std::move(cells);
            }
        }
        t.columns.push_back(std::move(c));
    }
    return t;
}

struct Workload {
    const char* name;
    Tablet tablet;
    Profile profile;
    SerializeOutcome bytes;  // the reference's, for the parse cases and the memcpy byte count
    double memcpy_bytes_per_second = 0;
};

std::size_t cells_of(const Tablet& t) { return t.row_count() * t.columns.size(); }
std::size_t bytes_of(const SerializeOutcome& o) { return o.timestamps.size() + o.values.size(); }

// memcpy of the workload's byte count, timed directly (about 0.2 s of CPU time, the clock Google Benchmark's
// rates use), for the of_memcpy ratios.
double memcpy_rate(std::size_t bytes) {
    Bytes src(bytes, 0x5a);
    Bytes dst(bytes);
    std::size_t rounds = 0;
    const std::clock_t start = std::clock();
    double seconds = 0;
    do {
        for (int i = 0; i < 100; ++i) {
            std::memcpy(dst.data(), src.data(), bytes);
            benchmark::DoNotOptimize(dst.data());
            benchmark::ClobberMemory();
        }
        rounds += 100;
        seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
    } while (seconds < 0.2);
    return static_cast<double>(bytes) * static_cast<double>(rounds) / seconds;
}

Workload& workload(int which) {
    static Workload workloads[2] = {
        {"double", double_tablet(), record_named(kProfiles, "node", "profile"), {}},
        {"mixed", mixed_tablet(), record_named(kProfiles, "java", "profile"), {}},
    };
    Workload& w = workloads[which];
    if (w.memcpy_bytes_per_second == 0) {
        w.bytes = reference::serialize(w.tablet, {}, w.profile);
        w.memcpy_bytes_per_second = memcpy_rate(bytes_of(w.bytes));
    }
    return w;
}

void report(benchmark::State& state, const Workload& w) {
    const double bytes = static_cast<double>(bytes_of(w.bytes));
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * cells_of(w.tablet)));
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes_of(w.bytes)));
    state.counters["values/s"] = benchmark::Counter(static_cast<double>(cells_of(w.tablet)),
                                                    benchmark::Counter::kIsIterationInvariantRate);
    state.counters["of_memcpy"] =
        benchmark::Counter(bytes / w.memcpy_bytes_per_second, benchmark::Counter::kIsIterationInvariantRate);
}

void BM_serialize_reference(benchmark::State& state) {
    Workload& w = workload(static_cast<int>(state.range(0)));
    state.SetLabel(w.name);
    for (auto _ : state) benchmark::DoNotOptimize(reference::serialize(w.tablet, {}, w.profile));
    report(state, w);
}

template <bool kPortable>
void BM_serialize_fast(benchmark::State& state) {
    Workload& w = workload(static_cast<int>(state.range(0)));
    state.SetLabel(w.name);
    subjects::fast::IotdbTabletSerializer<kPortable> serializer;
    for (auto _ : state) {
        benchmark::DoNotOptimize(serializer.serialize(w.tablet, {}, w.profile));
        benchmark::DoNotOptimize(serializer.values().data());
        benchmark::ClobberMemory();
    }
    report(state, w);
}

void BM_memcpy(benchmark::State& state) {
    Workload& w = workload(static_cast<int>(state.range(0)));
    state.SetLabel(w.name);
    Bytes src(bytes_of(w.bytes), 0x5a);
    Bytes dst(src.size());
    for (auto _ : state) {
        std::memcpy(dst.data(), src.data(), src.size());
        benchmark::DoNotOptimize(dst.data());
        benchmark::ClobberMemory();
    }
    report(state, w);
}

void BM_parse_reference(benchmark::State& state) {
    Workload& w = workload(static_cast<int>(state.range(0)));
    state.SetLabel(w.name);
    const Schema schema = schema_of(w.tablet);
    for (auto _ : state)
        benchmark::DoNotOptimize(reference::parse(w.bytes.timestamps, w.bytes.values, schema, kParserProfiles[0]));
    report(state, w);
}

template <bool kPortable>
void BM_parse_fast(benchmark::State& state) {
    Workload& w = workload(static_cast<int>(state.range(0)));
    state.SetLabel(w.name);
    const Schema schema = schema_of(w.tablet);
    subjects::fast::IotdbTabletParser<kPortable> parser;
    for (auto _ : state) {
        benchmark::DoNotOptimize(parser.parse(w.bytes.timestamps, w.bytes.values, schema, kParserProfiles[0]));
        benchmark::ClobberMemory();
    }
    report(state, w);
}

BENCHMARK(BM_serialize_reference)->Arg(0)->Arg(1);
BENCHMARK(BM_serialize_fast<false>)->Name("BM_serialize_fast")->Arg(0)->Arg(1);
BENCHMARK(BM_serialize_fast<true>)->Name("BM_serialize_fast_portable")->Arg(0)->Arg(1);
BENCHMARK(BM_memcpy)->Arg(0)->Arg(1);
BENCHMARK(BM_parse_reference)->Arg(0)->Arg(1);
BENCHMARK(BM_parse_fast<false>)->Name("BM_parse_fast")->Arg(0)->Arg(1);
BENCHMARK(BM_parse_fast<true>)->Name("BM_parse_fast_portable")->Arg(0)->Arg(1);

}  // namespace

BENCHMARK_MAIN();
