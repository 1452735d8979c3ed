// tsconform qwp-gorilla encode|decode: one column through one subject, and the reference's verdict.
#include <cstdio>
#include <iostream>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "conformance/cli/commands.hpp"
#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/qwp_gorilla_checks.hpp"
#include "conformance/harness/qwp_gorilla_protocol.hpp"
#include "conformance/harness/vectors.hpp"
#include "subjects/api/registry.hpp"

namespace tsc::cli {
namespace {

struct Options {
    std::string subject = "fast";
    std::string profile = "strict";
    bool no_gorilla_flag = false;
    bool bitmap = false;
    std::uint64_t rows = 0;
    std::string input;
};

qwp::Subject& subject_named(const std::string& name) {
    qwp::Subject* s = registry<qwp::Subject>().find(name);
    if (!s) throw CLI::ValidationError("--subject", "no qwp_gorilla subject named " + name + " (see: tsconform subjects)");
    return *s;
}

// "1000,null,2000" or "1000 2000": decimal timestamps, `null` for a NULL row.
qwp::Column parse_rows(const std::string& text, bool bitmap) {
    std::vector<std::optional<std::int64_t>> rows;
    std::string token;
    auto flush = [&] {
        if (token.empty()) return;
        if (token == "null") {
            rows.push_back(std::nullopt);
        } else {
            rows.push_back(parse_int64(nlohmann::json(token)));
        }
        token.clear();
    };
    for (char c : text) (c == ',' || c == ' ') ? flush() : token.push_back(c);
    flush();
    return qwp::make_column(rows, bitmap);
}

// Prints the subject's verdict and whether the reference agrees; exit status 1 when it does not.
void run_decode(const Options& o) {
    const auto profile = qwp::find_profile(o.profile);
    if (!profile) throw CLI::ValidationError("--profile", "unknown profile " + o.profile);
    const auto body = from_hex(o.input);
    if (!body) throw CLI::ValidationError("HEX", "not hex: " + o.input);
    const qwp::Framing framing{o.rows, !o.no_gorilla_flag};
    qwp::Subject& s = subject_named(o.subject);
    std::printf("%s: %s\n", o.subject.c_str(), qwp::describe(s.decode(*body, framing, *profile)).c_str());
    const auto failures = qwp::check_decode(s, *body, framing, *profile);
    std::printf("%s", failures.empty() ? "reference agrees\n" : describe_all(failures).c_str());
    if (!failures.empty()) throw CLI::RuntimeError(1);
}

void run_encode(const Options& o) {
    const qwp::Column column = parse_rows(o.input, o.bitmap);
    qwp::Subject& s = subject_named(o.subject);
    std::printf("%s\n", to_hex(s.encode(column, !o.no_gorilla_flag)).c_str());
    const auto failures = qwp::check_encode(s, column, !o.no_gorilla_flag);
    std::fprintf(stderr, "%s", failures.empty() ? "reference agrees\n" : describe_all(failures).c_str());
    if (!failures.empty()) throw CLI::RuntimeError(1);
}

// The subject's side of the external protocol (subjects/external/PROTOCOL.md) for any registered
// subject: a worked example of the protocol, and a way for other tools to call the reference.
void run_serve(const Options& o) {
    qwp::Subject& s = subject_named(o.subject);
    for (std::string line; std::getline(std::cin, line);) {
        nlohmann::json answer;
        try {
            answer = qwp::protocol::answer(s, nlohmann::json::parse(line));
        } catch (const std::exception& e) {
            answer = {{"protocol_error", e.what()}};
        }
        std::cout << answer.dump() << std::endl;  // flushed: the harness waits for each line
    }
}

}  // namespace

void add_qwp_gorilla_commands(CLI::App& app) {
    auto options = std::make_shared<Options>();
    CLI::App* family = app.add_subcommand("qwp-gorilla", "QuestDB QWP timestamp column bodies (raw or Gorilla)");
    family->require_subcommand(1);

    CLI::App* encode = family->add_subcommand("encode", "Encode decimal timestamps ('null' for NULL rows); prints hex");
    encode->add_option("--subject", options->subject, "subject to run")->capture_default_str();
    encode->add_flag("--no-gorilla-flag", options->no_gorilla_flag, "message without FLAG_GORILLA: no enc_flag");
    encode->add_flag("--bitmap", options->bitmap, "send a null bitmap even when no row is NULL");
    encode->add_option("ROWS", options->input, "e.g. 1000,2000,null,3000")->required();
    encode->callback([options] { run_encode(*options); });

    CLI::App* decode = family->add_subcommand("decode", "Decode a hex column body; prints values or the error class");
    decode->add_option("--subject", options->subject, "subject to run")->capture_default_str();
    decode->add_option("--profile", options->profile, "decoder profile: strict, server, rust, typescript, dotnet")
        ->capture_default_str();
    decode->add_option("--rows", options->rows, "row_count of the table block")->required();
    decode->add_flag("--no-gorilla-flag", options->no_gorilla_flag, "message without FLAG_GORILLA: no enc_flag");
    decode->add_option("HEX", options->input, "the column body")->required();
    decode->callback([options] { run_decode(*options); });

    CLI::App* serve = family->add_subcommand("serve", "Answer external-protocol requests on stdin with one subject");
    serve->add_option("--subject", options->subject, "subject to answer with")->capture_default_str();
    serve->callback([options] { run_serve(*options); });
}

}  // namespace tsc::cli
