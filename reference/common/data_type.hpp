// TSDataType codes shared by IoTDB and TsFile (tablets-and-bitmaps.md §1.1). Model types only.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace tsc {

enum class DataType : std::uint8_t {
    BOOLEAN = 0,
    INT32 = 1,
    INT64 = 2,
    FLOAT = 3,
    DOUBLE = 4,
    TEXT = 5,
    VECTOR = 6,   // reserved; rejected by every tablet writer
    UNKNOWN = 7,  // reserved
    TIMESTAMP = 8,
    DATE = 9,
    BLOB = 10,
    STRING = 11,
    OBJECT = 12,
};

inline constexpr std::array kDataTypeNames{
    std::string_view{"BOOLEAN"}, std::string_view{"INT32"},     std::string_view{"INT64"},
    std::string_view{"FLOAT"},   std::string_view{"DOUBLE"},    std::string_view{"TEXT"},
    std::string_view{"VECTOR"},  std::string_view{"UNKNOWN"},   std::string_view{"TIMESTAMP"},
    std::string_view{"DATE"},    std::string_view{"BLOB"},      std::string_view{"STRING"},
    std::string_view{"OBJECT"},
};

constexpr std::string_view name_of(DataType t) { return kDataTypeNames[static_cast<std::size_t>(t)]; }

constexpr std::optional<DataType> data_type_named(std::string_view name) {
    for (std::size_t i = 0; i < kDataTypeNames.size(); ++i)
        if (kDataTypeNames[i] == name) return static_cast<DataType>(i);
    return std::nullopt;
}

// The types a tablet column can have (VECTOR and UNKNOWN are reserved codes).
inline constexpr std::array kTabletDataTypes{
    DataType::BOOLEAN,   DataType::INT32, DataType::INT64, DataType::FLOAT,  DataType::DOUBLE, DataType::TEXT,
    DataType::TIMESTAMP, DataType::DATE,  DataType::BLOB,  DataType::STRING, DataType::OBJECT,
};

}  // namespace tsc
