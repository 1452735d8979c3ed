// tsconform tsfile-tablet serialize|deserialize: one tablet through one subject, and the reference's
// verdict. The tablet JSON is the shape of corpora/vectors/tsfile_tablet.json (tsfile_tablet_json.hpp).
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "conformance/cli/commands.hpp"
#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/tsfile_tablet_checks.hpp"
#include "conformance/harness/tsfile_tablet_json.hpp"
#include "subjects/api/registry.hpp"

namespace tsc::cli {
namespace {

struct TsfileOptions {
    std::string subject = "fast";
    std::string layout = "newest";
    std::size_t offset = tsfile::kDefaultOffset;
    std::string input;
};

tsfile::Subject& tsfile_subject_named(const std::string& name) {
    tsfile::Subject* s = registry<tsfile::Subject>().find(name);
    if (!s) throw CLI::ValidationError("--subject", "no tsfile_tablet subject named " + name + " (see: tsconform subjects)");
    return *s;
}

tsfile::Layout layout_named(const std::string& name) {
    const auto layout = tsfile::find_layout(name);
    if (!layout) throw CLI::ValidationError("--layout", "unknown layout " + name + " (newest, v15201a9d)");
    return *layout;
}

// The JSON text itself, or @path of a file holding it.
tsfile::Tablet read_tablet(const std::string& argument) {
    std::string text = argument;
    if (!argument.empty() && argument[0] == '@') {
        std::ifstream in(argument.substr(1));
        if (!in) throw CLI::ValidationError("TABLET", "cannot read " + argument.substr(1));
        std::ostringstream all;
        all << in.rdbuf();
        text = all.str();
    }
    try {
        return tsfile::tablet_from_json(nlohmann::json::parse(text));
    } catch (const std::exception& e) {
        throw CLI::ValidationError("TABLET", e.what());
    }
}

// Prints the hex of the bytes written at the offset; exit status 1 when the reference disagrees.
void run_serialize(const TsfileOptions& o) {
    const tsfile::Tablet tablet = read_tablet(o.input);
    const tsfile::Layout layout = layout_named(o.layout);
    tsfile::Subject& s = tsfile_subject_named(o.subject);
    const tsfile::SerializeOutcome out = tsfile::serialize_with(s, tablet, layout, o.offset);
    if (out.ok()) {
        std::printf("%s\n", to_hex(out.bytes).c_str());
    } else {
        std::printf("error %s\n", std::string(tsfile::name_of(out.error)).c_str());
    }
    const auto failures = tsfile::check_serialize(s, tablet, layout, o.offset);
    std::fprintf(stderr, "%s", failures.empty() ? "reference agrees\n" : describe_all(failures).c_str());
    if (!failures.empty()) throw CLI::RuntimeError(1);
}

// Prints {"tablet": …, "consumed": n} or {"error": class}; exit status 1 when the reference disagrees.
void run_deserialize(const TsfileOptions& o) {
    const auto bytes = from_hex(o.input);
    if (!bytes) throw CLI::ValidationError("HEX", "not hex: " + o.input);
    const tsfile::Layout layout = layout_named(o.layout);
    tsfile::Subject& s = tsfile_subject_named(o.subject);
    const tsfile::DeserializeOutcome out = s.deserialize(*bytes, layout);
    const nlohmann::json shown = out.ok() ? nlohmann::json{{"tablet", tsfile::to_json(out.tablet)}, {"consumed", out.consumed}}
                                          : nlohmann::json{{"error", std::string(tsfile::name_of(out.error))}};
    std::printf("%s\n", shown.dump(2).c_str());
    const auto failures = tsfile::check_deserialize(s, *bytes, layout);
    std::fprintf(stderr, "%s", failures.empty() ? "reference agrees\n" : describe_all(failures).c_str());
    if (!failures.empty()) throw CLI::RuntimeError(1);
}

void add_common_options(CLI::App* cmd, TsfileOptions& o) {
    cmd->add_option("--subject", o.subject, "subject to run")->capture_default_str();
    cmd->add_option("--layout", o.layout, "Tablet.java layout: newest, v15201a9d")->capture_default_str();
}

}  // namespace

void add_tsfile_tablet_commands(CLI::App& app) {
    auto options = std::make_shared<TsfileOptions>();
    CLI::App* family = app.add_subcommand("tsfile-tablet", "TsFile Java Tablet.serialize / Tablet.deserialize(ByteBuffer)");
    family->require_subcommand(1);

    CLI::App* serialize = family->add_subcommand("serialize", "Serialize a tablet given as JSON; prints hex");
    add_common_options(serialize, *options);
    serialize->add_option("--offset", options->offset, "position in the caller's buffer to write at")->capture_default_str();
    serialize->add_option("TABLET", options->input, "the tablet as JSON, or @file")->required();
    serialize->callback([options] { run_serialize(*options); });

    CLI::App* deserialize = family->add_subcommand("deserialize", "Deserialize hex bytes; prints the tablet as JSON");
    add_common_options(deserialize, *options);
    deserialize->add_option("HEX", options->input, "the serialized tablet")->required();
    deserialize->callback([options] { run_deserialize(*options); });
}

}  // namespace tsc::cli
