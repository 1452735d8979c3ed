#include "conformance/harness/bitmap/operations.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "conformance/harness/encoding_text.hpp"
#include "conformance/harness/names.hpp"
#include "conformance/harness/protocol.hpp"
#include "conformance/harness/subject_kinds.hpp"

namespace tsc::bitmap {
namespace {

constexpr std::string_view kErrorPrefix = "error:";

// The constructors normalize: an error class replaces the answer, whatever kind it had.
Observation done(ErrorClass e) { return {Observation::Kind::done, e, false, {}}; }
Observation boolean(bool v) { return {Observation::Kind::boolean, ErrorClass::ok, v, {}}; }
Observation boolean(const Answer& a) { return a.error != ErrorClass::ok ? done(a.error) : boolean(a.value); }
Observation bytes(Bytes b) { return {Observation::Kind::bytes, ErrorClass::ok, false, std::move(b)}; }
Observation bytes(BytesAnswer a) { return a.error != ErrorClass::ok ? done(a.error) : bytes(std::move(a.bytes)); }

// One switch for subjects and the reference: their operations have the same names. Only the two
// profile-dependent queries are passed in.
template <class B, class Prefix, class Contains>
Observation run_on(B& b, const Op& op, Prefix is_all_unmarked_prefix, Contains contains_marked_bit) {
    const auto& [a0, a1, a2] = op.args;
    switch (op.kind) {
        case OpKind::mark: return done(b.mark(a0));
        case OpKind::unmark: return done(b.unmark(a0));
        case OpKind::is_marked: return boolean(b.is_marked(a0));
        case OpKind::mark_all: b.mark_all(); return done(ErrorClass::ok);
        case OpKind::reset: b.reset(); return done(ErrorClass::ok);
        case OpKind::mark_range: return done(b.mark_range(a0, a1));
        case OpKind::unmark_range: return done(b.unmark_range(a0, a1));
        case OpKind::is_all_unmarked: return boolean(b.is_all_unmarked());
        case OpKind::is_all_unmarked_prefix: return boolean(is_all_unmarked_prefix(a0));
        case OpKind::is_all_marked: return boolean(b.is_all_marked());
        case OpKind::is_range_any_marked: return boolean(b.is_range_any_marked(a0, a1));
        case OpKind::is_range_all_marked: return boolean(b.is_range_all_marked(a0, a1));
        case OpKind::is_range_none_marked: return boolean(b.is_range_none_marked(a0, a1));
        case OpKind::contains_marked_bit: return boolean(contains_marked_bit(a0, a1));
        case OpKind::merge: return done(b.merge(op.operand, a0, a1, a2));
        case OpKind::byte_array: return bytes(Bytes(b.byte_array()));
        case OpKind::truncated_byte_array: return bytes(b.truncated_byte_array(a0));
        case OpKind::equals: return boolean(b.equals(op.operand));
        case OpKind::equals_in_range: return boolean(b.equals_in_range(op.operand, a0));
        case OpKind::or_failed_rows: return done(b.or_failed_rows(a0, a1, op.rows));
    }
    throw std::logic_error("unknown bitmap operation");
}

// getByteArray of both sides at one point of the program: the first differing byte, with the
// positions it holds (§1.2: byte i holds positions 8i..8i+7).
std::optional<Difference> compare_state(std::string_view when, ByteView e, ByteView a) {
    std::optional<Difference> d = compare_bytes("getByteArray", e, a);
    if (!d) return d;
    const auto [ei, ai] = std::mismatch(e.begin(), e.end(), a.begin(), a.end());
    if (ei != e.end() && ai != a.end()) {
        const auto i = static_cast<std::size_t>(ei - e.begin());
        d->where += fmt::format(" (positions {}-{}, bits {:08b} differ)", 8 * i, 8 * i + 7, *ei ^ *ai);
    }
    d->where = fmt::format("{}: {}", when, d->where);
    return d;
}

RunProgram::Outcome unsupported() { return {true, {}, {}, {}}; }

// The outcome of `ops` on a live bitmap (a subject's or the reference's), each observed by `observe`.
template <class B, class Observe>
RunProgram::Outcome played(const B& bitmap, const std::vector<Op>& ops, Observe observe) {
    RunProgram::Outcome o{false, bitmap.byte_array(), {}, ops};
    o.steps.reserve(ops.size());
    for (const Op& op : ops) {
        Observation observation = observe(op);
        o.steps.push_back({std::move(observation), bitmap.byte_array()});
    }
    return o;
}

// The reference as a subject: its Bitmap interface over reference::Bitmap (for the Subject-level
// tests and tools); RunProgram::run gives it the reference's outcome under every profile.
class ReferenceBitmap final : public Bitmap {
public:
    explicit ReferenceBitmap(reference::Bitmap b) : b_(std::move(b)) {}

    ErrorClass mark(std::int32_t p) override { return b_.mark(p); }
    ErrorClass unmark(std::int32_t p) override { return b_.unmark(p); }
    Answer is_marked(std::int32_t p) const override { return b_.is_marked(p); }
    void mark_all() override { b_.mark_all(); }
    void reset() override { b_.reset(); }
    ErrorClass mark_range(std::int32_t s, std::int32_t l) override { return b_.mark_range(s, l); }
    ErrorClass unmark_range(std::int32_t s, std::int32_t l) override { return b_.unmark_range(s, l); }
    bool is_all_unmarked() const override { return b_.is_all_unmarked(); }
    Answer is_all_unmarked(std::int32_t r) const override { return b_.is_all_unmarked(r); }
    bool is_all_marked() const override { return b_.is_all_marked(); }
    Answer is_range_any_marked(std::int32_t s, std::int32_t l) const override { return b_.is_range_any_marked(s, l); }
    Answer is_range_all_marked(std::int32_t s, std::int32_t l) const override { return b_.is_range_all_marked(s, l); }
    Answer is_range_none_marked(std::int32_t s, std::int32_t l) const override { return b_.is_range_none_marked(s, l); }
    ErrorClass merge(const Value& src, std::int32_t s, std::int32_t d, std::int32_t l) override {
        return b_.merge(src, s, d, l);
    }
    Bytes byte_array() const override { return b_.byte_array(); }
    BytesAnswer truncated_byte_array(std::int32_t k) const override { return b_.truncated_byte_array(k); }
    bool equals(const Value& other) const override { return b_.equals(other); }
    Answer equals_in_range(const Value& other, std::int32_t r) const override { return b_.equals_in_range(other, r); }
    ErrorClass or_failed_rows(std::int32_t e, std::int32_t l, ByteView rows) override {
        return b_.or_failed_rows(e, l, rows);
    }

private:
    reference::Bitmap b_;
};

}  // namespace

struct Reference final : Subject {
    std::string_view name() const override { return kReferenceName; }
    std::string_view profile() const override { return kDefaultProfile.name; }
    std::unique_ptr<Bitmap> create(std::int32_t size) override { return wrap(reference::Bitmap::make(size)); }
    std::unique_ptr<Bitmap> create(const Value& value) override { return wrap(reference::Bitmap::make(value)); }

private:
    static std::unique_ptr<Bitmap> wrap(std::optional<reference::Bitmap> b) {
        return b ? std::make_unique<ReferenceBitmap>(std::move(*b)) : nullptr;
    }
};

// A subject program of the external protocol. The protocol is request/answer and `program` its one
// operation: RunProgram::run sends a whole program in one request, and no live bitmap is kept on the
// other side, so create() gives no result (the checks that drive a live bitmap skip the subject;
// the stateful test sends each program so far through RunProgram).
class External final : public Subject {
public:
    External(std::string name, std::string command) : name_(std::move(name)), process_(std::move(command)) {}
    std::string_view name() const override { return name_; }

    // The profile the program's subject claims, found once by asking for an empty bitmap of size 0
    // under each profile in turn: the first one it answers is its own (a subject answers under the
    // profile it claims only). A subject without size 0 is taken to claim the default profile.
    std::string_view profile() const override {
        if (!profile_) {
            profile_ = kDefaultProfile.name;
            for (const Profile& p : kProfiles)
                if (!call({Program{0, std::nullopt, {}}, p}).unsupported) {
                    profile_ = p.name;
                    break;
                }
        }
        return *profile_;
    }

    std::unique_ptr<Bitmap> create(std::int32_t) override { return nullptr; }
    std::unique_ptr<Bitmap> create(const Value&) override { return nullptr; }

    RunProgram::Outcome call(const RunProgram::Input& in) const { return protocol::call<RunProgram>(process_, in); }

private:
    std::string name_;
    mutable ExternalProcess process_;
    mutable std::optional<std::string_view> profile_;
};

std::string describe(const Observation& o) {
    if (o.error != ErrorClass::ok) return fmt::format("{}{}", kErrorPrefix, name_of(o.error));
    switch (o.kind) {
        case Observation::Kind::done: return "ok";
        case Observation::Kind::boolean: return o.value ? "true" : "false";
        case Observation::Kind::bytes: return to_hex(o.bytes);
    }
    return "?";
}

Observation observation_of(std::string_view text) {
    if (text == "ok") return done(ErrorClass::ok);
    if (text == "true" || text == "false") return boolean(text == "true");
    if (text.starts_with(kErrorPrefix)) {
        const auto e = value_named<ErrorClass>(kErrorClassNames, text.substr(kErrorPrefix.size()),
                                               std::string(RunProgram::family) + " error class");
        if (e == ErrorClass::ok) throw InputError("an observation's error class is never `ok`: write ok");
        return done(e);
    }
    if (auto b = from_hex(text)) return bytes(std::move(*b));
    throw InputError("observation `" + std::string(text) +
                                "`: expected ok, true, false, hex bytes or error:<class>");
}

Observation observe(Bitmap& s, const Op& op) {
    return run_on(s, op, [&s](std::int32_t r) { return s.is_all_unmarked(r); },
                  [&s](std::int32_t start, std::int32_t len) { return s.is_range_any_marked(start, len); });
}

Observation observe(reference::Bitmap& r, const Op& op) {
    return run_on(r, op, [&r](std::int32_t range) { return r.is_all_unmarked(range); },
                  [&r](std::int32_t start, std::int32_t len) { return r.contains_marked_bit(start, len); });
}

const Profile& profile_named(std::string_view name) {
    return record_named(kProfiles, name, std::string(RunProgram::family) + " profile");
}

const Profile& profile_of(const Subject& subject) { return profile_named(subject.profile()); }

std::vector<std::string_view> RunProgram::profiles() { return names_of(kProfiles); }

std::optional<std::string> RunProgram::outside_domain(const Input& in) {
    if (in.program.size > in.profile.max_size)
        return fmt::format("a bitmap of {} positions; profile {} holds at most {} ({})", in.program.size,
                           in.profile.name, in.profile.max_size, in.profile.followed_by);
    for (const Op& op : in.program.ops)
        if (op.kind == OpKind::truncated_byte_array && !truncation_in_domain(in.profile, op.args[0]))
            return fmt::format("getTruncatedByteArray({}) under profile {} copies {} bytes, more than the largest "
                               "bitmap's array ({})", op.args[0], in.profile.name, op.args[0] / 8 + 1, in.profile.followed_by);
    return std::nullopt;
}

// Up to 256 MiB of zeros for k near 2^31 under a Java class; the checked contract refuses any k past size.
bool RunProgram::truncation_in_domain(const Profile& profile, std::int32_t k) {
    return profile.implementation == Implementation::checked ||
           k / 8 + 1 <= static_cast<std::int64_t>(reference::size_of_bytes(kMaxSize));
}

RunProgram::Outcome RunProgram::reference(const Input& in) {
    if (outside_domain(in)) return unsupported();
    const Program& p = in.program;
    auto bitmap = p.initial ? reference::Bitmap::make(Value{p.size, *p.initial}, in.profile)
                            : reference::Bitmap::make(p.size, in.profile);
    if (!bitmap) return unsupported();
    return played(*bitmap, p.ops, [&](const Op& op) { return observe(*bitmap, op); });
}

RunProgram::Outcome RunProgram::run(Subject& s, const Input& in) {
    if (dynamic_cast<Reference*>(&s) != nullptr) return reference(in);  // the spec answers under every profile
    if (s.profile() != in.profile.name) return unsupported();
    const Program& p = in.program;
    if (auto* external = dynamic_cast<External*>(&s)) {
        Outcome o = external->call(in);
        o.ops = p.ops;
        return o;
    }
    auto bitmap = p.initial ? s.create(Value{p.size, *p.initial}) : s.create(p.size);
    if (!bitmap) return unsupported();
    return played(*bitmap, p.ops, [&](const Op& op) { return observe(*bitmap, op); });
}

namespace {

std::optional<Difference> compare_runs(const RunProgram::Outcome& e, const RunProgram::Outcome& a, const std::vector<Op>& ops) {
    if (a.unsupported) return std::nullopt;
    if (e.unsupported)
        return Difference{"outcome", "no bitmap (size or bytes outside what the reference holds)", "a bitmap"};
    if (auto d = compare_state("on construction", e.created, a.created)) return d;
    // Named only once a step differs: formatting every step would cost more than comparing it.
    const auto op = [&](std::size_t i) {
        return fmt::format("operation {} `{}`", i + 1, i < ops.size() ? to_text(ops[i]) : "?");
    };
    for (std::size_t i = 0; i < e.steps.size() && i < a.steps.size(); ++i) {
        if (e.steps[i].observation != a.steps[i].observation)
            return Difference{op(i) + ": result", describe(e.steps[i].observation), describe(a.steps[i].observation)};
        if (e.steps[i].bytes != a.steps[i].bytes) return compare_state(op(i) + ": then", e.steps[i].bytes, a.steps[i].bytes);
    }
    if (e.steps.size() == a.steps.size()) return std::nullopt;
    return Difference{"operation count", std::to_string(e.steps.size()), std::to_string(a.steps.size())};
}

}  // namespace

std::optional<Difference> RunProgram::compare(const Outcome& e, const Outcome& a) {
    return compare_runs(e, a, a.ops.empty() ? e.ops : a.ops);
}

std::optional<Difference> RunProgram::compare(const Input& in, const Outcome& e, const Outcome& a) {
    return compare_runs(e, a, in.program.ops);
}

Json RunProgram::input_json(const Input& in) {
    Json j{{"size", int64_json(in.program.size)}};
    if (in.program.initial) j["bytes"] = bytes_json(*in.program.initial);
    j["ops"] = to_text(in.program.ops);
    return j;
}

// `size` is the Java int of BitMap(size), negative ones included (the spec's error cases); `bytes`
// is there for BitMap(size, bytes) only.
RunProgram::Input RunProgram::read_input(const JsonAt& j, std::string_view profile) {
    Input in;
    in.program.size = j["size"].decimal<std::int32_t>();
    if (const auto bytes = j.optional("bytes")) in.program.initial = bytes->bytes();
    std::string error;
    auto ops = parse_ops(j["ops"].string(), error);
    if (!ops) j["ops"].invalid(error);
    in.program.ops = std::move(*ops);
    in.profile = profile.empty() ? kDefaultProfile : profile_named(profile);
    return in;
}

Json RunProgram::outcome_json(const Outcome& o) {
    if (o.unsupported) return {{"unsupported", true}};
    Json observations = Json::array();
    Json bytes = Json::array();
    for (const Step& s : o.steps) {
        observations.push_back(describe(s.observation));
        bytes.push_back(bytes_json(s.bytes));
    }
    return {{"created", bytes_json(o.created)}, {"observations", observations}, {"bytes", bytes}};
}

bool RunProgram::explains(const Finding& f, const Input& in, const Outcome& expected, const Outcome& actual) {
    const std::vector<Op>& ops = in.program.ops;
    for (std::size_t i = 0; i < expected.steps.size() && i < actual.steps.size() && i < ops.size(); ++i) {
        if (expected.steps[i].observation == actual.steps[i].observation && expected.steps[i].bytes == actual.steps[i].bytes)
            continue;
        const Op& op = ops[i];
        const std::int32_t length = op.kind == OpKind::contains_marked_bit ? op.args[1] : op.args[0];
        const char* call_class = expected.steps[i].observation.error != ErrorClass::ok ? "out-of-range"
                                 : length == 0                                         ? "len-0"
                                                                                       : "in-range";
        return f.block.value("operation", "") == info(op.kind).name && f.block.value("class", "") == call_class;
    }
    return false;
}

RunProgram::Outcome RunProgram::read_outcome(const JsonAt& j) {
    if (const auto u = j.optional("unsupported")) {
        if (!u->boolean()) u->mistyped("true (or no field `unsupported`)");
        return unsupported();
    }
    Outcome o{false, j["created"].bytes(), {}, {}};
    const std::vector<JsonAt> observations = j["observations"].elements();
    const std::vector<JsonAt> bytes = j["bytes"].elements(observations.size());
    for (std::size_t i = 0; i < observations.size(); ++i) {
        try {
            o.steps.push_back({observation_of(observations[i].string()), bytes[i].bytes()});
        } catch (const InputError& e) {
            if (std::string_view(e.what()).starts_with('`')) throw;  // already names its path
            observations[i].invalid(e.what());
        }
    }
    return o;
}

void add_subject(std::unique_ptr<Subject> subject) { registry<Subject>().add(std::move(subject)); }

std::vector<Failure> check_program(Subject& subject, const Program& program) {
    return check<RunProgram>(subject, {program, profile_of(subject)});
}

std::vector<Failure> check_program(const Program& program) {
    std::vector<Failure> failures;
    for (Subject* s : subjects_under_test<Subject>()) append(failures, check_program(*s, program));
    return failures;
}

}  // namespace tsc::bitmap

template struct tsc::SubjectKinds<tsc::bitmap::Subject, tsc::bitmap::Reference, tsc::bitmap::External>;
