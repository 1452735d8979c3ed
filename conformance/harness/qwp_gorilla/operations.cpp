#include "conformance/harness/qwp_gorilla/operations.hpp"

#include <utility>

#include <fmt/format.h>

#include "conformance/harness/names.hpp"
#include "conformance/harness/protocol.hpp"
#include "conformance/harness/subject_kinds.hpp"
#include "reference/qwp_gorilla/reference.hpp"

namespace tsc::qwp {

struct Reference final : Subject {
    std::string_view name() const override { return kReferenceName; }
    Bytes encode(const Column& c, bool gorilla_flag, const EncodeProfile& p) override {
        return reference::encode(c, gorilla_flag, p);
    }
    DecodeOutcome decode(ByteView body, const Framing& f, const Profile& p) override {
        return reference::decode(body, f, p);
    }
};

struct External final : Subject {
    External(std::string name, std::string command) : name_(std::move(name)), process_(std::move(command)) {}
    std::string_view name() const override { return name_; }
    Bytes encode(const Column& column, bool gorilla_flag, const EncodeProfile& profile) override {
        return protocol::call<Encode>(process_, {column, gorilla_flag, profile}).bytes;
    }
    DecodeOutcome decode(ByteView body, const Framing& framing, const Profile& profile) override {
        return protocol::call<Decode>(process_, {Bytes(body.begin(), body.end()), framing, profile});
    }

    std::string name_;
    ExternalProcess process_;
};

}  // namespace tsc::qwp

template struct tsc::SubjectKinds<tsc::qwp::Subject, tsc::qwp::Reference, tsc::qwp::External>;

namespace tsc::qwp {

Json column_json(const Column& c) {
    Json values = Json::array();
    for (std::int64_t v : c.values) values.push_back(int64_json(v));
    return {{"rows", uint64_json(c.row_count)},
            {"null_bitmap", c.has_null_bitmap ? bytes_json(c.null_bitmap) : Json(nullptr)},
            {"values", values}};
}

Column column_of(const JsonAt& j) {
    Column c;
    c.row_count = j["rows"].decimal<std::uint64_t>();
    c.has_null_bitmap = !j["null_bitmap"].is_null();
    if (c.has_null_bitmap) c.null_bitmap = j["null_bitmap"].bytes();
    for (const JsonAt& v : j["values"].elements()) c.values.push_back(v.decimal<std::int64_t>());
    // A column is one whole: its bitmap covers its rows and its values fill the rows not null (§1.6).
    if (c.has_null_bitmap && c.null_bitmap.size() != (c.row_count + 7) / 8)
        j["null_bitmap"].invalid("a null bitmap of ceil(rows / 8) bytes");
    std::uint64_t nulls = 0;
    for (std::uint64_t row = 0; c.has_null_bitmap && row < c.row_count; ++row)
        nulls += (c.null_bitmap[row >> 3] >> (row & 7)) & 1u;
    if (c.values.size() != c.row_count - nulls) j["values"].invalid("one value for each row that is not null");
    return c;
}

std::vector<std::string_view> Decode::profiles() { return names_of(kProfiles); }

std::vector<std::string_view> Encode::profiles() { return names_of(kEncodeProfiles); }

std::optional<std::string> Encode::outside_domain(const Input& in) {
    const Column& c = in.column;
    if (in.profile.null_flag != NullFlagWriting::only_with_nulls || !c.has_null_bitmap || c.values.size() < c.row_count)
        return std::nullopt;
    return fmt::format("a null bitmap that marks no row null; the {} writes one only when a row is null",
                       in.profile.followed_by);
}

const EncodeProfile& Encode::profile_named(std::string_view name) {
    return name.empty() ? kCanonicalEncodeProfile : record_named(kEncodeProfiles, name, "qwp_gorilla encode profile");
}

Encode::Input Encode::read_input(const JsonAt& j, std::string_view profile) {
    return {column_of(j["column"]), j["gorilla"].boolean(), profile_named(profile)};
}

Json Decode::input_json(const Input& in) {
    return {{"bytes", bytes_json(in.body)}, {"rows", uint64_json(in.framing.row_count)}, {"gorilla", in.framing.gorilla_flag}};
}

Decode::Input Decode::read_input(const JsonAt& j, std::string_view profile) {
    return {j["bytes"].bytes(),
            {j["rows"].decimal<std::uint64_t>(), j["gorilla"].boolean()},
            profile.empty() ? kDefaultProfile : record_named(kProfiles, profile, "qwp_gorilla profile")};
}

Json Decode::outcome_json(const DecodeOutcome& o) {
    return tsc::outcome_json(o, kErrorClassNames, [&]() -> Json {
        return {{"encoding", name_of(o.encoding)}, {"consumed", o.consumed}, {"column", column_json(o.column)}};
    });
}

DecodeOutcome Decode::read_outcome(const JsonAt& j) {
    return tsc::outcome_of<DecodeOutcome>(j, kErrorClassNames, [&] {
        return DecodeOutcome{ErrorClass::ok, column_of(j["column"]), j["encoding"].named<Encoding>(kEncodingNames, "encoding"),
                             j["consumed"].number<std::size_t>()};
    });
}

void add_subject(std::unique_ptr<Subject> subject) { registry<Subject>().add(std::move(subject)); }

namespace {

// The round trip: each of `subjects` encodes the column under each of the encoder profiles `encoders`
// whose domain holds it, and decodes the reference's bytes of the first of them (which the reference
// decodes once per profile of `decoders`). The bytes are moved, not copied, from one check to the next.
std::vector<Failure> roundtrip(Encode::Input input, std::span<const EncodeProfile> encoders,
                               std::span<const Profile> decoders, std::span<Subject* const> subjects) {
    std::vector<Failure> failures;
    std::optional<Bytes> decoded;
    for (const EncodeProfile& e : encoders) {
        input.profile = e;
        if (Encode::outside_domain(input)) continue;
        Encode::Outcome expected = Encode::reference(input);
        append(failures, check_against<Encode>(subjects, input, expected));
        if (!decoded) decoded = std::move(expected.bytes);
    }
    if (!decoded) return failures;
    Decode::Input decode{std::move(*decoded), {input.column.row_count, input.gorilla_flag}};
    for (const Profile& p : decoders) {
        decode.profile = p;
        append(failures, as_operation(check<Decode>(subjects, decode), "roundtrip"));
    }
    return failures;
}

}  // namespace

std::vector<Failure> check_roundtrip(Column column, bool gorilla_flag) {
    return roundtrip({std::move(column), gorilla_flag}, kEncodeProfiles, kProfiles, subjects_under_test<Subject>());
}

std::vector<Failure> check_roundtrip(Encode::Input input, const Profile& decoder, std::span<Subject* const> subjects) {
    const EncodeProfile encoder = input.profile;
    return roundtrip(std::move(input), std::span(&encoder, 1), std::span(&decoder, 1), subjects);
}

Column make_column(const std::vector<std::optional<std::int64_t>>& rows, bool force_bitmap) {
    Column c;
    c.row_count = rows.size();
    c.null_bitmap.assign((rows.size() + 7) / 8, 0);
    c.values.reserve(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i]) {
            c.values.push_back(*rows[i]);
        } else {
            c.has_null_bitmap = true;
            c.null_bitmap[i >> 3] = static_cast<std::uint8_t>(c.null_bitmap[i >> 3] | (1u << (i & 7)));
        }
    }
    c.has_null_bitmap = c.has_null_bitmap || force_bitmap;
    if (!c.has_null_bitmap) c.null_bitmap.clear();
    return c;
}

}  // namespace tsc::qwp
