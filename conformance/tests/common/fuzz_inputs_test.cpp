// Every fuzz target's seed corpus (corpora/seeds/<target>/) is what its one layout definition makes
// of the golden vectors: each vector's seed is there with those bytes, decodes back to the vector's
// input, and every other file is a campaign input (`ci/fuzz.sh merge`) named by its SHA-1
// (`ci/regen.sh` rewrites the vector seeds and keeps those).
#include <set>

#include <gtest/gtest.h>

#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/fuzz_input.hpp"
#include "families.hpp"

namespace tsc {
namespace {

template <FuzzLayout L>
void expect_seed_corpus(const std::vector<Vector>& vectors) {
    using Op = typename L::Op;
    const std::vector<Seed> seeds = seeds_of<L>(vectors);
    EXPECT_FALSE(seeds.empty()) << L::targets[0] << ": no vector fits the layout";
    const std::string fix = "rewrite the corpus with: ci/regen.sh";
    for (const std::string_view target : L::targets) {
        std::set<std::string> expected;
        for (const Seed& s : seeds) {
            expected.insert(s.name);
            const std::filesystem::path path = seed_folder() / target / s.name;
            ASSERT_TRUE(std::filesystem::exists(path)) << path << " is missing; " << fix;
            EXPECT_EQ(to_hex(read_file(path)), to_hex(s.bytes)) << path << " is not the vector's seed; " << fix;
        }
        for (const auto& entry : std::filesystem::directory_iterator(seed_folder() / target))
            EXPECT_TRUE(expected.count(entry.path().filename().string()) ||
                        is_campaign_input(entry.path().filename().string()))
                << entry.path() << " comes from no vector and is not named as a campaign input (its SHA-1); " << fix;
    }
    // Decoding a vector's seed gives back the vector's input.
    for (const NamedInput<L>& in : inputs_of<L>(vectors)) {
        const auto bytes = L::encode(in.input);
        if (!bytes) continue;
        const auto decoded = L::decode(*bytes);
        ASSERT_TRUE(decoded.has_value()) << L::targets[0] << "/" << in.name << " does not decode";
        EXPECT_EQ(Op::input_json(*decoded), Op::input_json(in.input)) << L::targets[0] << "/" << in.name;
        EXPECT_EQ(Op::profile(*decoded), Op::profile(in.input)) << L::targets[0] << "/" << in.name;
    }
}

TEST(FuzzInputs, EverySeedIsItsVectorInTheTargetsLayout) {
    AllFamilies::each([]<class F>() {
        if constexpr (requires { typename F::FuzzInputs; }) {
            const std::vector<Vector> vectors = load_vectors<F>();
            F::FuzzInputs::each([&]<class L>() { expect_seed_corpus<L>(vectors); });
        }
    });
}

}  // namespace
}  // namespace tsc
