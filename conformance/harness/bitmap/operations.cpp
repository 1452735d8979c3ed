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

std::vector<std::string> texts_of(const std::vector<Op>& ops) {
    std::vector<std::string> texts;
    texts.reserve(ops.size());
    for (const Op& op : ops) texts.push_back(to_text(op));
    return texts;
}

RunProgram::Outcome unsupported() { return {true, {}, {}, {}}; }

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
// operation, so RunProgram::run sends a whole program in one request. The Bitmap interface (the
// stateful test drives a live bitmap one operation at a time) keeps no bitmap on the other side: each
// call records its operation and sends the program so far, and answers from the last step of the
// outcome. n operations on one bitmap thus cost O(n^2) operations sent and run, which the stateful
// test's short command lists afford; getByteArray is answered from the last outcome without a request.
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

    std::unique_ptr<Bitmap> create(std::int32_t size) override { return open({size, std::nullopt, {}}); }
    std::unique_ptr<Bitmap> create(const Value& value) override { return open({value.size, value.bytes, {}}); }

    RunProgram::Outcome call(const RunProgram::Input& in) const { return protocol::call<RunProgram>(process_, in); }

private:
    std::unique_ptr<Bitmap> open(Program program);

    std::string name_;
    mutable ExternalProcess process_;
    mutable std::optional<std::string_view> profile_;
};

namespace {

class ExternalBitmap final : public Bitmap {
public:
    ExternalBitmap(const External& owner, Program program, RunProgram::Outcome outcome)
        : owner_(owner), program_(std::move(program)), outcome_(std::move(outcome)) {}

    ErrorClass mark(std::int32_t p) override { return send({OpKind::mark, {p, 0, 0}, {}, {}}).error; }
    ErrorClass unmark(std::int32_t p) override { return send({OpKind::unmark, {p, 0, 0}, {}, {}}).error; }
    Answer is_marked(std::int32_t p) const override { return answer(send({OpKind::is_marked, {p, 0, 0}, {}, {}})); }
    void mark_all() override { send({OpKind::mark_all, {}, {}, {}}); }
    void reset() override { send({OpKind::reset, {}, {}, {}}); }
    ErrorClass mark_range(std::int32_t s, std::int32_t l) override {
        return send({OpKind::mark_range, {s, l, 0}, {}, {}}).error;
    }
    ErrorClass unmark_range(std::int32_t s, std::int32_t l) override {
        return send({OpKind::unmark_range, {s, l, 0}, {}, {}}).error;
    }
    bool is_all_unmarked() const override { return send({OpKind::is_all_unmarked, {}, {}, {}}).value; }
    Answer is_all_unmarked(std::int32_t r) const override {
        return answer(send({OpKind::is_all_unmarked_prefix, {r, 0, 0}, {}, {}}));
    }
    bool is_all_marked() const override { return send({OpKind::is_all_marked, {}, {}, {}}).value; }
    Answer is_range_any_marked(std::int32_t s, std::int32_t l) const override {
        return answer(send({OpKind::is_range_any_marked, {s, l, 0}, {}, {}}));
    }
    Answer is_range_all_marked(std::int32_t s, std::int32_t l) const override {
        return answer(send({OpKind::is_range_all_marked, {s, l, 0}, {}, {}}));
    }
    Answer is_range_none_marked(std::int32_t s, std::int32_t l) const override {
        return answer(send({OpKind::is_range_none_marked, {s, l, 0}, {}, {}}));
    }
    ErrorClass merge(const Value& src, std::int32_t s, std::int32_t d, std::int32_t l) override {
        return send({OpKind::merge, {s, d, l}, src, {}}).error;
    }
    Bytes byte_array() const override { return outcome_.steps.empty() ? outcome_.created : outcome_.steps.back().bytes; }
    BytesAnswer truncated_byte_array(std::int32_t k) const override {
        const Observation o = send({OpKind::truncated_byte_array, {k, 0, 0}, {}, {}});
        return {o.error, o.bytes};
    }
    bool equals(const Value& other) const override { return send({OpKind::equals, {}, other, {}}).value; }
    Answer equals_in_range(const Value& other, std::int32_t r) const override {
        return answer(send({OpKind::equals_in_range, {r, 0, 0}, other, {}}));
    }
    ErrorClass or_failed_rows(std::int32_t e, std::int32_t l, ByteView rows) override {
        return send({OpKind::or_failed_rows, {e, l, 0}, {}, Bytes(rows.begin(), rows.end())}).error;
    }

private:
    static Answer answer(const Observation& o) { return {o.error, o.value}; }

    // The program so far with `op`, sent whole; the observation of its last operation.
    Observation send(Op op) const {
        program_.ops.push_back(std::move(op));
        outcome_ = owner_.call({program_, profile_named(owner_.profile())});
        if (outcome_.unsupported || outcome_.steps.size() != program_.ops.size())
            throw std::runtime_error("external subject " + std::string(owner_.name()) + ": no outcome for `" +
                                     to_text(program_.ops) + "` on a bitmap it created");
        return outcome_.steps.back().observation;
    }

    const External& owner_;
    mutable Program program_;
    mutable RunProgram::Outcome outcome_;
};

}  // namespace

std::unique_ptr<Bitmap> External::open(Program program) {
    RunProgram::Outcome created = call({program, profile_named(profile())});
    if (created.unsupported) return nullptr;
    return std::make_unique<ExternalBitmap>(*this, std::move(program), std::move(created));
}

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

Observation observe(reference::Bitmap& r, const Op& op, const Profile& p) {
    return run_on(r, op, [&r, &p](std::int32_t range) { return r.is_all_unmarked(range, p); },
                  [&r, &p](std::int32_t start, std::int32_t len) { return r.contains_marked_bit(start, len, p); });
}

const Profile& profile_named(std::string_view name) {
    return record_named(kProfiles, name, std::string(RunProgram::family) + " profile");
}

const Profile& profile_of(const Subject& subject) { return profile_named(subject.profile()); }

std::vector<std::string_view> RunProgram::profiles() { return names_of(kProfiles); }

RunProgram::Outcome RunProgram::reference(const Input& in) {
    const Program& p = in.program;
    auto bitmap = p.initial ? reference::Bitmap::make(Value{p.size, *p.initial}) : reference::Bitmap::make(p.size);
    if (!bitmap) return unsupported();
    Outcome o{false, bitmap->byte_array(), {}, texts_of(p.ops)};
    o.steps.reserve(p.ops.size());
    for (const Op& op : p.ops) {
        Observation observation = observe(*bitmap, op, in.profile);
        o.steps.push_back({std::move(observation), bitmap->byte_array()});
    }
    return o;
}

RunProgram::Outcome RunProgram::begin(const Bitmap& bitmap) { return {false, bitmap.byte_array(), {}, {}}; }

RunProgram::Step RunProgram::step(Bitmap& bitmap, const Op& op) {
    Observation observation = observe(bitmap, op);
    return {std::move(observation), bitmap.byte_array()};
}

RunProgram::Outcome RunProgram::run(Subject& s, const Input& in) {
    if (dynamic_cast<Reference*>(&s) != nullptr) return reference(in);  // the spec answers under every profile
    if (s.profile() != in.profile.name) return unsupported();
    const Program& p = in.program;
    if (auto* external = dynamic_cast<External*>(&s)) {
        Outcome o = external->call(in);
        o.texts = texts_of(p.ops);
        return o;
    }
    auto bitmap = p.initial ? s.create(Value{p.size, *p.initial}) : s.create(p.size);
    if (!bitmap) return unsupported();
    Outcome o = begin(*bitmap);
    o.steps.reserve(p.ops.size());
    for (const Op& op : p.ops) o.steps.push_back(step(*bitmap, op));
    o.texts = texts_of(p.ops);
    return o;
}

std::optional<Difference> RunProgram::compare(const Outcome& e, const Outcome& a) {
    if (a.unsupported) return std::nullopt;
    if (e.unsupported)
        return Difference{"outcome", "no bitmap (size or bytes outside what the reference holds)", "a bitmap"};
    if (auto d = compare_state("on construction", e.created, a.created)) return d;
    const std::vector<std::string>& texts = a.texts.empty() ? e.texts : a.texts;
    for (std::size_t i = 0; i < e.steps.size() && i < a.steps.size(); ++i) {
        const std::string op = fmt::format("operation {} `{}`", i + 1, i < texts.size() ? texts[i] : "?");
        if (e.steps[i].observation != a.steps[i].observation)
            return Difference{op + ": result", describe(e.steps[i].observation), describe(a.steps[i].observation)};
        if (auto d = compare_state(op + ": then", e.steps[i].bytes, a.steps[i].bytes)) return d;
    }
    return compare_field("operation count", e.steps.size(), a.steps.size(),
                         [](std::size_t n) { return std::to_string(n); });
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
    for (Subject* s : subjects_under_test<Subject>())
        for (Failure& f : check_program(*s, program)) failures.push_back(std::move(f));
    return failures;
}

std::vector<Failure> check_step(const Subject& subject, Bitmap& bitmap, RunProgram::Outcome& so_far,
                                const RunProgram::Input& in) {
    count_case(RunProgram::family);
    const Op& op = in.program.ops.back();
    so_far.steps.push_back(RunProgram::step(bitmap, op));
    so_far.texts.push_back(to_text(op));
    const std::optional<Difference> diff = RunProgram::compare(RunProgram::reference(in), so_far);
    if (!diff) return {};
    return {failure_of<RunProgram>(subject.name(), in, *diff)};
}

}  // namespace tsc::bitmap

template struct tsc::SubjectKinds<tsc::bitmap::Subject, tsc::bitmap::Reference, tsc::bitmap::External>;
