#include "conformance/runner/conform.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iterator>
#include <cstdio>
#include <fnmatch.h>
#include <map>
#include <memory>
#include <set>
#include <fstream>
#include <algorithm>

#include <fmt/format.h>

#include "conformance/harness/findings.hpp"
#include "conformance/harness/fuzz_input.hpp"
#include "conformance/harness/protocol.hpp"
#include "conformance/inputs/choice_source.hpp"
#include "conformance/inputs/operation_inputs.hpp"
#include "conformance/inputs/seeded_source.hpp"
#include "conformance/runner/shrink.hpp"
#include "conformance/runner/signature.hpp"
#include "conformance/harness/testee.hpp"
#include "families.hpp"

namespace tsc::runner {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::size_t kBatch = 2048;  // requests per exchange: bounds the request text held at once
constexpr std::size_t kShownRequest = 600;  // characters of a request a report shows; the rest is in a file

// How a check's input was built from choices: one generated case, or one of the cuts of a valid
// encoding. Either can be built again from fewer or smaller choices, so either can be shrunk.
enum class Built { generated, cut };

// One check of one operation under one profile: its input, the outcome it must have and, for an
// input built by a producer, the choices that built it (for shrinking).
template <class Op>
struct Check {
    std::string name;
    typename Op::Input input;
    typename Op::Outcome expected;
    std::optional<inputs::Choices> choices;
    Built built = Built::generated;
    bool shrunk = false;  // the smallest input a shrink found: rerun by its request, not its name
};

// A generated case's seed: the run's seed and the case's place, mixed (splitmix64) so that each
// case can be rebuilt alone, on any host, from the name the report gives.
std::uint64_t case_seed(std::uint64_t seed, std::string_view place) {
    std::uint64_t h = seed ^ 0xcbf29ce484222325ull;
    for (unsigned char c : place) h = (h ^ c) * 0x100000001b3ull;
    h += 0x9e3779b97f4a7c15ull;
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
    return h ^ (h >> 31);
}

// What one testee claims in its hello: (family, op) -> profiles.
using Claims = std::map<std::pair<std::string, std::string>, std::vector<std::string>>;

Claims read_hello(Testee& testee) {
    const Answer a = testee.exchange({R"({"op":"hello"})"}).front();
    if (!a.ok()) throw InputError("testee `" + testee.describe() + "` did not answer hello: " + a.fault);
    try {
        const Json hello = parse_json_text(a.line, "the answer to hello");
        const JsonAt doc = document(hello);
        Claims claims;
        for (const JsonAt& op : doc["operations"].elements()) {
            std::vector<std::string> profiles;
            for (const JsonAt& p : op["profiles"].elements()) profiles.push_back(p.string());
            claims[{op["family"].string(), op["op"].string()}] = profiles;
        }
        return claims;
    } catch (const InputError& e) {
        throw InputError("testee `" + testee.describe() + "` answered hello with " + a.line + ": " + e.what());
    }
}

std::string testee_argument(const TesteeSpec& t) { return shell_quoted(t.name + "=" + t.command); }

// The expected-failure list of a testee: its own, else the one for every testee, else none.
const ExpectedFailures& expected_of(const Options& o, const std::string& testee) {
    static const ExpectedFailures none;
    for (const std::string& key : {testee, std::string()})
        if (const auto list = o.expected.find(key); list != o.expected.end()) return list->second;
    return none;
}

class Run {
public:
    Run(const Options& o, const TesteeSpec& spec, Testee& testee)
        : o_(o), spec_(spec), testee_(testee), expected_(expected_of(o, spec.name)) {}

    void all(std::vector<Result>& results) {
        const Claims claims = read_hello(testee_);
        AllFamilies::each([&]<class F>() {
            if (!o_.family.empty() && o_.family != F::family) return;
            F::each([&]<class Op>() {
                if (!o_.op.empty() && o_.op != Op::name) return;
                operation<F, Op>(claims, results);
            });
        });
    }

private:
    template <class F, class Op>
    void operation(const Claims& claims, std::vector<Result>& results) {
        const auto claim = claims.find({std::string(F::family), std::string(Op::name)});
        std::vector<std::string> profiles;
        if (claim != claims.end()) {
            for (const std::string& p : claim->second)
                for (std::string_view known : Op::profiles())
                    if (p == known) profiles.push_back(p);
            if (Op::profiles().empty()) profiles = {""};
        }
        if (profiles.empty()) {  // not claimed: every check of the first profile is skipped
            const std::string why = claim == claims.end() ? "the testee does not claim this operation"
                                                          : "the testee claims none of this operation's profiles";
            const std::vector<std::string_view> all = Op::profiles();
            for (const Check<Op>& c : checks<F, Op>(all.empty() ? "" : all.front(), profiles.size() > 1, false))
                results.push_back({.testee = spec_.name, .check = c.name, .status = Status::skipped, .report = why});
            return;
        }
        for (const std::string& p : profiles) {
            const auto start = Clock::now();
            const std::size_t first = results.size();
            run_checks<Op>(in_domain<Op>(checks<F, Op>(p, profiles.size() > 1, true), p, results), p, results);
            const std::vector<Result> these(results.begin() + static_cast<std::ptrdiff_t>(first), results.end());
            const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
            std::fprintf(stderr, "%s%s %s/%s%s: %s (%.1f s, %.0f checks/s)\n", progress_shown_ ? "\r\033[K" : "",
                         spec_.name.c_str(), std::string(F::family).c_str(), std::string(Op::name).c_str(),
                         p.empty() ? "" : (" [" + p + "]").c_str(), tally(these).line().c_str(), seconds,
                         seconds > 0 ? static_cast<double>(these.size()) / seconds : 0.0);
            progress_shown_ = false;
        }
    }

    // The checks whose input the profile's client can hold; each other one is not sent and is a result
    // outside the domain (an operation with a domain rule says why: Op::outside_domain).
    template <class Op>
    std::vector<Check<Op>> in_domain(std::vector<Check<Op>> checks, std::string_view profile, std::vector<Result>& results) {
        if constexpr (requires(const typename Op::Input& in) { Op::outside_domain(in); }) {
            std::erase_if(checks, [&](const Check<Op>& c) {
                const std::optional<std::string> why = Op::outside_domain(c.input);
                if (why)
                    results.push_back({.testee = spec_.name, .check = c.name, .profile = std::string(profile),
                                       .status = Status::outside_domain,
                                       .report = "not sent, outside the profile's domain: " + *why});
                return why.has_value();
            });
        }
        return checks;
    }

    // Every check of the operation under `profile`; `built` false names them without building inputs.
    template <class F, class Op>
    std::vector<Check<Op>> checks(std::string_view profile, bool suffix, bool built) {
        const std::string at = suffix ? "@" + std::string(profile) : "";
        const std::string base = fmt::format("{}/{}/", F::family, Op::name);
        std::vector<Check<Op>> out;
        auto add = [&](std::string name, auto make) {
            name = base + name + at;
            if (fnmatch(o_.check.c_str(), name.c_str(), 0) != 0) return;
            if (!built) return out.push_back({std::move(name), {}, {}, {}});
            out.push_back(make(std::move(name)));
        };
        for (const Vector& v : vectors<F>()) {
            if (v.op != Op::name || v.outside_domain) continue;
            if (!v.profiles.empty() && std::find(v.profiles.begin(), v.profiles.end(), profile) == v.profiles.end()) continue;
            add("vector/" + v.name, [&](std::string name) {
                return Check<Op>{std::move(name), Op::input_of(v.input, profile), Op::outcome_of(v.expect), {}};
            });
        }
        corpus_checks<F, Op>(profile, add);
        if constexpr (inputs::HasGeneratedInputs<Op>) {
            for (std::size_t i = 0; i < o_.cases; ++i)
                add(fmt::format("generated/{}", i), [&](std::string name) { return generated<Op>(std::move(name), profile); });
        }
        if constexpr (inputs::HasTruncations<Op>) {
            for (std::size_t k = 0; k < o_.truncated; ++k) {
                if (!built) {
                    add(fmt::format("truncated/{}.*", k), [](std::string) { return Check<Op>{}; });
                    continue;
                }
                inputs::SeededSource seeded(case_seed(o_.seed, fmt::format("{}truncated/{}{}", base, k, at)));
                inputs::RecordingSource source(seeded);
                const auto cuts = inputs::OperationInputs<Op>::truncations(source, profile);
                for (std::size_t j = 0; j < cuts.size(); ++j)
                    add(fmt::format("truncated/{}.{}", k, j), [&](std::string name) {
                        return Check<Op>{std::move(name), cuts[j], Op::reference(cuts[j]), source.choices(), Built::cut};
                    });
            }
        }
        return out;
    }

    // The inputs of the fuzz targets' seed and regression corpora that hold this operation's inputs.
    template <class F, class Op, class Add>
    void corpus_checks(std::string_view profile, Add& add) {
        if constexpr (requires { typename F::FuzzInputs; }) {
            F::FuzzInputs::each([&]<class L>() {
                if constexpr (std::same_as<typename L::Op, Op>) {
                    const std::pair<const char*, std::string> kinds[] = {{"seeds", "seed/"}, {"regressions", "regression/"}};
                    for (const auto& [folder_name, label] : kinds) {
                        const auto folder = seed_folder().parent_path() / folder_name / L::targets[0];
                        if (!std::filesystem::is_directory(folder)) continue;
                        std::set<std::filesystem::path> files;
                        for (const auto& e : std::filesystem::directory_iterator(folder))
                            if (e.is_regular_file()) files.insert(e.path());
                        for (const auto& file : files) {
                            const auto input = L::decode(read_file(file));
                            if (!input) continue;  // too short to mean anything
                            add(label + file.filename().string(), [&](std::string name) {
                                const auto in = inputs::with_profile<Op>(*input, profile);
                                return Check<Op>{std::move(name), in, Op::reference(in), {}};
                            });
                        }
                    }
                }
            });
        }
    }

    template <class Op>
    Check<Op> generated(std::string name, std::string_view profile) {
        inputs::SeededSource seeded(case_seed(o_.seed, name));
        inputs::RecordingSource source(seeded);
        const typename Op::Input input = inputs::OperationInputs<Op>::generated(source, profile);
        return {std::move(name), input, Op::reference(input), source.choices()};
    }

    template <class F>
    static const std::vector<Vector>& vectors() {
        static const std::vector<Vector> v = load_vectors<F>();
        return v;
    }

    template <class Op>
    void run_checks(const std::vector<Check<Op>>& checks, std::string_view profile, std::vector<Result>& results) {
        for (std::size_t at = 0; at < checks.size(); at += kBatch) {
            const std::size_t end = std::min(checks.size(), at + kBatch);
            std::vector<std::string> requests;
            for (std::size_t i = at; i < end; ++i) requests.push_back(protocol::request<Op>(checks[i].input).dump());
            const auto start = Clock::now();
            const std::vector<Answer> answers = testee_.exchange(requests);
            const double each = std::chrono::duration<double>(Clock::now() - start).count() / static_cast<double>(end - at);
            for (std::size_t i = at; i < end; ++i) {
                const Check<Op>& c = checks[i];
                Result r{.testee = spec_.name, .check = c.name, .profile = std::string(profile), .seconds = each};
                if (auto failure = judge<Op>(c, answers[i - at], requests[i - at], r)) {
                    // The first failing case of each signature that choices built is shrunk, keeping
                    // its signature. A fault (exit, hang) is not: each try could cost a restart or a
                    // timeout. A waived failure is not either.
                    const bool fault = !answers[i - at].ok();
                    if (c.choices && !fault && !expected_.find_failure(c.name, r.signature, r.finding) &&
                        shrunk_signatures_.insert(r.signature).second)
                        *failure += shrink_report<Op>(c, profile, r.signature);
                    r.report = *failure;
                }
                results.push_back(expected_or(std::move(r)));
            }
            show_progress(end, checks.size());
        }
    }

    // The failure report of one answer, or nothing when the check passed (r.status says skipped).
    template <class Op>
    std::optional<std::string> judge(const Check<Op>& c, const Answer& a, const std::string& request, Result& r) {
        const std::string expected_class = outcome_class(Op::outcome_json(c.expected));
        auto sign = [&](std::string_view actual_class, std::string_view field = "") {
            r.signature = signature(Op::family, Op::name, Op::profile(c.input), expected_class, actual_class, field);
        };
        auto fail = [&](std::string_view actual_class, std::string why) {
            r.status = Status::failed;
            sign(actual_class);
            const std::string shown = request.size() <= kShownRequest
                                      ? request
                                      : fmt::format("{}… (the whole request: {})", request.substr(0, kShownRequest),
                                                    saved_report_file("tsconform-request", request).string());
        return fmt::format("{}\n  check:     {}\n  signature: {}\n  testee:    {}\n  request:   {}\n  reproduce: {}\n", why,
                               c.name, r.signature, spec_.command, shown, rerun<Op>(c));
        };
        if (!a.ok()) return fail(a.fault_class, "the testee faulted: " + a.fault);
        Json answer;
        try {
            answer = parse_json_text(a.line, "the answer");
        } catch (const InputError& e) {
            return fail("no_json", fmt::format("the answer is no JSON: {}", e.what()));
        }
        if (answer.is_object() && answer.contains("unsupported")) {
            r.status = Status::skipped;
            r.report = "the testee answered unsupported: " + answer["unsupported"].dump();
            return std::nullopt;
        }
        if (answer.is_object() && answer.contains("outside_domain")) {
            r.status = Status::outside_domain;
            r.report = "the testee cannot hold this input: " + answer["outside_domain"].dump();
            return std::nullopt;
        }
        if (answer.is_object() && answer.contains("protocol_error"))
            return fail("protocol_error", "the testee could not read the request: " + answer["protocol_error"].dump());
        typename Op::Outcome actual;
        try {
            actual = Op::read_outcome(document(answer)["outcome"]);
        } catch (const InputError& e) {
            return fail("wrong_shape", fmt::format("an answer of the wrong shape ({}): {}", e.what(), shorten(a.line)));
        }
        // An outcome that builds nothing (a bitmap program the testee declines) where the reference
        // builds something is no pass: the check did not run.
        if constexpr (requires { actual.unsupported; }) {
            if (actual.unsupported && !c.expected.unsupported) {
                r.status = Status::skipped;
                r.report = "the testee's outcome is unsupported (it built no bitmap), the reference's is not";
                return std::nullopt;
            }
        }
        const auto diff = difference<Op>(c.input, c.expected, actual);
        if (!diff) return std::nullopt;
        r.status = Status::failed;
        const std::string actual_class = outcome_class(Op::outcome_json(actual));
        sign(actual_class, expected_class == "ok" && actual_class == "ok" ? field_path(diff->where) : "");
        std::string report = describe<Op>(c, *diff, r.signature);
        if (const Finding* f = explaining_finding<Op>(c.input, actual)) {
            r.finding = f->id;
            report += fmt::format("  finding:   {} — {} ({}; {})\n", f->id, f->summary, f->spec, f->upstream);
        }
        return report;
    }

    // The finding that explains an outcome the reference does not give under the input's profile: one
    // against that profile, under one of whose own profiles the reference gives exactly that outcome
    // (the testee behaves as the implementation the finding records), and, where the operation tells
    // its findings apart (Op::explains), this one of them.
    template <class Op>
    static const Finding* explaining_finding(const typename Op::Input& input, const typename Op::Outcome& actual) {
        const std::vector<std::string_view> profiles = Op::profiles();
        std::optional<typename Op::Outcome> expected;  // the reference under the input's profile, once
        for (const Finding& f : findings<Op>()) {
            if (f.against != Op::profile(input)) continue;
            if constexpr (requires { Op::explains(f, input, actual, actual); }) {
                if (!expected) expected = Op::reference(input);
                if (!Op::explains(f, input, *expected, actual)) continue;
            }
            for (const std::string& p : f.profiles)
                if (std::find(profiles.begin(), profiles.end(), p) != profiles.end() &&
                    !Op::compare(Op::reference(inputs::with_profile<Op>(input, p)), actual))
                    return &f;
        }
        return nullptr;
    }

    template <class Op>
    static const std::vector<Finding>& findings() {
        static const std::vector<Finding> f = [] {
            std::vector<Finding> of_family;
            AllFamilies::each([&]<class F>() {
                if (F::family == Op::family) of_family = findings_of(F::family, vectors<F>());
            });
            return of_family;
        }();
        return f;
    }

    template <class Op>
    std::string describe(const Check<Op>& c, const Difference& diff, const std::string& signature) {
        Failure f = failure_of<Op>(spec_.name, c.input, diff);
        f.check = c.name;
        f.command = rerun<Op>(c);
        return f.describe() + fmt::format("  signature: {}\n  reference: {}\n", signature, reproduce_command(Op::family, Op::name, kReferenceName,
                                                                                    Op::profile(c.input), Op::input_json(c.input)));
    }

    // The inputs a list of choices builds: the generated case, or every cut of the valid encoding.
    // None when the choices build no input the protocol can hold (a producer that ran dry mid-value).
    template <class Op>
    static std::vector<typename Op::Input> build(Built built, const inputs::Choices& choices, std::string_view profile) {
        inputs::ReplaySource replay(choices);
        try {
            if (built == Built::generated) return {inputs::OperationInputs<Op>::generated(replay, profile)};
            if constexpr (inputs::HasTruncations<Op>) return inputs::OperationInputs<Op>::truncations(replay, profile);
        } catch (const InputError&) {
        }
        return {};
    }

    // The report of the first of `candidates` that fails with `signature`, if one does: a shrunk case
    // is one of the same kind of failure, not whichever other failure a smaller input meets first.
    template <class Op>
    std::optional<std::string> first_failure(const std::string& name, const std::vector<typename Op::Input>& candidates,
                                             const std::string& signature) {
        std::vector<std::string> requests;
        for (const auto& input : candidates) requests.push_back(protocol::request<Op>(input).dump());
        const std::vector<Answer> answers = testee_.exchange(requests);
        for (std::size_t i = 0; i < candidates.size(); ++i) {
            Result r;
            const Check<Op> c{name, candidates[i], Op::reference(candidates[i]), {}, Built::generated, true};
            if (auto failure = judge<Op>(c, answers[i], requests[i], r); failure && r.signature == signature) return failure;
        }
        return std::nullopt;
    }

    // The smallest failing input the shrinker finds from the case's choices: a generated case with
    // fewer and smaller choices, or a smaller valid encoding one of whose cuts still fails.
    template <class Op>
    std::string shrink_report(const Check<Op>& c, std::string_view profile, const std::string& signature) {
        const std::string name = c.name + " (shrunk)";
        const std::size_t budget = c.built == Built::cut ? o_.shrink_tries / 4 : o_.shrink_tries;  // a cut run sends every cut
        const Shrunk s = shrink(
            *c.choices,
            [&](const inputs::Choices& choices) {
                return first_failure<Op>(name, build<Op>(c.built, choices, profile), signature).has_value();
            },
            budget);
        const auto smallest = first_failure<Op>(name, build<Op>(c.built, s.choices, profile), signature);
        const std::string cap = s.tries >= budget ? fmt::format(" (stopped at the cap of {} runs: --shrink-runs)", budget) : "";
        return fmt::format("shrunk from {} choices to {} in {} steps ({} runs{}); the smallest failing input:\n{}",
                           c.choices->size(), s.choices.size(), s.steps, s.tries, cap,
                           smallest.value_or("(it passed when rerun)\n"));
    }

    Result expected_or(Result r) {
        if (r.status == Status::skipped || r.status == Status::outside_domain) return r;
        const ExpectedFailure* listed =
            r.status == Status::failed ? expected_.find_failure(r.check, r.signature, r.finding) : expected_.find_check(r.check);
        if (listed == nullptr) return r;
        if (r.status == Status::failed) {
            r.status = Status::expected_failure;
            const std::string now = r.report.substr(0, r.report.find('\n')), was = listed->was();
            if (!was.empty() && was != now && changed_.insert(listed->line).second)
                std::fprintf(stderr, "note: %s:%d waives a failure whose report now begins `%s`, not `%s`\n",
                             expected_.file().c_str(), listed->line, now.c_str(), was.c_str());
            r.waived_by = fmt::format("{}:{}: {}", expected_.file(), listed->line, listed->reason);
        } else {
            r.status = Status::unexpected_pass;
            r.waived_by = fmt::format("{}:{}: {}", expected_.file(), listed->line, listed->reason);
            r.report = fmt::format("{} passes, but {}:{} lists it as failing ({}): remove the line\n", r.check,
                                   expected_.file(), listed->line, listed->reason);
        }
        return r;
    }

    // The command that runs one check again: by its name, or a shrunk input by its request line.
    template <class Op>
    std::string rerun(const Check<Op>& c) const {
        if (c.shrunk) {
            const std::string& cmd = spec_.command;
            return fmt::format("echo {} | {}", shell_quoted(protocol::request<Op>(c.input).dump()),
                               cmd.starts_with("builtin:") ? "tsconform serve --subject " + cmd.substr(8) : cmd);
        }
        return fmt::format("tsconform conform --testee {} --seed {} --cases {} --check {}", testee_argument(spec_), o_.seed,
                           o_.cases, shell_quoted(c.name));
    }

    static std::string shorten(const std::string& s) {
        return s.size() <= 600 ? s : s.substr(0, 600) + fmt::format("… ({} chars)", s.size());
    }

    // A bar on a terminal; elsewhere (a CI log) a line every 30 s, so that a slow testee is not mistaken
    // for a hung run.
    void show_progress(std::size_t done, std::size_t total) {
        if (!isatty(STDERR_FILENO)) {
            if (Clock::now() - last_line_ < std::chrono::seconds(30)) return;
            last_line_ = Clock::now();
            std::fprintf(stderr, "%s: %zu/%zu checks of this operation answered\n", spec_.name.c_str(), done, total);
            return;
        }
        constexpr int kWidth = 30;
        const int filled = static_cast<int>(kWidth * done / std::max<std::size_t>(total, 1));
        std::fprintf(stderr, "\r\033[K%s [%s%s] %zu/%zu", spec_.name.c_str(), std::string(filled, '#').c_str(),
                     std::string(kWidth - filled, '.').c_str(), done, total);
        progress_shown_ = true;
    }

    const Options& o_;
    const TesteeSpec& spec_;
    Testee& testee_;
    const ExpectedFailures& expected_;
    std::set<std::string> shrunk_signatures_;
    std::set<int> changed_;  // lines already reported as waiving a changed report
    bool progress_shown_ = false;
    Clock::time_point last_line_ = Clock::now();
};

std::unique_ptr<Testee> make_testee(const TesteeSpec& spec, int timeout_ms) {
    if (spec.command.starts_with("builtin:")) {
        std::string subject = spec.command.substr(8);
        bool known = false;
        AllFamilies::each([&]<class F>() { known = known || registry<typename F::Subject>().find(subject) != nullptr; });
        if (!known) throw InputError("no subject named `" + subject + "` in any family (see: tsconform subjects)");
        return std::make_unique<BuiltinTestee>(subject, [subject](const std::string& line) {
            return protocol::reply_line(AllFamilies{}, subject, line);
        });
    }
    return std::make_unique<ProgramTestee>(spec.command, timeout_ms);
}

// A line of an expected-failure list that matched nothing in a whole run is a failure of its own, so
// that a fixed bug or a renamed check removes its line; in a narrowed run it is only noted.
void add_stale_lines(const Options& o, std::vector<Result>& results) {
    for (const auto& [testee, list] : o.expected)
        for (const ExpectedFailure& e : list.unused()) {
            const std::string what = fmt::format("{}:{} `{}` matched no check of this run", list.file(), e.line, e.pattern);
            if (!o.whole_run()) {
                std::printf("note: %s (a narrowed run)\n", what.c_str());
                continue;
            }
            results.push_back({.testee = testee.empty() ? "*" : testee,
                               .check = fmt::format("expected-failures/line {}", e.line),
                               .status = Status::failed,
                               .report = what + ": a stale line, remove it\n"});
        }
}

// What a failure is reported and waived under: the finding that explains it, else its signature.
std::string kind_of(const Result& r) { return r.finding.empty() ? r.signature : "finding " + r.finding; }

// One report per testee and kind (kind_of), with how many checks failed so (all of them with
// --all-failures): the shrunk case when there is one, else the shortest report. A failure without a
// signature (an unexpected pass, a stale line) is reported alone.
void print_failures(const Options& o, const std::vector<Result>& results) {
    std::vector<std::pair<std::string, std::string>> order;
    std::map<std::pair<std::string, std::string>, std::vector<const Result*>> groups;
    for (const Result& r : results) {
        if (r.status != Status::failed && r.status != Status::unexpected_pass) continue;
        if (o.all_failures || r.signature.empty()) {
            std::printf("\nFAILED %s (%s)\n%s", r.check.c_str(), r.testee.c_str(), r.report.c_str());
            continue;
        }
        auto& group = groups[{r.testee, kind_of(r)}];
        if (group.empty()) order.push_back({r.testee, kind_of(r)});
        group.push_back(&r);
    }
    for (const auto& key : order) {
        const std::vector<const Result*>& group = groups[key];
        const Result* shown = *std::min_element(group.begin(), group.end(), [](const Result* a, const Result* b) {
            const bool a_shrunk = a->report.find("\nshrunk from ") != std::string::npos;
            const bool b_shrunk = b->report.find("\nshrunk from ") != std::string::npos;
            return a_shrunk != b_shrunk ? a_shrunk : a->report.size() < b->report.size();
        });
        std::printf("\nFAILED %s (%s): %zu check%s, e.g. %s\n%s", key.second.c_str(), key.first.c_str(), group.size(),
                    group.size() == 1 ? "" : "s", shown->check.c_str(), shown->report.c_str());
    }
}

// Every failure of the run, waived or not, as an expected-failure list: a line per finding that
// explains some, and per signature of the others, each with the first line of its report as the
// reason (`was: ...`), so that a changed report is noticed.
void write_expected_failures(const Options& o, const std::vector<Result>& results) {
    std::vector<std::string> order;
    std::map<std::string, std::pair<std::size_t, std::string>> seen;  // kind -> (checks, first line)
    for (const Result& r : results) {
        if (r.signature.empty() || (r.status != Status::failed && r.status != Status::expected_failure)) continue;
        auto [at, added] = seen.try_emplace(kind_of(r), 0, r.report.substr(0, r.report.find('\n')));
        if (added) order.push_back(kind_of(r));
        ++at->second.first;
    }
    std::ofstream out(o.write_expected);
    if (!out) throw InputError("cannot write " + o.write_expected);
    out << fmt::format("# Expected failures written by tsconform conform --write-expected-failures (seed {}).\n"
                       "# Replace each `was: ...` with why the failure is expected; keep `was: ` to be told when its report changes.\n",
                       o.seed);
    for (const std::string& kind : order)
        out << fmt::format("# {} check{}\n{}{} was: {}\n", seen[kind].first, seen[kind].first == 1 ? "" : "s",
                           kind.starts_with("finding ") ? "" : "signature ", kind, seen[kind].second);
    std::fprintf(stderr, "tsconform conform: %zu line%s written to %s\n", order.size(), order.size() == 1 ? "" : "s",
                 o.write_expected.c_str());
}

}  // namespace

// Where this run keeps the inputs its reports name with @ (too long for a command line): the folder
// TSCONFORM_REPORT_DIR names, else a folder of this run's own in the temporary folder, so that a run
// leaves no loose files behind, and none at all when nothing failed.
class ReportFolder {
public:
    ReportFolder() {
        if (const char* set = std::getenv("TSCONFORM_REPORT_DIR"); set != nullptr && *set != '\0') return;
        std::string name = (std::filesystem::temp_directory_path() / "tsconform-conform-XXXXXX").string();
        if (mkdtemp(name.data()) == nullptr) return;  // then the temporary folder itself, as before
        own_ = name;
        setenv("TSCONFORM_REPORT_DIR", name.c_str(), 1);
    }
    ~ReportFolder() {
        if (own_.empty()) return;
        unsetenv("TSCONFORM_REPORT_DIR");
        std::error_code ec;
        const auto files = std::distance(std::filesystem::directory_iterator(own_, ec), std::filesystem::directory_iterator{});
        if (files == 0)
            std::filesystem::remove(own_, ec);
        else
            std::fprintf(stderr, "%td report inputs kept in %s: the files the reproduce lines name with @\n", files,
                         own_.c_str());
    }
    ReportFolder(const ReportFolder&) = delete;
    ReportFolder& operator=(const ReportFolder&) = delete;

private:
    std::string own_;
};

std::vector<Result> conform(const Options& options) {
    const ReportFolder reports;
    register_builtin_subjects();
    std::fprintf(stderr, "tsconform conform: seed %llu (--seed %llu reproduces this run), %zu generated cases per operation\n",
                 static_cast<unsigned long long>(options.seed), static_cast<unsigned long long>(options.seed), options.cases);
    std::vector<Result> results;
    std::vector<std::string> names;
    for (const TesteeSpec& spec : options.testees) {
        names.push_back(spec.name);
        const std::unique_ptr<Testee> testee = make_testee(spec, options.timeout_ms);
        Run(options, spec, *testee).all(results);
        if (testee->restarts() != 0)
            std::fprintf(stderr, "%s: restarted %zu times after faults\n", spec.name.c_str(), testee->restarts());
    }
    add_stale_lines(options, results);
    print_failures(options, results);
    if (!options.write_expected.empty()) write_expected_failures(options, results);
    if (!options.junit.empty()) write_junit(results, options.junit);
    if (!options.json.empty()) write_json(results, options.json);
    if (!options.report.empty()) write_matrix(results, names, options.report);
    std::printf("%s\n", tally(results).line().c_str());
    return results;
}

int exit_status(const std::vector<Result>& results) { return tally(results).clean() ? 0 : 1; }

}  // namespace tsc::runner
