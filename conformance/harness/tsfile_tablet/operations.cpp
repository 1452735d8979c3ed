#include "conformance/harness/tsfile_tablet/operations.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>
#include <optional>
#include <span>
#include <utility>

#include <fmt/format.h>

#include "conformance/harness/names.hpp"
#include "conformance/harness/protocol.hpp"
#include "conformance/harness/subject_kinds.hpp"
#include "reference/tsfile_tablet/reference.hpp"

namespace tsc::tsfile {
namespace {

// A recognizable pattern for the bytes the serializer must not touch.
std::uint8_t guard_byte(std::size_t i) { return static_cast<std::uint8_t>(0xA5u ^ (i * 29u)); }

// The pattern repeats every 256 bytes (29 is odd), so buffers are filled and checked a period at a
// time with memcpy and memcmp: in a fuzz build a byte loop costs an instrumented compare a byte.
constexpr std::size_t kGuardPeriod = 256;

const std::array<std::uint8_t, kGuardPeriod>& guard_period() {
    static const auto period = [] {
        std::array<std::uint8_t, kGuardPeriod> p{};
        for (std::size_t i = 0; i < kGuardPeriod; ++i) p[i] = guard_byte(i);
        return p;
    }();
    return period;
}

Bytes guarded(std::size_t size) {
    Bytes buffer(size);
    for (std::size_t at = 0; at < size; at += kGuardPeriod)
        std::memcpy(buffer.data() + at, guard_period().data(), std::min(kGuardPeriod, size - at));
    return buffer;
}

// The first byte of buffer[from, to) that no longer holds the pattern.
std::optional<std::size_t> first_touched(const Bytes& buffer, std::size_t from, std::size_t to) {
    for (; from < to; from += kGuardPeriod - from % kGuardPeriod) {
        const std::size_t n = std::min(to - from, kGuardPeriod - from % kGuardPeriod);
        if (std::memcmp(buffer.data() + from, guard_period().data() + from % kGuardPeriod, n) == 0) continue;
        for (std::size_t i = from;; ++i)
            if (buffer[i] != guard_byte(i)) return i;
    }
    return std::nullopt;
}

std::string text(ErrorClass e) { return e == ErrorClass::ok ? "ok" : fmt::format("error {}", name_of(e)); }

std::string size_text(const Serialize::Outcome& o) {
    return o.ok() ? fmt::format("{} bytes", o.size) : fmt::format("error {}", name_of(o.error));
}

std::string touched_text(const Serialize::Outcome& o) {
    if (!o.touched_at) return "untouched";
    return fmt::format("byte {} changed from {:02x} to {:02x}", *o.touched_at, guard_byte(*o.touched_at), o.touched_value);
}

std::string tight_text(const std::optional<Serialize::Outcome::Tight>& t) {
    if (!t) return "not tried";
    return fmt::format("{}, {}", text(t->error), t->touched ? "bytes written" : "nothing written");
}

}  // namespace

// The two-step serialize API over the reference's bytes: nothing is written on any error.
struct Reference final : Subject {
    std::string_view name() const override { return kReferenceName; }
    SizeOutcome serialized_size(const Tablet& t, Layout layout) override {
        const SerializeOutcome out = reference::serialize(t, layout);
        return {out.error, out.bytes.size()};
    }
    ErrorClass serialize_into(const Tablet& t, Layout layout, std::span<std::uint8_t> buffer, std::size_t offset) override {
        const SerializeOutcome out = reference::serialize(t, layout);
        if (!out.ok()) return out.error;
        if (offset > buffer.size() || out.bytes.size() > buffer.size() - offset) return ErrorClass::buffer_too_small;
        std::copy(out.bytes.begin(), out.bytes.end(), buffer.begin() + static_cast<std::ptrdiff_t>(offset));
        return ErrorClass::ok;
    }
    DeserializeOutcome deserialize(ByteView in, Layout layout) override { return reference::deserialize(in, layout); }
};

// A subject program: serialized_size and serialize_into replay the outcome the program gives for
// the tablet (its bytes, its errors, and what it wrote outside them), asked once per tablet and offset.
struct External final : Subject {
    External(std::string name, std::string command) : name_(std::move(name)), process_(std::move(command)) {}
    std::string_view name() const override { return name_; }

    SizeOutcome serialized_size(const Tablet& t, Layout layout) override {
        const Serialize::Outcome& o = outcome(t, layout, last_ ? last_->offset : kDefaultOffset);
        return {o.error, o.size};
    }

    ErrorClass serialize_into(const Tablet& t, Layout layout, std::span<std::uint8_t> buffer, std::size_t offset) override {
        const Serialize::Outcome& o = outcome(t, layout, offset);
        const bool fits = o.ok() && offset <= buffer.size() && o.size <= buffer.size() - offset;
        if (o.ok() && !fits) {  // the buffer one byte too small
            const Serialize::Outcome::Tight tight = o.tight.value_or(Serialize::Outcome::Tight{});
            if (tight.touched && !buffer.empty()) buffer[0] = static_cast<std::uint8_t>(~buffer[0]);
            return tight.error;
        }
        if (o.write_error == ErrorClass::ok && o.bytes.size() <= buffer.size() - offset)
            std::copy(o.bytes.begin(), o.bytes.end(), buffer.begin() + static_cast<std::ptrdiff_t>(offset));
        if (o.touched_at && *o.touched_at < buffer.size()) buffer[*o.touched_at] = o.touched_value;
        return o.write_error;
    }

    DeserializeOutcome deserialize(ByteView in, Layout layout) override {
        return protocol::call<Deserialize>(process_, {Bytes(in.begin(), in.end()), layout});
    }

private:
    const Serialize::Outcome& outcome(const Tablet& t, Layout layout, std::size_t offset) {
        if (!last_ || last_->layout != layout || last_->offset != offset || last_->tablet != t) {
            last_.reset();
            Serialize::Input in{t, layout, offset};
            Serialize::Outcome o = protocol::call<Serialize>(process_, in);
            last_.emplace(Last{std::move(in), std::move(o)});
        }
        return last_->outcome;
    }

private:
    struct Last : Serialize::Input {
        Serialize::Outcome outcome;
    };
    std::string name_;
    ExternalProcess process_;
    std::optional<Last> last_;
};


std::vector<std::string_view> layout_names() { return {kLayoutNames.begin(), kLayoutNames.end()}; }

Layout layout_named(std::string_view name) {
    return name.empty() ? Layout::newest : value_named<Layout>(kLayoutNames, name, "tsfile_tablet layout");
}

// ---- serialize ----------------------------------------------------------------------------------

Serialize::Outcome Serialize::ideal(ErrorClass error, Bytes bytes) {
    Outcome o;
    o.error = error;
    o.write_error = error;
    if (error != ErrorClass::ok) return o;
    o.size = bytes.size();
    o.bytes = std::move(bytes);
    if (o.size > 0) o.tight = Outcome::Tight{};
    return o;
}

Serialize::Outcome Serialize::run(Subject& s, const Input& in) {
    Outcome o;
    const SizeOutcome size = s.serialized_size(in.tablet, in.layout);
    o.error = size.error;
    o.size = size.ok() ? size.size : 0;
    Bytes buffer = guarded(in.offset + o.size + kRoomAfter);
    o.write_error = s.serialize_into(in.tablet, in.layout, buffer, in.offset);
    const bool wrote = o.write_error == ErrorClass::ok;
    o.touched_at = first_touched(buffer, 0, in.offset);
    if (!o.touched_at) o.touched_at = first_touched(buffer, wrote ? in.offset + o.size : in.offset, buffer.size());
    if (o.touched_at) o.touched_value = buffer[*o.touched_at];
    if (wrote) {  // the bytes written at the offset, moved down in the buffer's own storage
        buffer.resize(in.offset + o.size);
        buffer.erase(buffer.begin(), buffer.begin() + static_cast<std::ptrdiff_t>(in.offset));
        o.bytes = std::move(buffer);
    }
    if (o.ok() && o.size > 0) {
        Bytes tight = guarded(in.offset + o.size - 1);  // its own allocation: a write past it is an ASan error
        const ErrorClass e = s.serialize_into(in.tablet, in.layout, tight, in.offset);
        o.tight = Outcome::Tight{e, first_touched(tight, 0, tight.size()).has_value()};
    }
    return o;
}

Serialize::Outcome Serialize::reference(const Input& in) {
    SerializeOutcome out = tsfile::reference::serialize(in.tablet, in.layout);
    return ideal(out.error, std::move(out.bytes));
}

std::optional<Difference> Serialize::compare(const Outcome& e, const Outcome& a) {
    if (e.error != a.error || (e.ok() && e.size != a.size))
        return Difference{"serialized_size", size_text(e), size_text(a)};
    if (e.write_error != a.write_error)
        return Difference{"serialize_into at the offset", text(e.write_error), text(a.write_error)};
    if (e.write_error == ErrorClass::ok)
        if (auto d = compare_bytes("bytes at the offset", e.bytes, a.bytes)) return d;
    if (e.touched_at.has_value() != a.touched_at.has_value())
        return Difference{fmt::format("buffer outside the {} bytes written at the offset", e.bytes.size()),
                          touched_text(e), touched_text(a)};
    if (e.tight != a.tight)
        return Difference{fmt::format("serialize_into into a buffer one byte too small ({} bytes after the offset)",
                                      e.size == 0 ? 0 : e.size - 1),
                          tight_text(e.tight), tight_text(a.tight)};
    return std::nullopt;
}

Json Serialize::input_json(const Input& in) { return {{"tablet", tablet_json(in.tablet)}, {"offset", in.offset}}; }

// The offset is a Java int: where serialize_into starts writing in the caller's buffer.
Serialize::Input Serialize::read_input(const JsonAt& j, std::string_view profile) {
    return {tablet_of(j["tablet"]), layout_named(profile),
            j["offset"].number<std::size_t>(0, std::numeric_limits<std::int32_t>::max())};
}

Json Serialize::outcome_json(const Outcome& o) {
    const Outcome base = ideal(o.error, o.bytes);
    Json j = o.ok() ? Json{{"bytes", bytes_json(o.bytes)}} : Json{{"error", name_of(o.error)}};
    if (o.ok() && o.size != o.bytes.size()) j["size"] = o.size;
    if (o.write_error != base.write_error) j["write_error"] = name_of(o.write_error);
    if (o.touched_at) {
        j["touched_at"] = *o.touched_at;
        j["touched_value"] = o.touched_value;
    }
    const std::optional<Outcome::Tight> ideal_tight = o.ok() && o.size > 0 ? std::optional(Outcome::Tight{}) : std::nullopt;
    if (o.tight != ideal_tight)
        j["tight"] = o.tight ? Json{{"error", name_of(o.tight->error)}, {"touched", o.tight->touched}} : Json(nullptr);
    return j;
}

// The deviations from the ideal are optional fields (operations.hpp); each one left out is ideal.
Serialize::Outcome Serialize::read_outcome(const JsonAt& j) {
    const auto error = j.optional("error");
    Outcome o = error ? ideal(error->error_class<ErrorClass>(kErrorClassNames), {}) : ideal(ErrorClass::ok, j["bytes"].bytes());
    if (const auto size = j.optional("size")) {
        o.size = size->number<std::size_t>();
        o.tight = o.size > 0 ? std::optional(Outcome::Tight{}) : std::nullopt;
    }
    if (const auto e = j.optional("write_error")) o.write_error = e->named<ErrorClass>(kErrorClassNames, "error class");
    if (const auto at = j.optional("touched_at")) {
        o.touched_at = at->number<std::size_t>();
        o.touched_value = j["touched_value"].number<std::uint8_t>();
    }
    if (const auto t = j.optional("tight")) {
        o.tight.reset();
        if (!t->is_null())
            o.tight = Outcome::Tight{(*t)["error"].named<ErrorClass>(kErrorClassNames, "error class"), (*t)["touched"].boolean()};
    }
    return o;
}

// ---- deserialize --------------------------------------------------------------------------------

Json Deserialize::outcome_json(const Outcome& o) {
    return tsc::outcome_json(o, kErrorClassNames,
                             [&]() -> Json { return {{"tablet", tablet_json(o.tablet)}, {"consumed", o.consumed}}; });
}

// A testee's props come in its map's order, which means nothing (profile rule props_as_map): they are
// put in the model's key order. Repeated keys are left for the comparison to find.
DeserializeOutcome Deserialize::read_outcome(const JsonAt& j) {
    return tsc::outcome_of<DeserializeOutcome>(j, kErrorClassNames, [&] {
        DeserializeOutcome o{ErrorClass::ok, tablet_of(j["tablet"]), j["consumed"].number<std::size_t>()};
        if (o.tablet.schemas)
            for (std::optional<Schema>& s : *o.tablet.schemas)
                if (s)
                    std::stable_sort(s->props.begin(), s->props.end(),
                                     [](const Property& a, const Property& b) { return a.key < b.key; });
        return o;
    });
}

void add_subject(std::unique_ptr<Subject> subject) { registry<Subject>().add(std::move(subject)); }

namespace {

// `subjects` on a tablet, then on the reference's bytes, which move from one check to the next; the
// reference runs once for each.
std::vector<Failure> roundtrip(std::span<Subject* const> subjects, const Serialize::Input& input) {
    Serialize::Outcome expected = Serialize::reference(input);
    std::vector<Failure> failures;
    for (Subject* s : subjects) append(failures, check_against<Serialize>(*s, input, expected));
    if (!expected.ok()) return failures;
    const Deserialize::Input read{std::move(expected.bytes), input.layout};
    const Deserialize::Outcome read_expected = Deserialize::reference(read);
    for (Subject* s : subjects)
        append(failures, as_operation(check_against<Deserialize>(*s, read, read_expected), "roundtrip"));
    return failures;
}

}  // namespace

std::vector<Failure> check_roundtrip(std::span<Subject* const> subjects, Tablet tablet, Layout layout, std::size_t offset) {
    return roundtrip(subjects, {std::move(tablet), layout, offset});
}

std::vector<Failure> check_roundtrip(Tablet tablet, Layout layout, std::size_t offset) {
    return roundtrip(subjects_under_test<Subject>(), {std::move(tablet), layout, offset});
}

}  // namespace tsc::tsfile

template struct tsc::SubjectKinds<tsc::tsfile::Subject, tsc::tsfile::Reference, tsc::tsfile::External>;
