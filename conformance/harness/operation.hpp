// The operation model: one thing a family's codec does (QWP decode, IoTDB serialize, BitMap program,
// ...), described once by a plain descriptor struct, and every check written once over descriptors
// (cryptofuzz's ExecutorBase<Result, Operation> is the model). A descriptor `Op` has:
//
//   static constexpr std::string_view family, name;       // "qwp_gorilla", "decode"
//   using Subject = ...;   // the family's interface (subjects/api/<family>.hpp)
//   using Input = ...;     // everything one call takes, the profile included
//   using Outcome = ...;   // what one call produced, normalized for comparison
//   static std::vector<std::string_view> profiles();    // the profile names; empty when none
//   static std::string_view profile(const Input&);      // "" when none
//   static Outcome reference(const Input&);             // the executable spec
//   static Outcome run(Subject&, const Input&);         // a subject
//   static std::optional<Difference> compare(const Outcome& expected, const Outcome& actual);
//   static Json input_json(const Input&);               // the input without its profile
//   static Input read_input(const JsonAt&, std::string_view profile);  // input_of(Json, profile) from the base
//   static Json outcome_json(const Outcome&);
//   static Outcome read_outcome(const JsonAt&);                     // outcome_of(Json) from the base
//   static std::optional<Bytes> input_bytes(const Input&);  // the bytes a decoder reads, for reports
//
// OperationBase gives the defaults: no profiles, no input bytes, the reference as the reference
// subject runs it, the error-class-first comparison of whole outcomes, and the JSON readers over a
// path-aware JsonAt (read_input, read_outcome).
// `compare` is the family's divergence policy; the JSON forms are the vectors', the protocol's and
// the CLI's (one vocabulary, json_values.hpp).
#pragma once

#include <concepts>
#include <memory>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/allocation/allocation_counter.hpp"
#include "conformance/harness/case_counter.hpp"
#include "conformance/harness/failure.hpp"
#include "conformance/harness/registry.hpp"

namespace tsc {

template <class Op>
concept Operation = requires(typename Op::Subject& s, const typename Op::Input& in, const typename Op::Outcome& out,
                             const Json& j, std::string_view profile) {
    { Op::family } -> std::convertible_to<std::string_view>;
    { Op::name } -> std::convertible_to<std::string_view>;
    { Op::profiles() } -> std::same_as<std::vector<std::string_view>>;
    { Op::profile(in) } -> std::convertible_to<std::string_view>;
    { Op::reference(in) } -> std::same_as<typename Op::Outcome>;
    { Op::run(s, in) } -> std::same_as<typename Op::Outcome>;
    { Op::compare(out, out) } -> std::same_as<std::optional<Difference>>;
    { Op::input_json(in) } -> std::same_as<Json>;
    { Op::input_of(j, profile) } -> std::same_as<typename Op::Input>;
    { Op::outcome_json(out) } -> std::same_as<Json>;
    { Op::outcome_of(j) } -> std::same_as<typename Op::Outcome>;
    { Op::input_bytes(in) } -> std::same_as<std::optional<Bytes>>;
};

// The base of an operation descriptor `Self` of family `Family` (a namespace-scope char array).
template <class Self, const char* Family, class SubjectT>
struct OperationBase {
    static constexpr std::string_view family = Family;
    using Subject = SubjectT;

    static std::vector<std::string_view> profiles() { return {}; }
    static std::string_view profile(const auto&) { return ""; }
    static std::optional<Bytes> input_bytes(const auto&) { return std::nullopt; }
    // S is Self: a template so that the input type is looked up once Self is complete.
    template <class S = Self>
    static auto reference(const typename S::Input& input) {
        return S::run(reference_subject<SubjectT>(), input);
    }
    // The divergence policy of most operations (docs/design.md): outcomes of different error classes
    // differ as a whole; two failures of one class are equal; two successes must be equal in every
    // field, and the report is the first field where their JSON forms differ.
    template <class S = Self>
    static std::optional<Difference> compare(const typename S::Outcome& e, const typename S::Outcome& a) {
        if (e.error != a.error) return Difference{"outcome", brief(S::outcome_json(e)), brief(S::outcome_json(a))};
        if (!e.ok()) return std::nullopt;
        return compare_as_json(e, a, [](const auto& o) { return S::outcome_json(o); });
    }
    static auto input_of(const Json& j, std::string_view profile) { return Self::read_input(JsonAt(j), profile); }
    static auto outcome_of(const Json& j) { return Self::read_outcome(JsonAt(j)); }
};

// What a fixed expectation may also bound: the bytes the call allocates (hostile sizes).
struct Limits {
    std::optional<std::size_t> max_alloc_bytes;
};

// The failure report of `subject` on `input`, with the command that reruns it.
template <Operation Op>
Failure failure_of(std::string_view subject, const typename Op::Input& input, Difference difference,
                   std::string operation = std::string(Op::name)) {
    const Json json = Op::input_json(input);
    const std::string_view profile = Op::profile(input);
    return Failure{"",
                   std::string(Op::family),
                   std::move(operation),
                   std::string(subject),
                   std::string(profile),
                   json,
                   Op::input_bytes(input),
                   std::move(difference),
                   reproduce_command(Op::family, Op::name, subject, profile, json)};
}

// The first difference of two outcomes of `input`. An operation whose outcomes do not carry all that
// a report names (a BitMap program's outcome read from a vector or a testee has no calls) compares
// with the input at hand.
template <Operation Op>
std::optional<Difference> difference(const typename Op::Input& input, const typename Op::Outcome& expected,
                                     const typename Op::Outcome& actual) {
    if constexpr (requires { Op::compare(input, expected, actual); })
        return Op::compare(input, expected, actual);
    else
        return Op::compare(expected, actual);
}

// `subject` on `input` against an outcome already known to be right.
template <Operation Op>
std::vector<Failure> check_against(typename Op::Subject& subject, const typename Op::Input& input,
                                   const typename Op::Outcome& expected) {
    count_case(Op::family);
    const auto diff = difference<Op>(input, expected, Op::run(subject, input));
    if (!diff) return {};
    return {failure_of<Op>(subject.name(), input, *diff)};
}

// One subject against the reference.
template <Operation Op>
std::vector<Failure> check(typename Op::Subject& subject, const typename Op::Input& input) {
    return check_against<Op>(subject, input, Op::reference(input));
}

// `subjects` against an outcome already known to be right.
template <Operation Op>
std::vector<Failure> check_against(std::span<typename Op::Subject* const> subjects, const typename Op::Input& input,
                                   const typename Op::Outcome& expected) {
    std::vector<Failure> failures;
    for (auto* subject : subjects) append(failures, check_against<Op>(*subject, input, expected));
    return failures;
}

// Every selected subject against an outcome already known to be right.
template <Operation Op>
std::vector<Failure> check_against(const typename Op::Input& input, const typename Op::Outcome& expected) {
    return check_against<Op>(std::span(subjects_under_test<typename Op::Subject>()), input, expected);
}

// `subjects` against the reference, which runs once.
template <Operation Op>
std::vector<Failure> check(std::span<typename Op::Subject* const> subjects, const typename Op::Input& input) {
    return check_against<Op>(subjects, input, Op::reference(input));
}

// Every selected subject against the reference, which runs once.
template <Operation Op>
std::vector<Failure> check(const typename Op::Input& input) {
    return check_against<Op>(input, Op::reference(input));
}

// One subject against a fixed expectation (a golden vector, a finding, a hostile size), within
// `limits`. `check_name` is the expectation's stable name, shown in the report.
template <Operation Op>
std::vector<Failure> expect(typename Op::Subject& subject, const typename Op::Input& input,
                            const typename Op::Outcome& expected, const Limits& limits = {},
                            std::string check_name = {}) {
    count_case(Op::family);
    allocation::reset();
    const typename Op::Outcome actual = Op::run(subject, input);
    const std::size_t allocated = allocation::bytes();
    std::optional<Difference> diff = difference<Op>(input, expected, actual);
    if (!diff && limits.max_alloc_bytes && allocated > *limits.max_alloc_bytes)
        diff = Difference{"bytes allocated", "at most " + std::to_string(*limits.max_alloc_bytes),
                          std::to_string(allocated)};
    if (!diff) return {};
    Failure f = failure_of<Op>(subject.name(), input, *diff);
    f.check = std::move(check_name);
    return {std::move(f)};
}

// The operations of one family, as a list the generic code walks (vectors, CLI, serve).
template <class SubjectT, Operation... Ops>
struct Operations {
    using Subject = SubjectT;
    static_assert((std::same_as<typename Ops::Subject, SubjectT> && ...));
    static constexpr std::string_view family = (std::string_view{}, ..., Ops::family);

    // Calls f.template operator()<Op>() for the operation named `name`; false when there is none.
    template <class F>
    static bool with(std::string_view name, F&& f) {
        return ((Ops::name == name ? (f.template operator()<Ops>(), true) : false) || ...);
    }
    template <class F>
    static void each(F&& f) {
        (f.template operator()<Ops>(), ...);
    }
};

}  // namespace tsc

namespace tsc {

// The two kinds of subject every family has besides its implementations: `Reference` (the
// reference as the subject "reference") and `External` (a subject program of the external
// protocol). Defined in subject_kinds.hpp, instantiated where both types are complete.
template <class SubjectT, class Reference, class External>
struct SubjectKinds {
    static void register_reference();
    static std::unique_ptr<SubjectT> external(std::string name, std::string command);
};

// The families the suite is built with (generated families.hpp: AllFamilies). Each family is a
// struct deriving from Operations<...> and SubjectKinds<...>.
template <class... Families>
struct FamilyList {
    template <class F>
    static void each(F&& f) {
        (f.template operator()<Families>(), ...);
    }

    // TSCONFORM_EXTERNAL: one `family:name=command` per line, each registered as `external:<name>`
    // in its family (subjects/external/PROTOCOL.md).
    static void register_external_subjects() {
        const char* env = std::getenv("TSCONFORM_EXTERNAL");
        if (env == nullptr) return;
        std::string_view lines(env);
        while (!lines.empty()) {
            const std::size_t end = lines.find('\n');
            const std::string_view entry = lines.substr(0, end);
            if (!entry.empty()) register_external(entry);
            if (end == std::string_view::npos) break;
            lines.remove_prefix(end + 1);
        }
    }

private:
    static void register_external(std::string_view entry) {
        const std::size_t colon = entry.find(':');
        const std::size_t equals = entry.find('=');
        if (colon == std::string_view::npos || equals == std::string_view::npos || equals < colon)
            throw std::invalid_argument("TSCONFORM_EXTERNAL: expected family:name=command, got `" + std::string(entry) + "`");
        const std::string_view family = entry.substr(0, colon);
        const std::string name = "external:" + std::string(entry.substr(colon + 1, equals - colon - 1));
        const std::string command(entry.substr(equals + 1));
        bool found = false;
        each([&]<class F>() {
            if (F::family != family) return;
            registry<typename F::Subject>().add(F::external(name, command));
            found = true;
        });
        if (!found) throw std::invalid_argument("TSCONFORM_EXTERNAL: no family `" + std::string(family) + "`");
    }
};

}  // namespace tsc
