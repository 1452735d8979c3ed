// A fuzz target's input layout, defined once: how the bytes a fuzzer gives become an operation's
// input (`decode`), and how an input becomes those bytes (`encode`). The seed corpus is written from
// the golden vectors with `encode` (`tsconform fuzz-input seeds`), one file per vector and profile,
// named after them, and a test checks that every seed decodes back to the vector it came from.
//
// A layout `L` has:
//   static constexpr std::array<std::string_view, N> targets;  // the fuzz target, fuzz/<target>.cpp,
//                                                      // then those that take the same seeds
//   using Op = ...;                                     // the operation the target checks
//   static std::optional<Op::Input> decode(ByteView);   // nullopt: too short to mean anything
//   static std::optional<Bytes> encode(const Op::Input&);  // nullopt: the layout cannot hold it
//   and optionally static std::vector<std::pair<std::string, Op::Input>> more_inputs(const Vector&);
#pragma once

#include <concepts>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/harness/vectors.hpp"

namespace tsc {

template <class L>
concept FuzzLayout = Operation<typename L::Op> && requires(ByteView bytes, const typename L::Op::Input& input) {
    { L::targets[0] } -> std::convertible_to<std::string_view>;
    { L::decode(bytes) } -> std::same_as<std::optional<typename L::Op::Input>>;
    { L::encode(input) } -> std::same_as<std::optional<Bytes>>;
};

// The layouts of one family (a family struct's `FuzzInputs`; they may be incomplete types there).
template <class... Layouts>
struct FuzzInputs {
    template <class F>
    static void each(F&& f) {
        static_assert((FuzzLayout<Layouts> && ...));
        (f.template operator()<Layouts>(), ...);
    }
};

// One seed: the file name (`<vector>` or `<vector>.<profile>`) and its bytes.
struct Seed {
    std::string name;
    Bytes bytes;
};

inline std::string seed_name(const Vector& v, std::string_view profile) {
    return profile.empty() ? v.name : v.name + "." + std::string(profile);
}

// An input a vector gives the layout's operation, with the name of its seed.
template <FuzzLayout L>
struct NamedInput {
    std::string name;
    typename L::Op::Input input;
};

// Every input the vectors give the layout's operation: each vector of that operation under each of
// its profiles and, when the layout has `more_inputs(const Vector&)`, what it derives from vectors of
// other operations (e.g. a parser's input from a serializer's expected bytes).
template <FuzzLayout L>
std::vector<NamedInput<L>> inputs_of(const std::vector<Vector>& vectors) {
    using Op = typename L::Op;
    std::vector<NamedInput<L>> inputs;
    for (const Vector& v : vectors) {
        if (v.op == Op::name) {
            for (auto& [profile, input] : checked_inputs<Op>(v)) inputs.push_back({seed_name(v, profile), std::move(input)});
        } else if constexpr (requires { L::more_inputs(v); }) {
            if (v.outside_domain) continue;  // the fuzz targets check inputs the profiles' clients can hold
            for (auto& [profile, input] : L::more_inputs(v))
                inputs.push_back({seed_name(v, profile), std::move(input)});
        }
    }
    return inputs;
}

// The seeds of every input the layout can hold.
template <FuzzLayout L>
std::vector<Seed> seeds_of(const std::vector<Vector>& vectors) {
    std::vector<Seed> seeds;
    for (const NamedInput<L>& in : inputs_of<L>(vectors))
        if (auto bytes = L::encode(in.input)) seeds.push_back({in.name, std::move(*bytes)});
    return seeds;
}

// The little-endian integers of the layouts: `width` bytes at `at` (the caller checked they are
// there), and appended.
std::uint64_t little_endian_at(ByteView bytes, std::size_t at, std::size_t width);
void append_little_endian(Bytes& out, std::uint64_t value, std::size_t width);

// Reads a layout front to back; a read past the end fails (false) and consumes nothing.
class LayoutReader {
public:
    explicit LayoutReader(ByteView in) : in_(in) {}
    bool byte(std::uint8_t& b) { return take_as(1, b); }
    // `width` bytes, little-endian, as T (an unsigned value of `width` bytes cast to T).
    template <class T>
    bool little_endian(std::size_t width, T& v) { return take_as(width, v); }
    bool take(std::size_t n, Bytes& out) {
        if (n > remaining()) return false;
        out.assign(in_.begin() + static_cast<std::ptrdiff_t>(pos_), in_.begin() + static_cast<std::ptrdiff_t>(pos_ + n));
        pos_ += n;
        return true;
    }
    std::size_t remaining() const { return in_.size() - pos_; }

private:
    template <class T>
    bool take_as(std::size_t width, T& v) {
        if (width > remaining()) return false;
        v = static_cast<T>(little_endian_at(in_, pos_, width));
        pos_ += width;
        return true;
    }
    ByteView in_;
    std::size_t pos_ = 0;
};

// corpora/seeds/ of the source tree.
std::filesystem::path seed_folder();
// A seed folder holds each golden vector's seed, named after the vector, and the inputs a fuzzing
// campaign found to add coverage (`ci/fuzz.sh merge`), named by their SHA-1 as libFuzzer names
// corpus files: 40 lowercase hex digits, which no vector name is.
bool is_campaign_input(std::string_view file_name);
void write_file(const std::filesystem::path& path, ByteView bytes);
Bytes read_file(const std::filesystem::path& path);

}  // namespace tsc

namespace tsc {

// Replaces the vector seeds in <out>/<target>/ of every seed target of the layout with the seeds of
// `vectors`, keeping the campaign inputs; returns the number of seeds per target.
template <FuzzLayout L>
std::size_t write_seed_corpus(const std::vector<Vector>& vectors, const std::filesystem::path& out) {
    const std::vector<Seed> seeds = seeds_of<L>(vectors);
    for (const std::string_view target : L::targets) {
        std::filesystem::create_directories(out / target);
        for (const auto& entry : std::filesystem::directory_iterator(out / target))
            if (!is_campaign_input(entry.path().filename().string())) std::filesystem::remove_all(entry.path());
        for (const Seed& s : seeds) write_file(out / target / s.name, s.bytes);
    }
    return seeds.size();
}

}  // namespace tsc
