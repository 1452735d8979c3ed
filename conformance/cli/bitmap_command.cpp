// tsconform bitmap: an operation list applied to one bitmap of one subject, each answer printed, and the
// reference's verdict (under the subject's profile, or --profile to compare with an upstream one).
//     tsconform bitmap --subject fast-long --size 20 "mark 3; markRange 5 4; isRangeAnyMarked 0 4; bytes"
#include <cstdio>

#include <fmt/format.h>

#include "conformance/cli/commands.hpp"
#include "conformance/harness/bitmap_checks.hpp"
#include "conformance/harness/encoding_text.hpp"
#include "subjects/api/registry.hpp"

namespace tsc::cli {
namespace {

struct Options {
    std::string subject = "fast-array";
    std::string profile;  // empty: the subject's own
    std::int32_t size = 0;
    std::string bytes;
    std::string ops;
};

bitmap::Program parse_program(const Options& o) {
    bitmap::Program p;
    p.size = o.size;
    if (!o.bytes.empty()) {
        auto bytes = from_hex(o.bytes);
        if (!bytes) throw CLI::ValidationError("--bytes", "not hex: " + o.bytes);
        p.initial = std::move(*bytes);
    }
    if (!bitmap::is_valid(p))
        throw CLI::ValidationError("--size", fmt::format("size must be 0 to {} and --bytes hold size/8+1 bytes",
                                                         bitmap::kMaxSize));
    std::string error;
    auto ops = bitmap::parse_ops(o.ops, error);
    if (!ops) throw CLI::ValidationError("OPS", error);
    p.ops = std::move(*ops);
    return p;
}

// Prints one line per operation; stops at the first divergence, prints its report and exits 1.
void run(const Options& o) {
    const bitmap::Program program = parse_program(o);
    bitmap::Subject* subject = registry<bitmap::Subject>().find(o.subject);
    if (!subject) throw CLI::ValidationError("--subject", "no bitmap subject named " + o.subject + " (see: tsconform subjects)");
    const auto profile = o.profile.empty() ? std::optional(bitmap::profile_of(*subject)) : bitmap::find_profile(o.profile);
    if (!profile) throw CLI::ValidationError("--profile", "unknown profile " + o.profile);

    auto bm = bitmap::create_bitmap(*subject, program);
    auto reference = bitmap::create_reference(program);
    if (!bm) {
        std::printf("%s: no result for a bitmap of size %d (the subject does not support it)\n", o.subject.c_str(), o.size);
        throw CLI::RuntimeError(2);
    }
    std::printf("%s, size %d, checked against the reference under profile %.*s\n", o.subject.c_str(), o.size,
                static_cast<int>(profile->name.size()), profile->name.data());
    bitmap::Program history{program.size, program.initial, {}};
    for (const bitmap::Op& op : program.ops) {
        const auto step = bitmap::check_step(*subject, *bm, *reference, history, op, *profile);
        std::printf("  %-36s %s\n", bitmap::to_text(op).c_str(), bitmap::describe(step.subject).c_str());
        if (!step.failures.empty()) {
            std::printf("%s", describe_all(step.failures).c_str());
            throw CLI::RuntimeError(1);
        }
        history.ops.push_back(op);
    }
    std::printf("bytes: %s\nreference agrees\n", to_hex(bm->byte_array()).c_str());
}

}  // namespace

void add_bitmap_commands(CLI::App& app) {
    auto o = std::make_shared<Options>();
    CLI::App* cmd = app.add_subcommand(
        "bitmap", "Apply BitMap operations ('mark 3; markRange 5 4; isRangeAnyMarked 0 4; bytes') with one subject");
    cmd->add_option("--subject", o->subject, "subject to run (tsconform subjects)")->capture_default_str();
    cmd->add_option("--profile", o->profile,
                    "reference profile to compare with: tsfile, tsfile-array, tsfile-long, iotdb-legacy, iotdb-pr18358 "
                    "(default: the subject's)");
    cmd->add_option("--size", o->size, "bitmap size in bits")->required();
    cmd->add_option("--bytes", o->bytes, "initial bytes, BitMap(size, bytes): size/8+1 bytes of hex");
    cmd->add_option("OPS", o->ops,
                    "operations separated by ';': mark P, unmark P, isMarked P, markAll, reset, markRange S L, "
                    "unmarkRange S L, isAllUnmarked [R], isAllMarked, isRangeAnyMarked|isRangeAllMarked|"
                    "isRangeNoneMarked|containsMarkedBit S L, merge SIZE HEX S D L, bytes, getTruncatedByteArray K, "
                    "equals SIZE HEX, equalsInRange SIZE HEX R, orFailedRows E L HEX|-")
        ->required();
    cmd->callback([o] { run(*o); });
}

}  // namespace tsc::cli
