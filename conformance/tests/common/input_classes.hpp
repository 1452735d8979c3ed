// The histogram check of a family's input producer (conformance/inputs/producer.hpp): 10,000 inputs
// from each adapter (seeded, RapidCheck across its sizes, FuzzedDataProvider over random bytes) must
// reach every class the producer declares.
#pragma once

#include <map>
#include <random>
#include <set>

#include <fmt/format.h>
#include <fuzzer/FuzzedDataProvider.h>
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include "conformance/inputs/fuzzed_data_source.hpp"
#include "conformance/inputs/producer.hpp"
#include "conformance/inputs/rapidcheck_source.hpp"
#include "conformance/inputs/seeded_source.hpp"

namespace tsc::test {

inline constexpr int kHistogramDraws = 10'000;

template <inputs::Producer P>
void expect_every_class(std::string_view adapter, const std::map<std::string, int>& counts) {
    std::string missing;
    for (const std::string& c : P::classes())
        if (!counts.contains(c)) missing += fmt::format("  \"{}\"\n", c);
    if (missing.empty()) return;
    std::string histogram;
    for (const auto& [name, count] : counts) histogram += fmt::format("  {:>6}  {}\n", count, name);
    ADD_FAILURE() << "the " << adapter << " adapter never produced these classes in " << kHistogramDraws
                  << " draws:\n" << missing << "inputs per class:\n" << histogram;
}

template <inputs::Producer P>
void count_classes(std::map<std::string, int>& counts, const typename P::Value& value) {
    const std::vector<std::string> classes = P::classes_of(value);
    for (const std::string& c : std::set<std::string>(classes.begin(), classes.end())) ++counts[c];
}

template <inputs::Producer P>
void expect_every_class_from_every_adapter() {
    std::map<std::string, int> seeded, rapidcheck, fuzzed;
    inputs::SeededSource source(20261201);
    for (int i = 0; i < kHistogramDraws; ++i) count_classes<P>(seeded, P::build(source));
    const auto gen = rc::gen::exec([] {
        inputs::RapidCheckSource rc_source;
        return P::build(rc_source);
    });
    for (int i = 0; i < kHistogramDraws; ++i)
        count_classes<P>(rapidcheck, gen(rc::Random(static_cast<std::uint64_t>(i)), i % (rc::kNominalSize + 1)).value());
    std::mt19937_64 bytes(7);
    for (int i = 0; i < kHistogramDraws; ++i) {
        Bytes data(bytes() % 4097);
        for (std::uint8_t& b : data) b = static_cast<std::uint8_t>(bytes());
        FuzzedDataProvider provider(data.data(), data.size());
        inputs::FuzzedDataSource fuzzed_source(provider);
        count_classes<P>(fuzzed, P::build(fuzzed_source));
    }
    expect_every_class<P>("seeded", seeded);
    expect_every_class<P>("RapidCheck", rapidcheck);
    expect_every_class<P>("FuzzedDataProvider", fuzzed);
}

}  // namespace tsc::test
