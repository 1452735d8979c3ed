#include "conformance/runner/results.hpp"

#include <fstream>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "conformance/harness/input_error.hpp"

namespace tsc::runner {

std::string_view name_of(Status s) {
    switch (s) {
        case Status::passed: return "passed";
        case Status::failed: return "failed";
        case Status::skipped: return "skipped";
        case Status::expected_failure: return "expected failure";
        case Status::unexpected_pass: return "unexpected pass";
        case Status::outside_domain: return "outside domain";
    }
    return "?";
}

std::string Result::group() const { return check.substr(0, check.rfind('/')); }
std::string Result::operation() const { return check.substr(0, check.find('/', check.find('/') + 1)); }

void Tally::add(Status s) {
    switch (s) {
        case Status::passed: ++passed; break;
        case Status::failed: ++failed; break;
        case Status::skipped: ++skipped; break;
        case Status::expected_failure: ++expected_failures; break;
        case Status::unexpected_pass: ++unexpected_passes; break;
        case Status::outside_domain: ++outside_domain; break;
    }
}

std::string Tally::line() const {
    std::string s = fmt::format("{} passed, {} failed, {} skipped", passed, failed, skipped);
    if (expected_failures) s += fmt::format(", {} expected failure{}", expected_failures, expected_failures == 1 ? "" : "s");
    if (unexpected_passes) s += fmt::format(", {} unexpected pass{}", unexpected_passes, unexpected_passes == 1 ? "" : "es");
    if (outside_domain) s += fmt::format(", {} outside the domain", outside_domain);
    return s;
}

Tally tally(const std::vector<Result>& results) {
    Tally t;
    for (const Result& r : results) t.add(r.status);
    return t;
}

std::map<std::string, std::map<std::string, Tally>> tallies(const std::vector<Result>& results,
                                                            std::string (Result::*key)() const) {
    std::map<std::string, std::map<std::string, Tally>> out;
    for (const Result& r : results) out[r.testee][(r.*key)()].add(r.status);
    return out;
}

namespace {

std::ofstream open_output(const std::filesystem::path& file) {
    std::ofstream out(file);
    if (!out) throw InputError("cannot write " + file.string());
    return out;
}

// Text as XML character data or an attribute value: the five special characters escaped, and the
// control characters XML 1.0 cannot hold at all replaced.
std::string xml(std::string_view text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&apos;"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t' && c != '\r') out += '?';
                else out += c;
        }
    }
    return out;
}

// The first line of a report: a JUnit failure's message attribute.
std::string headline(const std::string& report) { return report.substr(0, report.find('\n')); }

}  // namespace

// One <testsuite> per testee and operation, one <testcase> per check; a failure or unexpected pass
// is a <failure> with the report, a skip or expected failure a <skipped> with its reason.
void write_junit(const std::vector<Result>& results, const std::filesystem::path& file) {
    std::map<std::pair<std::string, std::string>, std::vector<const Result*>> suites;
    for (const Result& r : results) suites[{r.testee, r.operation()}].push_back(&r);
    std::ofstream out = open_output(file);
    const Tally all = tally(results);
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << fmt::format("<testsuites name=\"tsconform conform\" tests=\"{}\" failures=\"{}\" skipped=\"{}\">\n",
                       results.size(), all.failed + all.unexpected_passes, all.skipped + all.expected_failures + all.outside_domain);
    for (const auto& [key, cases] : suites) {
        Tally t;
        double seconds = 0;
        for (const Result* r : cases) t.add(r->status), seconds += r->seconds;
        out << fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" skipped=\"{}\" time=\"{:.3f}\">\n",
                           xml(key.first + ":" + key.second), cases.size(), t.failed + t.unexpected_passes,
                           t.skipped + t.expected_failures + t.outside_domain, seconds);
        for (const Result* r : cases) {
            out << fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"{:.6f}\"", xml(key.first + "." + r->group()),
                               xml(r->check), r->seconds);
            if (r->status == Status::passed) {
                out << "/>\n";
                continue;
            }
            const bool failure = r->status == Status::failed || r->status == Status::unexpected_pass;
            out << ">\n"
                << fmt::format("      <{} message=\"{}\">{}</{}>\n", failure ? "failure" : "skipped",
                               xml(std::string(name_of(r->status)) + ": " +
                                   (r->waived_by.empty() ? "" : "(" + r->waived_by + ") ") + headline(r->report)), xml(r->report),
                               failure ? "failure" : "skipped")
                << "    </testcase>\n";
        }
        out << "  </testsuite>\n";
    }
    out << "</testsuites>\n";
}

void write_json(const std::vector<Result>& results, const std::filesystem::path& file) {
    nlohmann::json all = nlohmann::json::array();
    for (const Result& r : results)
        all.push_back({{"testee", r.testee}, {"check", r.check}, {"profile", r.profile}, {"status", name_of(r.status)},
                       {"signature", r.signature}, {"finding", r.finding},
                       {"waived_by", r.waived_by},
                       {"report", r.report}, {"seconds", r.seconds}});
    open_output(file) << nlohmann::json{{"summary", tally(results).line()}, {"results", all}}
                             .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
                      << "\n";
}

// One row per check group, one column per testee and profile ("testee@profile"; the testee alone for
// checks without one): "passed/checks" and what else happened.
void write_matrix(const std::vector<Result>& results, const std::vector<std::string>& testees,
                  const std::filesystem::path& file) {
    std::vector<std::string> columns;  // each testee's, in the order its results came
    std::map<std::string, std::map<std::string, Tally>> by_column;
    std::set<std::string> groups;
    for (const std::string& t : testees)
        for (const Result& r : results) {
            if (r.testee != t) continue;
            const std::string column = r.profile.empty() ? t : t + "@" + r.profile;
            if (!by_column.contains(column)) columns.push_back(column);
            by_column[column][r.group()].add(r.status);
            groups.insert(r.group());
        }
    std::ofstream out = open_output(file);
    out << "| check group |";
    for (const std::string& c : columns) out << " " << c << " |";
    out << "\n|---|";
    for (std::size_t i = 0; i < columns.size(); ++i) out << "---|";
    out << "\n";
    for (const std::string& g : groups) {
        out << "| " << g << " |";
        for (const std::string& column : columns) {
            const auto testee = by_column.find(column);
            if (!testee->second.contains(g)) {
                out << " – |";
                continue;
            }
            const Tally& c = testee->second.at(g);
            const std::size_t checks =
                c.passed + c.failed + c.skipped + c.expected_failures + c.unexpected_passes + c.outside_domain;
            if (c.skipped == checks) {
                out << " skipped |";
                continue;
            }
            std::string text = fmt::format("{}/{} passed", c.passed, checks);
            if (c.failed) text += fmt::format(", **{} failed**", c.failed);
            if (c.expected_failures) text += fmt::format(", {} expected", c.expected_failures);
            if (c.unexpected_passes) text += fmt::format(", **{} unexpected passes**", c.unexpected_passes);
            if (c.skipped) text += fmt::format(", {} skipped", c.skipped);
            if (c.outside_domain) text += fmt::format(", {} outside the domain", c.outside_domain);
            out << " " << text << " |";
        }
        out << "\n";
    }
    out << "\n" << tally(results).line() << "\n";
}

}  // namespace tsc::runner
