// Google Benchmark of TsFile Tablet.serialize / deserialize: the byte-at-a-time reference against the
// fast subject in both variants, and a plain memcpy of the same byte count (the ceiling: moving the
// serialized bytes and doing nothing else).
//
// Workloads:
//   double   20 DOUBLE columns × 1,000 rows, no nulls (no bitmaps), timestamps   (seed 003's hot case)
//   mixed    10 columns of every tablet type (BOOLEAN … STRING) × 1,000 rows, ~10% nulls with
//            bitmaps (API-mode padding), TEXT/STRING/BLOB cells of 0-16 bytes, timestamps
//
// serialize = serializedSize() then serialize(ByteBuffer) at offset 8 of a reused buffer (seed 003);
// deserialize = Tablet.deserialize into a fresh model tablet.
// After the runs, a table of values/s (cells + timestamps), MB/s of serialized bytes and the
// fraction of memcpy's bandwidth is printed. Usual Google Benchmark flags apply.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "reference/tsfile_tablet/reference.hpp"
#include "subjects/fast/tsfile_tablet/decoder.hpp"
#include "subjects/fast/tsfile_tablet/encoder.hpp"

namespace {

namespace ts = tsc::tsfile;
using tsc::DataType;

constexpr std::int32_t kRows = 1000;
constexpr std::size_t kOffset = 8;  // the caller's prefix of seed 003
constexpr ts::Layout kLayout = ts::Layout::newest;

struct Workload {
    std::string name;
    ts::Tablet tablet;
    tsc::Bytes bytes;     // the reference's serialization
    std::int64_t values;  // cells + timestamps per tablet
};

ts::Schema schema(const std::string& name, DataType type) {
    return ts::Schema{name, static_cast<std::uint8_t>(type), 0, 0, {}, ts::ColumnCategory::FIELD};
}

ts::Tablet base_tablet(std::mt19937_64& rng) {
    ts::Tablet t;
    t.target = "root.bench.d1";
    t.row_size = kRows;
    t.schemas.emplace();
    t.timestamps.emplace();
    for (std::int32_t i = 0; i < kRows; ++i) t.timestamps->push_back(1'700'000'000'000 + i * 1000 + static_cast<std::int64_t>(rng() % 7));
    t.values.emplace();
    return t;
}

ts::Tablet double_tablet() {
    std::mt19937_64 rng(42);
    ts::Tablet t = base_tablet(rng);
    std::uniform_real_distribution<double> value(-1e6, 1e6);
    for (int c = 0; c < 20; ++c) {
        t.schemas->push_back(schema("d" + std::to_string(c), DataType::DOUBLE));
        ts::DoubleCells cells;
        for (std::int32_t i = 0; i < kRows; ++i) cells.push_back(std::bit_cast<std::uint64_t>(value(rng)));
        t.values->push_back(ts::Column(std::move(cells)));
    }
    return t;
}

ts::Column mixed_column(DataType type, const std::vector<bool>& nulls, std::mt19937_64& rng) {
    const auto n = static_cast<std::size_t>(kRows);
    const auto text = [&] {
        tsc::Bytes b(rng() % 17);
        for (auto& x : b) x = static_cast<std::uint8_t>('a' + rng() % 26);
        return b;
    };
    switch (type) {
        case DataType::BOOLEAN: { ts::BooleanCells v(n); for (auto& x : v) x = rng() & 1; return v; }
        case DataType::INT32: { ts::Int32Cells v(n); for (auto& x : v) x = static_cast<std::int32_t>(rng()); return v; }
        case DataType::FLOAT: { ts::FloatCells v(n); for (auto& x : v) x = std::bit_cast<std::uint32_t>(static_cast<float>(rng() % 100000) / 7.0f); return v; }
        case DataType::DOUBLE: { ts::DoubleCells v(n); for (auto& x : v) x = std::bit_cast<std::uint64_t>(static_cast<double>(rng() % 100000) / 7.0); return v; }
        case DataType::DATE: { ts::DateCells v(n); for (auto& x : v) x = ts::Date{2000 + static_cast<std::int32_t>(rng() % 30), 1 + static_cast<std::int32_t>(rng() % 12), 1 + static_cast<std::int32_t>(rng() % 28)}; return v; }
        case DataType::TEXT:
        case DataType::STRING:
        case DataType::BLOB: {
            ts::BinaryCells v;
            for (std::size_t i = 0; i < n; ++i) v.push_back(nulls[i] ? tsc::Bytes{} : text());  // Binary.EMPTY_VALUE for nulls
            return v;
        }
        default: { ts::Int64Cells v(n); for (auto& x : v) x = static_cast<std::int64_t>(rng()); return v; }
    }
}

ts::Tablet mixed_tablet() {
    std::mt19937_64 rng(7);
    ts::Tablet t = base_tablet(rng);
    t.bitmaps.emplace();
    const DataType types[] = {DataType::BOOLEAN, DataType::INT32, DataType::INT64,     DataType::FLOAT, DataType::DOUBLE,
                              DataType::TEXT,    DataType::DATE,  DataType::TIMESTAMP, DataType::BLOB,  DataType::STRING};
    for (DataType type : types) {
        t.schemas->push_back(schema(std::string(tsc::name_of(type)), type));
        std::vector<bool> nulls(kRows);
        ts::BitMap bm{1024, tsc::Bytes(1024 / 8 + 1, 0xff)};  // markAll() first, then unmark the values
        for (std::int32_t i = 0; i < kRows; ++i) {
            nulls[static_cast<std::size_t>(i)] = rng() % 10 == 0;
            if (!nulls[static_cast<std::size_t>(i)]) bm.bytes[static_cast<std::size_t>(i >> 3)] &= static_cast<std::uint8_t>(~(1u << (i & 7)));
        }
        t.bitmaps->push_back(std::move(bm));
        t.values->push_back(mixed_column(type, nulls, rng));
    }
    return t;
}

std::vector<Workload>& workloads() {
    static std::vector<Workload> w = [] {
        std::vector<Workload> out;
        for (auto& [name, t] : {std::pair{std::string("double"), double_tablet()}, std::pair{std::string("mixed"), mixed_tablet()}}) {
            Workload wl{name, t, ts::reference::serialize(t, kLayout).bytes,
                        static_cast<std::int64_t>(kRows) * static_cast<std::int64_t>(t.values->size() + 1)};
            out.push_back(std::move(wl));
        }
        return out;
    }();
    return w;
}

[[noreturn]] void die(const std::string& what) {
    std::fprintf(stderr, "tsfile_tablet_bench: %s\n", what.c_str());
    std::exit(1);
}

// The numbers mean nothing unless the fast codec agrees with the reference on the workload.
template <bool kPortable>
void verify(const Workload& w, const char* variant) {
    tsc::subjects::fast::TsfileTabletSerializer<kPortable> ser;
    const ts::SizeOutcome size = ser.size(w.tablet, kLayout);
    if (!size.ok() || size.size != w.bytes.size()) die(w.name + ": " + variant + " size differs from the reference");
    tsc::Bytes out(kOffset + size.size);
    ser.write(w.tablet, kLayout, out.data() + kOffset);
    if (!std::equal(w.bytes.begin(), w.bytes.end(), out.begin() + kOffset)) die(w.name + ": " + variant + " bytes differ");
    tsc::subjects::fast::TsfileTabletDeserializer<kPortable> de;
    const ts::DeserializeOutcome back = de.deserialize(w.bytes, kLayout);
    if (!back.ok() || !(back.tablet == ts::reference::deserialize(w.bytes, kLayout).tablet))
        die(w.name + ": " + variant + " deserialize differs from the reference");
}

void verify_all() {
    for (const Workload& w : workloads()) {
        if (w.bytes.empty()) die(w.name + ": the reference cannot serialize the workload");
        verify<false>(w, "fast");
        verify<true>(w, "fast-portable");
    }
}

void set_rates(benchmark::State& state, const Workload* w) {
    state.SetItemsProcessed(state.iterations() * w->values);
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(w->bytes.size()));
}

// ---- the benchmarks -------------------------------------------------------------------------------

void serialize_reference(benchmark::State& state, const Workload* w) {
    for (auto _ : state) {
        ts::SerializeOutcome out = ts::reference::serialize(w->tablet, kLayout);
        benchmark::DoNotOptimize(out.bytes.data());
        benchmark::ClobberMemory();
    }
    set_rates(state, w);
}

template <bool kPortable>
void serialize_fast(benchmark::State& state, const Workload* w) {
    tsc::subjects::fast::TsfileTabletSerializer<kPortable> ser;
    tsc::Bytes buffer(kOffset + w->bytes.size());
    for (auto _ : state) {
        const ts::SizeOutcome size = ser.size(w->tablet, kLayout);
        benchmark::DoNotOptimize(size.size);
        std::uint8_t* end = ser.write(w->tablet, kLayout, buffer.data() + kOffset);
        benchmark::DoNotOptimize(end);
        benchmark::ClobberMemory();
    }
    set_rates(state, w);
}

void deserialize_reference(benchmark::State& state, const Workload* w) {
    for (auto _ : state) {
        ts::DeserializeOutcome out = ts::reference::deserialize(w->bytes, kLayout);
        benchmark::DoNotOptimize(out.consumed);
        benchmark::ClobberMemory();
    }
    set_rates(state, w);
}

template <bool kPortable>
void deserialize_fast(benchmark::State& state, const Workload* w) {
    tsc::subjects::fast::TsfileTabletDeserializer<kPortable> de;
    for (auto _ : state) {
        ts::DeserializeOutcome out = de.deserialize(w->bytes, kLayout);
        benchmark::DoNotOptimize(out.consumed);
        benchmark::ClobberMemory();
    }
    set_rates(state, w);
}

// The ceiling: copy the serialized bytes into the caller's buffer at the same offset.
void memcpy_bytes(benchmark::State& state, const Workload* w) {
    tsc::Bytes buffer(kOffset + w->bytes.size());
    for (auto _ : state) {
        std::memcpy(buffer.data() + kOffset, w->bytes.data(), w->bytes.size());
        benchmark::DoNotOptimize(buffer.data());
        benchmark::ClobberMemory();
    }
    set_rates(state, w);
}

// ---- the summary table ----------------------------------------------------------------------------

// Prints the usual console output and remembers bytes/s and items/s per benchmark name (the median
// when repetitions are asked for, otherwise the last run).
class TableReporter : public benchmark::ConsoleReporter {
public:
    struct Rates {
        double items = 0, bytes = 0;
    };
    void ReportRuns(const std::vector<Run>& runs) override {
        ConsoleReporter::ReportRuns(runs);
        for (const Run& r : runs) {
            if (r.error_occurred) continue;
            if (r.run_type == Run::RT_Aggregate && r.aggregate_name != "median") continue;
            const auto items = r.counters.find("items_per_second");
            const auto bytes = r.counters.find("bytes_per_second");
            if (items == r.counters.end() || bytes == r.counters.end()) continue;
            rates_[r.run_name.function_name] = {items->second.value, bytes->second.value};
        }
    }
    Rates rate(const std::string& name) const {
        const auto it = rates_.find(name);
        return it == rates_.end() ? Rates{} : it->second;
    }

private:
    std::map<std::string, Rates> rates_;
};

std::string si(double v, const char* unit) {
    char buf[40];
    if (v <= 0) return "-";
    if (v >= 1e9) std::snprintf(buf, sizeof buf, "%.2f G%s", v / 1e9, unit);
    else if (v >= 1e6) std::snprintf(buf, sizeof buf, "%.1f M%s", v / 1e6, unit);
    else std::snprintf(buf, sizeof buf, "%.1f k%s", v / 1e3, unit);
    return buf;
}

void print_table(const TableReporter& rep) {
    std::printf("\nTsFile Tablet, layout newest, %d rows; values = cells + timestamps; share = of memcpy's bytes/s\n", kRows);
    std::printf("%-8s %-12s %-14s %14s %14s %9s\n", "tablet", "operation", "subject", "values/s", "bytes/s", "share");
    for (const Workload& w : workloads()) {
        const double ceiling = rep.rate("memcpy/" + w.name).bytes;
        for (const char* op : {"serialize", "deserialize"}) {
            for (const char* subject : {"reference", "fast", "fast-portable"}) {
                const auto r = rep.rate(std::string(op) + "/" + w.name + "/" + subject);
                std::printf("%-8s %-12s %-14s %14s %14s %8.1f%%\n", w.name.c_str(), op, subject, si(r.items, "").c_str(),
                            si(r.bytes, "B").c_str(), ceiling > 0 ? 100.0 * r.bytes / ceiling : 0.0);
            }
        }
        const auto m = rep.rate("memcpy/" + w.name);
        std::printf("%-8s %-12s %-14s %14s %14s %8.1f%%\n", w.name.c_str(), "memcpy", "-", si(m.items, "").c_str(),
                    si(m.bytes, "B").c_str(), 100.0);
    }
}

}  // namespace

int main(int argc, char** argv) {
    verify_all();
    for (Workload& w : workloads()) {
        const Workload* p = &w;
        benchmark::RegisterBenchmark(("serialize/" + w.name + "/reference").c_str(), serialize_reference, p);
        benchmark::RegisterBenchmark(("serialize/" + w.name + "/fast").c_str(), serialize_fast<false>, p);
        benchmark::RegisterBenchmark(("serialize/" + w.name + "/fast-portable").c_str(), serialize_fast<true>, p);
        benchmark::RegisterBenchmark(("deserialize/" + w.name + "/reference").c_str(), deserialize_reference, p);
        benchmark::RegisterBenchmark(("deserialize/" + w.name + "/fast").c_str(), deserialize_fast<false>, p);
        benchmark::RegisterBenchmark(("deserialize/" + w.name + "/fast-portable").c_str(), deserialize_fast<true>, p);
        benchmark::RegisterBenchmark(("memcpy/" + w.name).c_str(), memcpy_bytes, p);
    }
    benchmark::Initialize(&argc, argv);
    TableReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    print_table(reporter);
    benchmark::Shutdown();
    return 0;
}
