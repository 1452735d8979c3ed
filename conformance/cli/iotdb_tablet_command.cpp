// tsconform iotdb-tablet serialize|parse: one tablet or one pair of buffers through one subject, with the
// reference's verdict and, for serialize, the contract (what the server reads back).
#include <cstdio>
#include <stdexcept>

#include <fmt/format.h>

#include "conformance/cli/commands.hpp"
#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/iotdb_tablet_checks.hpp"
#include "conformance/harness/iotdb_tablet_json.hpp"
#include "subjects/api/registry.hpp"

namespace tsc::cli {
namespace {

struct Options {
    std::string subject = "fast";
    std::string profile = "all";
    std::string parser = "legacy";
    std::string client;
    std::string types;
    std::int32_t rows = 0;
    std::string tablet;
    std::string timestamps;
    std::string values;
};

iotdb::Subject& subject_named(const std::string& name) {
    iotdb::Subject* s = registry<iotdb::Subject>().find(name);
    if (!s) throw CLI::ValidationError("--subject", "no iotdb_tablet subject named " + name + " (see: tsconform subjects)");
    return *s;
}

nlohmann::json parse_json(const std::string& what, const std::string& text) {
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        throw CLI::ValidationError(what, e.what());
    }
}

std::vector<iotdb::Profile> profiles_named(const std::string& name) {
    if (name == "all") return {iotdb::kProfiles.begin(), iotdb::kProfiles.end()};
    const auto p = iotdb::find_profile(name);
    if (!p) throw CLI::ValidationError("--profile", "unknown profile " + name);
    return {*p};
}

// "INT32,TEXT,13": names or codes.
std::vector<DataType> types_named(const std::string& list) {
    if (list == "''") return {};
    nlohmann::json j = nlohmann::json::array();
    std::string token;
    auto flush = [&] {
        if (token.empty()) return;
        const bool number = token.find_first_not_of("0123456789") == std::string::npos;
        j.push_back(number ? nlohmann::json(std::stoi(token)) : nlohmann::json(token));
        token.clear();
    };
    for (char c : list) (c == ',' || c == ' ') ? flush() : token.push_back(c);
    flush();
    try {
        return iotdb::types_from_json(j);
    } catch (const std::exception& e) {
        throw CLI::ValidationError("--types", e.what());
    }
}

Bytes hex_argument(const std::string& what, const std::string& text) {
    const auto bytes = from_hex(text == "''" ? "" : text);
    if (!bytes) throw CLI::ValidationError(what, "not hex: " + text);
    return *bytes;
}

// Prints each profile's buffers, then every divergence from the reference and from the contract (a
// registered finding is printed, not failed); exit status 1 on an unexplained divergence.
void run_serialize(const Options& o) {
    iotdb::Tablet tablet;
    iotdb::ClientState client;
    try {
        tablet = iotdb::tablet_from_json(parse_json("TABLET", o.tablet));
        client = iotdb::client_from_json(o.client.empty() ? nlohmann::json() : parse_json("--client", o.client));
    } catch (const std::runtime_error& e) {
        throw CLI::ValidationError("TABLET", e.what());
    }
    iotdb::Subject& s = subject_named(o.subject);
    std::vector<Failure> failures;
    for (const iotdb::Profile& p : profiles_named(o.profile)) {
        const iotdb::SerializeOutcome out = s.serialize(tablet, client, p);
        if (out.ok()) {
            std::printf("%s timestamps: %s\n%s values:     %s\n", std::string(p.name).c_str(),
                        to_hex(out.timestamps).c_str(), std::string(p.name).c_str(), to_hex(out.values).c_str());
        } else {
            std::printf("%s error: %s\n", std::string(p.name).c_str(), std::string(name_of(out.error)).c_str());
        }
        for (Failure& f : iotdb::check_serialize(s, tablet, client, p)) failures.push_back(std::move(f));
        for (const iotdb::ParserProfile& q : iotdb::kParserProfiles) {
            const iotdb::ContractVerdict v = iotdb::contract(tablet, client, p, q);
            if (v.divergence && v.registered)
                std::printf("%s, parser %s: registered finding %s: %s: expected %s, actual %s\n",
                            std::string(p.name).c_str(), std::string(q.name).c_str(),
                            std::string(*v.condition).c_str(), v.divergence->where.c_str(),
                            v.divergence->expected.c_str(), v.divergence->actual.c_str());
            for (Failure& f : iotdb::check_contract(tablet, client, p, q)) failures.push_back(std::move(f));
        }
    }
    std::fflush(stdout);
    std::fprintf(stderr, "%s", failures.empty() ? "reference agrees\n" : describe_all(failures).c_str());
    if (!failures.empty()) throw CLI::RuntimeError(1);
}

// Prints the subject's verdict as tablet JSON and whether the reference agrees; exit status 1 when not.
void run_parse(const Options& o) {
    const auto parser = iotdb::find_parser_profile(o.parser);
    if (!parser) throw CLI::ValidationError("--parser", "unknown parser profile " + o.parser);
    const iotdb::Schema schema{types_named(o.types), o.rows};
    const Bytes timestamps = hex_argument("TIMESTAMPS", o.timestamps);
    const Bytes values = hex_argument("VALUES", o.values);
    iotdb::Subject& s = subject_named(o.subject);
    const iotdb::ParseOutcome out = s.parse(timestamps, values, schema, *parser);
    if (out.ok()) {
        std::printf("%s\nconsumed %zu of %zu value bytes\n", iotdb::to_json(out.tablet).dump().c_str(), out.consumed,
                    values.size());
    } else {
        std::printf("error %s\n", std::string(name_of(out.error)).c_str());
    }
    const auto failures = iotdb::check_parse(s, timestamps, values, schema, *parser);
    std::fflush(stdout);
    std::fprintf(stderr, "%s", failures.empty() ? "reference agrees\n" : describe_all(failures).c_str());
    if (!failures.empty()) throw CLI::RuntimeError(1);
}

}  // namespace

void add_iotdb_tablet_commands(CLI::App& app) {
    auto options = std::make_shared<Options>();
    CLI::App* family = app.add_subcommand("iotdb-tablet", "IoTDB insertTablet timestamps and values buffers");
    family->require_subcommand(1);

    CLI::App* serialize =
        family->add_subcommand("serialize", "Serialize a tablet given as JSON (the vectors' shape); prints hex");
    serialize->add_option("--subject", options->subject, "subject to run")->capture_default_str();
    serialize->add_option("--profile", options->profile, "java, cpp, python, go, node, or all")->capture_default_str();
    serialize->add_option("--client", options->client,
                          "client state JSON, e.g. '{\"bitmaps_allocated\":true,\"columns\":[{\"padding_marks\":\"ff\"}]}'");
    serialize->add_option("TABLET", options->tablet,
                          "e.g. '{\"timestamps\":[\"1\",\"2\"],\"columns\":[{\"type\":\"INT32\",\"values\":[\"5\",null]}]}'")
        ->required();
    serialize->callback([options] { run_serialize(*options); });

    CLI::App* parse = family->add_subcommand("parse", "Parse hex timestamps and values as the server does; prints JSON");
    parse->add_option("--subject", options->subject, "subject to run")->capture_default_str();
    parse->add_option("--parser", options->parser, "legacy or tablet-decoder")->capture_default_str();
    parse->add_option("--types", options->types, "column types, e.g. INT32,TEXT,13 ('' for none)")->required();
    parse->add_option("--rows", options->rows, "the row count n (Thrift size)")->required();
    parse->add_option("TIMESTAMPS", options->timestamps, "hex ('' for none)")->required();
    parse->add_option("VALUES", options->values, "hex ('' for none)")->required();
    parse->callback([options] { run_parse(*options); });
}

}  // namespace tsc::cli
