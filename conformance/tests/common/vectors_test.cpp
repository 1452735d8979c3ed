// The vector envelope's profiles: a vector that names none holds for every profile of its operation
// but those `except` names, a name its operation does not have is refused with its path, and every
// profile of every operation runs enough vectors to be pinned by them.
#include <set>

#include <gtest/gtest.h>

#include "conformance/harness/input_error.hpp"
#include "conformance/harness/vectors.hpp"
#include "families.hpp"

namespace tsc {
namespace {

// A family of two operations: `op` with profiles a, b, c, and `plain` with none.
std::optional<std::vector<std::string_view>> profiles_of(std::string_view op) {
    if (op == "op") return std::vector<std::string_view>{"a", "b", "c"};
    if (op == "plain") return std::vector<std::string_view>{};
    return std::nullopt;
}

std::vector<std::string> profiles_of_vector(const std::string& fields) {
    const std::string text = R"({"family": "f", "vectors": [{"name": "v", "source": "s", "input": {}, "expect": {}, )" +
                             fields + "}]}";
    return parse_vectors(text, "f", profiles_of).at(0).profiles;
}

void expect_refused(const std::string& fields, const std::string& message) {
    try {
        profiles_of_vector(fields);
        ADD_FAILURE() << fields << " accepted; expected: " << message;
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
}

using Names = std::vector<std::string>;

TEST(VectorProfiles, NoneListedIsEveryProfileOfTheOperation) {
    EXPECT_EQ(profiles_of_vector(R"("op": "op")"), (Names{"a", "b", "c"}));
    EXPECT_EQ(profiles_of_vector(R"("op": "plain")"), Names{});
}

TEST(VectorProfiles, ExceptLeavesOut) {
    EXPECT_EQ(profiles_of_vector(R"("op": "op", "except": ["b"])"), (Names{"a", "c"}));
}

TEST(VectorProfiles, ListedIsThoseOnly) {
    EXPECT_EQ(profiles_of_vector(R"("op": "op", "profiles": ["c", "a"])"), (Names{"c", "a"}));
}

TEST(VectorProfiles, ANameTheOperationDoesNotHaveIsRefused) {
    expect_refused(R"("op": "op", "profiles": ["a", "d"])", "vectors[0].profiles[1]");
    expect_refused(R"("op": "op", "except": ["d"])", "a profile of the operation (a, b, c)");
    expect_refused(R"("op": "plain", "profiles": ["a"])", "the operation has no profiles");
    expect_refused(R"("op": "nothing")", "vectors[0].op");
}

TEST(VectorProfiles, ExceptBesideProfilesOrExceptingAllIsRefused) {
    expect_refused(R"("op": "op", "profiles": ["a"], "except": ["b"])", "no `except` beside `profiles`");
    expect_refused(R"("op": "op", "except": ["a", "b", "c"])", "a list that leaves a profile to run");
}

// A profile that runs few vectors is barely pinned: a rule of its own could change and no vector
// would notice. Outside-domain vectors are not run, so they do not count.
constexpr std::size_t kAtLeast = 20;

TEST(VectorProfiles, EveryProfileRunsAtLeastTwentyVectors) {
    AllFamilies::each([]<class F>() {
        const std::vector<Vector> vectors = load_vectors<F>();
        F::each([&]<class Op>() {
            std::vector<std::string_view> profiles = Op::profiles();
            if (profiles.empty()) profiles.push_back("");
            for (std::string_view p : profiles) {
                std::size_t runs = 0;
                for (const Vector& v : vectors)
                    if (v.op == Op::name && !v.outside_domain &&
                        (p.empty() || std::find(v.profiles.begin(), v.profiles.end(), p) != v.profiles.end()))
                        ++runs;
                EXPECT_GE(runs, kAtLeast) << F::family << " " << Op::name << " profile `" << p << "` runs " << runs
                                          << " vectors";
            }
        });
    });
}

// A vector run under a profile whose client cannot hold its input would be a check that is never
// sent (conform counts it outside the domain): such a profile belongs in `except`. A hostile size
// (max_alloc_bytes) is the exception: it is past every client's domain on purpose, and checks in
// process that a subject refuses it without allocating.
TEST(VectorProfiles, NoVectorRunsUnderAProfileWhoseDomainLeavesItOut) {
    AllFamilies::each([]<class F>() {
        for (const Vector& v : load_vectors<F>())
            F::with(v.op, [&]<class Op>() {
                if (v.limits.max_alloc_bytes) return;
                if constexpr (requires(const typename Op::Input& in) { Op::outside_domain(in); })
                    for (const auto& [profile, input] : checked_inputs<Op>(v))
                        if (const std::optional<std::string> why = Op::outside_domain(input))
                            ADD_FAILURE() << vector_check_name(F::family, v) << " runs under profile `" << profile
                                          << "`, which cannot hold it (" << *why << "): list it in `except`";
            });
    });
}

// A check is named by its vector and profile, so two vectors of one name must not share a profile.
TEST(VectorProfiles, NoTwoVectorsOfAnOperationShareANameUnderOneProfile) {
    AllFamilies::each([]<class F>() {
        std::set<std::string> names;
        for (const Vector& v : load_vectors<F>())
            for (const std::string& p : v.profiles.empty() ? std::vector<std::string>{""} : v.profiles)
                EXPECT_TRUE(names.insert(vector_check_name(F::family, v) + "@" + p).second)
                    << vector_check_name(F::family, v) << " twice under profile `" << p << "`";
    });
}

}  // namespace
}  // namespace tsc
