// TsFile tablets for the properties: the family's input producer
// (conformance/inputs/tsfile_tablet/producer.hpp) over RapidCheck. Call only inside a property.
#pragma once

#include <rapidcheck.h>

#include "conformance/inputs/rapidcheck_source.hpp"
#include "conformance/inputs/tsfile_tablet/producer.hpp"
#include "reference/tsfile_tablet/model.hpp"

namespace tsc::tsfile::test {

inline Layout gen_layout() { return *rc::gen::element(Layout::newest, Layout::v15201a9d); }

// Up to 2,000 rows and 12 columns; now and then a tablet Java cannot serialize.
inline Tablet gen_tablet() {
    inputs::RapidCheckSource source;
    return inputs::tsfile_tablet::TabletProducer::build(source);
}

// Small tablets (at most 24 rows, 4 columns, cells of 44 bytes) that Java can serialize: for checks
// that cost O(size²), such as cutting the bytes at every position.
inline Tablet gen_small_valid_tablet() {
    inputs::RapidCheckSource source;
    return inputs::tsfile_tablet::TabletProducer::build(source, {24, 4, false, 44});
}

}  // namespace tsc::tsfile::test
