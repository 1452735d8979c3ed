// IoTDB tablets for the properties: the family's input producer (conformance/inputs/iotdb_tablet/producer.hpp)
// over RapidCheck, and how RapidCheck shows the family's enums. Call gen_case only inside a property.
#pragma once

#include <cstddef>
#include <ostream>

#include "conformance/harness/iotdb_tablet/checks.hpp"
#include "conformance/inputs/iotdb_tablet/producer.hpp"
#include "conformance/inputs/rapidcheck_source.hpp"

namespace tsc {
// How RapidCheck shows these in counterexamples and RC_ASSERT expansions (found by argument-dependent lookup).
inline void showValue(DataType t, std::ostream& os) {
    if (static_cast<std::size_t>(t) < kDataTypeNames.size()) {
        os << name_of(t);
    } else {
        os << static_cast<int>(t);
    }
}
namespace iotdb {
inline void showValue(ErrorClass e, std::ostream& os) { os << name_of(e); }
}  // namespace iotdb
}  // namespace tsc

namespace tsc::iotdb::test {

using Case = inputs::iotdb_tablet::Case;

// At most max_rows rows and max_columns columns, from the family's producer; cells of at most
// max_cell_bytes (more than 40: smaller for checks that cost O(size²)); now and then one of a shape no
// serializer may send unless `allow_errors` is false.
inline Case gen_case(std::size_t max_rows, std::size_t max_columns,
                     std::size_t max_cell_bytes = inputs::tablet::kMaxCellBytes, bool allow_errors = true) {
    inputs::RapidCheckSource source;
    return inputs::iotdb_tablet::TabletProducer::build(source, {max_rows, max_columns, max_cell_bytes, allow_errors});
}

}  // namespace tsc::iotdb::test
