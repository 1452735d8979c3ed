// The interface an in-process QWP timestamp-column implementation offers to the harness.
#pragma once

#include <memory>

#include <string_view>

#include "reference/qwp_gorilla/model.hpp"

namespace tsc::qwp {

class Subject {
public:
    virtual ~Subject() = default;
    virtual std::string_view name() const = 0;
    // Column body bytes for the column, framed with an enc_flag iff gorilla_flag, as the encoder
    // `profile` writes them.
    virtual Bytes encode(const Column& column, bool gorilla_flag, const EncodeProfile& profile) = 0;
    // Not const: a subject may keep storage between calls, as a real decoder would.
    virtual DecodeOutcome decode(ByteView body, const Framing& framing, const Profile& profile) = 0;
};

// Hands a subject to the harness's registry (defined there: subjects never see the registry).
void add_subject(std::unique_ptr<Subject> subject);

}  // namespace tsc::qwp
