// The interface an in-process TsFile Tablet.serialize / Tablet.deserialize implementation offers to
// the harness. Serialization is the two-step API of apache/tsfile PR #1101 (seed 003): the exact
// size first, then serialize(ByteBuffer) into the caller's buffer at the caller's position.
#pragma once

#include <memory>

#include <cstddef>
#include <span>
#include <string_view>

#include "reference/tsfile_tablet/model.hpp"

namespace tsc::tsfile {

struct SizeOutcome {
    ErrorClass error = ErrorClass::ok;
    std::size_t size = 0;  // valid when error == ok
    bool ok() const { return error == ErrorClass::ok; }
};

class Subject {
public:
    virtual ~Subject() = default;
    virtual std::string_view name() const = 0;
    // Tablet.serializedSize(): the exact byte count serialize_into writes, or the error class
    // Tablet.serialize would fail with.
    virtual SizeOutcome serialized_size(const Tablet& tablet, Layout layout) = 0;
    // Tablet.serialize(ByteBuffer) at position `offset` of `buffer`: writes exactly
    // serialized_size bytes at buffer[offset..] and nothing else. On any error (including
    // buffer_too_small) it writes nothing at all.
    virtual ErrorClass serialize_into(const Tablet& tablet, Layout layout, std::span<std::uint8_t> buffer,
                                      std::size_t offset) = 0;
    // Tablet.deserialize(ByteBuffer) from the start of `in`. Not const: a subject may keep storage.
    virtual DeserializeOutcome deserialize(ByteView in, Layout layout) = 0;
};

// Hands a subject to the harness's registry (defined there: subjects never see the registry).
void add_subject(std::unique_ptr<Subject> subject);

}  // namespace tsc::tsfile
