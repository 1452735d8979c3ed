// tsconform: runs single cases by hand with any registered subject, and serves the external
// protocol. Every command is generic over the operation descriptors of the families built in
// (generated families.hpp), so a new operation gets its command without code here.
//
// Exit status: 0 the reference agrees, 1 a divergence, 2 an error in the input or the command line
// (one message naming it), 70 an internal error of the suite (the invocation is saved to
// $TMPDIR/tsconform-internal-error-<pid>.json and the path printed).
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "conformance/harness/fuzz_input.hpp"
#include "conformance/harness/profile_table.hpp"
#include "conformance/harness/protocol.hpp"
#include "conformance/runner/conform.hpp"
#include "families.hpp"

namespace tsc::cli {
namespace {

constexpr int kDivergence = 1;
constexpr int kBadInput = 2;
constexpr int kInternalError = 70;

struct OperationOptions {
    std::string subject;
    std::string profile;
    std::string input;
};

// The invocation, saved when the suite fails on it: the arguments and what was read from stdin.
Json& invocation() {
    static Json j = Json::object();
    return j;
}

Json read_input(const std::string& text) {
    if (text != "-") return parse_json_argument(text);
    const std::string in(std::istreambuf_iterator<char>(std::cin), {});
    invocation()["stdin"] = in;
    return parse_json_text(in, "stdin");
}

int internal_error(std::string_view what) {
    const auto path = std::filesystem::temp_directory_path() / ("tsconform-internal-error-" + std::to_string(getpid()) + ".json");
    std::ofstream(path) << invocation().dump(2) << "\n";
    std::fprintf(stderr, "tsconform: internal error: %.*s\n  the invocation is saved in %s\n", static_cast<int>(what.size()),
                 what.data(), path.c_str());
    return kInternalError;
}

// One case through one subject: prints the subject's outcome as JSON, then whether the reference
// agrees; a divergence is exit status 1.
template <Operation Op>
void run_operation(const OperationOptions& o) {
    auto& subject = subject_named<typename Op::Subject>(Op::family, o.subject);
    const typename Op::Input input = Op::input_of(read_input(o.input), o.profile);
    std::printf("%s\n", Json{{"subject", o.subject}, {"outcome", Op::outcome_json(Op::run(subject, input))}}.dump().c_str());
    const std::vector<Failure> failures = check<Op>(subject, input);
    std::fprintf(stderr, "%s", failures.empty() ? "reference agrees\n" : describe_all(failures).c_str());
    if (!failures.empty()) throw CLI::RuntimeError(kDivergence);
}

template <Operation Op>
void add_operation_command(CLI::App& family) {
    auto o = std::make_shared<OperationOptions>();
    std::string profiles;
    for (std::string_view p : Op::profiles()) profiles += (profiles.empty() ? "" : ", ") + std::string(p);
    CLI::App* cmd = family.add_subcommand(std::string(Op::name), std::string(Op::name) + " one input with one subject; "
                                          "prints the outcome and the reference's verdict");
    cmd->add_option("--subject", o->subject, "subject to run (see: tsconform subjects)")->required();
    if (!profiles.empty()) cmd->add_option("--profile", o->profile, "profile: " + profiles + " (default: the first)");
    cmd->add_option("INPUT", o->input, "the input as JSON, @FILE, or - for stdin (subjects/external/PROTOCOL.md)")
        ->required();
    cmd->callback([o] { run_operation<Op>(*o); });
}

void add_serve_command(CLI::App& parent, std::shared_ptr<std::string> subject) {
    CLI::App* serve = parent.add_subcommand("serve", "Answer external-protocol requests on stdin with one subject");
    serve->add_option("--subject", *subject, "subject to answer with")->required();
    serve->callback([subject] { protocol::serve(AllFamilies{}, *subject, std::cin, std::cout); });
}

// The seed corpus of every fuzz target, written from the golden vectors through each target's one
// layout definition (conformance/harness/fuzz_input.hpp).
void add_fuzz_input_command(CLI::App& app) {
    auto out = std::make_shared<std::string>(seed_folder().string());
    CLI::App* fuzz_input = app.add_subcommand("fuzz-input", "Fuzz target inputs");
    fuzz_input->require_subcommand(1);
    CLI::App* seeds = fuzz_input->add_subcommand("seeds", "Write every fuzz target's seed corpus from the golden vectors");
    seeds->add_option("--out", *out, "the corpus folder (one subfolder per target)")->capture_default_str();
    seeds->callback([out] {
        AllFamilies::each([&]<class F>() {
            if constexpr (requires { typename F::FuzzInputs; }) {
                const std::vector<Vector> vectors = load_vectors<F>();
                F::FuzzInputs::each([&]<class L>() {
                    const std::size_t n = write_seed_corpus<L>(vectors, *out);
                    for (const std::string_view target : L::targets)
                        fmt::print("{}: {} seeds -> {}/{}\n", target, n, *out, target);
                });
            }
        });
    });
}

void add_subjects_command(CLI::App& app) {
    app.add_subcommand("subjects", "List the registered subjects of each family")->callback([] {
        AllFamilies::each([]<class F>() {
            for (const auto* s : registry<typename F::Subject>().all())
                std::printf("%.*s %.*s\n", static_cast<int>(F::family.size()), F::family.data(),
                            static_cast<int>(s->name().size()), s->name().data());
        });
    });
}

// The families built in, one a line: what scripts iterate over (ci/gate.sh), from the same list as
// every other command.
void add_families_command(CLI::App& app) {
    app.add_subcommand("families", "List the families built in, one a line")->callback([] {
        AllFamilies::each([]<class F>() { std::printf("%.*s\n", static_cast<int>(F::family.size()), F::family.data()); });
    });
}

// Every check of a run is built before it is sent: these bound what one run holds in memory.
constexpr std::size_t kMaxCases = 1'000'000;
constexpr std::size_t kMaxTruncated = 1'000;
constexpr int kMaxTimeoutMs = 3'600'000;

// The cross-language runner (conformance/runner/conform.hpp).
void add_conform_command(CLI::App& app) {
    auto o = std::make_shared<runner::Options>();
    auto testees = std::make_shared<std::vector<std::string>>();
    auto seed = std::make_shared<std::optional<std::uint64_t>>();
    auto expected = std::make_shared<std::vector<std::string>>();
    CLI::App* cmd = app.add_subcommand("conform", "Check implementations in any language against the reference over "
                                                  "the external protocol (subjects/external/PROTOCOL.md)");
    cmd->add_option("--testee", *testees, "NAME=COMMAND: a program speaking the protocol (run with /bin/sh -c), or "
                                          "NAME=builtin:SUBJECT for a registered subject; repeat for a side-by-side matrix")
        ->required();
    cmd->add_option("--family", o->family, "only this family");
    cmd->add_option("--op", o->op, "only this operation");
    cmd->add_option("--check", o->check, "only the checks whose name matches this glob")->capture_default_str();
    cmd->add_option("--cases", o->cases, "generated cases per operation and profile")
        ->check(CLI::Range(std::size_t{0}, kMaxCases))
        ->capture_default_str();
    cmd->add_option("--truncated", o->truncated, "valid encodings cut at every length, per decoder and profile")
        ->check(CLI::Range(std::size_t{0}, kMaxTruncated))
        ->capture_default_str();
    cmd->add_option("--shrink-runs", o->shrink_tries, "testee runs at most per shrunk case")
        ->check(CLI::Range(std::size_t{0}, kMaxCases))
        ->capture_default_str();
    cmd->add_option("--seed", *seed, "the seed of the generated cases (default: a new one, printed)")
        ->check(CLI::Validator(
            [](std::string& text) {  // parsed here: a negative or too large seed would wrap around silently
                std::uint64_t value = 0;
                const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
                return error == std::errc() && end == text.data() + text.size()
                           ? std::string()
                           : "expected a decimal number from 0 to 18446744073709551615, got " + text;
            },
            "UINT64"));
    cmd->add_option("--expected-failures", *expected,
                    "[TESTEE=]FILE: an expected-failure list (CHECK-OR-GLOB REASON, or signature SIGNATURE REASON "
                    "lines) of one testee, or without TESTEE= of every testee without its own; repeatable");
    cmd->add_option("--write-expected-failures", o->write_expected,
                    "write the signature of every failure of this run here, as an expected-failure list");
    cmd->add_flag("--all-failures", o->all_failures, "a full report for every failed check, not one per signature");
    cmd->add_option("--junit", o->junit, "write JUnit XML here");
    cmd->add_option("--json", o->json, "write every result as JSON here");
    cmd->add_option("--report", o->report, "write a Markdown matrix (check group x testee) here");
    cmd->add_option("--timeout-ms", o->timeout_ms, "a request without an answer this long is a fault")
        ->check(CLI::Range(1, kMaxTimeoutMs))
        ->capture_default_str();
    cmd->callback([o, testees, seed, expected] {
        for (const std::string& t : *testees) {
            const std::size_t eq = t.find('=');
            if (eq == std::string::npos || eq == 0 || eq + 1 == t.size())
                throw InputError("--testee " + t + ": expected NAME=COMMAND");
            o->testees.push_back({t.substr(0, eq), t.substr(eq + 1)});
        }
        o->seed = seed->value_or(std::random_device{}() * 0x100000000ull + std::random_device{}());
        for (const std::string& e : *expected) {
            // TESTEE=FILE when the text before the first = names a testee of this run, else a file.
            const std::size_t eq = e.find('=');
            const std::string name = eq == std::string::npos ? "" : e.substr(0, eq);
            const bool named = std::any_of(o->testees.begin(), o->testees.end(), [&](const auto& t) { return t.name == name; });
            const std::string testee = named ? name : "", file = named ? e.substr(eq + 1) : e;
            if (o->expected.contains(testee))
                throw InputError("--expected-failures " + e + ": a second list for " +
                                 (testee.empty() ? "every testee" : "testee " + testee));
            o->expected[testee] = runner::ExpectedFailures::load(file);
        }
        const int status = runner::exit_status(runner::conform(*o));
        if (status != 0) throw CLI::RuntimeError(status);
    });
}

int run(int argc, char** argv) {
    register_builtin_subjects();
    CLI::App app{"tsconform: conformance checks for time-series wire codecs"};
    app.require_subcommand(1);
    add_subjects_command(app);
    add_families_command(app);
    add_fuzz_input_command(app);
    add_conform_command(app);
    add_serve_command(app, std::make_shared<std::string>());
    app.add_subcommand("profiles", "Print every family's profile rules with their upstream sources (PROFILES.md)")
        ->callback([] {
            std::string tables;
            AllFamilies::each([&]<class F>() {
                if constexpr (HasProfileRules<F>)
                    tables += (tables.empty() ? "" : "\n") + profile_table(F::family, F::profile_rules());
            });
            std::printf("%s", tables.c_str());
        });
    app.add_subcommand("operations", "Print every family's operations, their profiles and error classes (PROTOCOL.md)")
        ->callback([] {
            std::string tables;
            AllFamilies::each([&]<class F>() {
                std::vector<OperationProfiles> operations;
                F::each([&]<class Op>() { operations.emplace_back(Op::name, Op::profiles()); });
                tables += (tables.empty() ? "" : "\n") + operation_table(F::family, operations, F::error_classes());
            });
            std::printf("%s", tables.c_str());
        });
    AllFamilies::each([&]<class F>() {
        CLI::App* family = app.add_subcommand(command_name(F::family), std::string(F::family) + " operations");
        family->require_subcommand(1);
        F::each([&]<class Op>() { add_operation_command<Op>(*family); });
        if constexpr (HasProfileRules<F>)
            family->add_subcommand("profiles", "Print every profile's rules with their upstream sources (PROFILES.md)")
                ->callback([] { std::printf("%s", profile_table(F::family, F::profile_rules()).c_str()); });
        add_serve_command(*family, std::make_shared<std::string>());
    });
    try {
        app.parse(argc, argv);
    } catch (const CLI::RuntimeError& e) {
        return e.get_exit_code();
    } catch (const CLI::ParseError& e) {
        const int status = app.exit(e);
        return status == 0 ? 0 : kBadInput;
    } catch (const InputError& e) {
        std::fprintf(stderr, "tsconform: %s\n", e.what());
        return kBadInput;
    }
    return 0;
}

}  // namespace
}  // namespace tsc::cli

int main(int argc, char** argv) {
    tsc::cli::invocation()["argv"] = std::vector<std::string>(argv, argv + argc);
    try {
        return tsc::cli::run(argc, argv);
    } catch (const std::exception& e) {
        return tsc::cli::internal_error(e.what());
    } catch (...) {
        return tsc::cli::internal_error("an exception of unknown type");
    }
}
