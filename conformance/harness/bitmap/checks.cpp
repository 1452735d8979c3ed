#include "conformance/harness/bitmap_checks.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "conformance/harness/case_counter.hpp"
#include "conformance/harness/encoding_text.hpp"
#include "subjects/api/registry.hpp"

namespace tsc::bitmap {

const Profile& profile_of(const Subject& subject) {
    for (const Profile& p : kProfiles)
        if (p.name == subject.profile()) return p;
    return kDefaultProfile;
}

std::string describe(const Observation& o) {
    if (o.error != ErrorClass::ok) return fmt::format("error:{}", name_of(o.error));
    switch (o.kind) {
        case Observation::Kind::done: return "ok";
        case Observation::Kind::boolean: return o.value ? "true" : "false";
        case Observation::Kind::bytes: return to_hex(o.bytes);
    }
    return "?";
}

namespace {

Observation done(ErrorClass e) { return {Observation::Kind::done, e, false, {}}; }
Observation boolean(bool v) { return {Observation::Kind::boolean, ErrorClass::ok, v, {}}; }
Observation boolean(const Answer& a) { return {Observation::Kind::boolean, a.error, a.error == ErrorClass::ok && a.value, {}}; }
Observation bytes(Bytes b) { return {Observation::Kind::bytes, ErrorClass::ok, false, std::move(b)}; }
Observation bytes(BytesAnswer a) { return {Observation::Kind::bytes, a.error, false, std::move(a.bytes)}; }

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

// The first byte where two byte arrays differ, as positions (§1.2: byte i holds positions 8i..8i+7).
std::optional<std::string> first_difference(ByteView expected, ByteView actual) {
    for (std::size_t i = 0; i < expected.size() && i < actual.size(); ++i)
        if (expected[i] != actual[i])
            return fmt::format("getByteArray byte {} (positions {}-{}), bits {:08b} differ", i, 8 * i, 8 * i + 7,
                               expected[i] ^ actual[i]);
    if (expected.size() != actual.size())
        return fmt::format("getByteArray length {} vs {}", expected.size(), actual.size());
    return std::nullopt;
}

Failure failure(const Subject& s, const Profile& p, ByteView state, const Program& program, std::string where,
                std::string expected, std::string actual) {
    const std::string operation = program.ops.empty() ? "create" : std::string(info(program.ops.back().kind).name);
    return Failure{"bitmap", operation, std::string(s.name()), std::string(p.name), to_hex(state), to_base64(state),
                   std::move(where), std::move(expected), std::move(actual),
                   reproduce_command(s.name(), p.name, program)};
}

}  // namespace

Observation run(Bitmap& s, const Op& op) {
    return run_on(s, op, [&s](std::int32_t r) { return s.is_all_unmarked(r); },
                  [&s](std::int32_t start, std::int32_t len) { return s.is_range_any_marked(start, len); });
}

Observation run(reference::Bitmap& r, const Op& op, const Profile& p) {
    return run_on(r, op, [&r, &p](std::int32_t range) { return r.is_all_unmarked(range, p); },
                  [&r, &p](std::int32_t start, std::int32_t len) { return r.contains_marked_bit(start, len, p); });
}

StepResult check_step(const Subject& subject, Bitmap& bitmap, reference::Bitmap& reference, const Program& history,
                      const Op& op) {
    return check_step(subject, bitmap, reference, history, op, profile_of(subject));
}

StepResult check_step(const Subject& subject, Bitmap& bitmap, reference::Bitmap& reference, const Program& history,
                      const Op& op, const Profile& profile) {
    count_case("bitmap");
    const Bytes before = reference.byte_array();
    StepResult r;
    r.subject = run(bitmap, op);
    r.reference = run(reference, op, profile);
    // Built only on a divergence: the program so far, this operation included, is the reproducer.
    auto diverged = [&](const std::string& what, std::string expected, std::string actual) {
        Program program = history;
        program.ops.push_back(op);
        const std::string where = fmt::format("operation {} `{}`: {}", program.ops.size(), to_text(op), what);
        r.failures.push_back(failure(subject, profile, before, program, where, std::move(expected), std::move(actual)));
    };
    if (r.subject != r.reference) {
        diverged("result", describe(r.reference), describe(r.subject));
    } else if (const Bytes after = bitmap.byte_array(); after != reference.byte_array()) {
        diverged("then " + *first_difference(reference.byte_array(), after), to_hex(reference.byte_array()), to_hex(after));
    }
    return r;
}

std::unique_ptr<Bitmap> create_bitmap(Subject& subject, const Program& p) {
    if (!is_valid(p)) return nullptr;
    return p.initial ? subject.create(Value{p.size, *p.initial}) : subject.create(p.size);
}

std::optional<reference::Bitmap> create_reference(const Program& p) {
    return p.initial ? reference::Bitmap::make(Value{p.size, *p.initial}) : reference::Bitmap::make(p.size);
}

ProgramResult check_program(Subject& subject, const Program& p) {
    auto bitmap = create_bitmap(subject, p);
    auto reference = create_reference(p);
    if (!bitmap || !reference) return {};
    ProgramResult result{true, {}};
    Program history{p.size, p.initial, {}};
    if (const Bytes start = bitmap->byte_array(); start != reference->byte_array()) {
        result.failures.push_back(failure(subject, profile_of(subject), reference->byte_array(), history,
                                          "on construction: " + *first_difference(reference->byte_array(), start),
                                          to_hex(reference->byte_array()), to_hex(start)));
        return result;
    }
    for (const Op& op : p.ops) {
        StepResult step = check_step(subject, *bitmap, *reference, history, op);
        if (!step.failures.empty()) {
            result.failures = std::move(step.failures);
            return result;
        }
        history.ops.push_back(op);
    }
    return result;
}

std::vector<Failure> check_program(const Program& p) {
    std::vector<Failure> failures;
    for (Subject* s : subjects_under_test())
        for (Failure& f : check_program(*s, p).failures) failures.push_back(std::move(f));
    return failures;
}

std::string reproduce_command(std::string_view subject, std::string_view profile, const Program& p) {
    return fmt::format("tsconform bitmap --subject {} --profile {} --size {}{} \"{}\"", subject, profile, p.size,
                       p.initial ? " --bytes " + to_hex(*p.initial) : std::string(), to_text(p.ops));
}

}  // namespace tsc::bitmap
