#include "conformance/harness/tablet_cells.hpp"

#include <chrono>
#include <cstdio>

#include <fmt/format.h>

namespace tsc {

template <class U>
Json float_bits_json(U bits) {
    return fmt::format("{:0{}x}", bits, 2 * sizeof(U));
}

template <class U>
U float_bits_of(const JsonAt& j) {
    const Bytes b = j.bytes();
    if (b.size() != sizeof(U)) j.mistyped(fmt::format("the IEEE-754 bits as {} hex digits", 2 * sizeof(U)));
    U v = 0;
    for (std::uint8_t byte : b) v = static_cast<U>((v << 8) | byte);
    return v;
}

template Json float_bits_json<std::uint32_t>(std::uint32_t);
template Json float_bits_json<std::uint64_t>(std::uint64_t);
template std::uint32_t float_bits_of<std::uint32_t>(const JsonAt&);
template std::uint64_t float_bits_of<std::uint64_t>(const JsonAt&);

// RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF (what JSON text can hold).
bool is_utf8(ByteView b) {
    for (std::size_t i = 0; i < b.size();) {
        const std::uint8_t c = b[i];
        std::size_t more = 0;
        std::uint8_t lo = 0x80, hi = 0xbf;
        if (c < 0x80) {
            ++i;
            continue;
        } else if (c >= 0xc2 && c <= 0xdf) {
            more = 1;
        } else if (c >= 0xe0 && c <= 0xef) {
            more = 2;
            if (c == 0xe0) lo = 0xa0;
            if (c == 0xed) hi = 0x9f;
        } else if (c >= 0xf0 && c <= 0xf4) {
            more = 3;
            if (c == 0xf0) lo = 0x90;
            if (c == 0xf4) hi = 0x8f;
        } else {
            return false;
        }
        if (i + more >= b.size()) return false;
        if (b[i + 1] < lo || b[i + 1] > hi) return false;
        for (std::size_t k = 2; k <= more; ++k)
            if (b[i + k] < 0x80 || b[i + k] > 0xbf) return false;
        i += more + 1;
    }
    return true;
}

Json text_json(ByteView b) {
    if (is_utf8(b)) return std::string(b.begin(), b.end());
    return {{"hex", bytes_json(b)}};
}

Bytes text_of(const JsonAt& j) {
    if (j.json().is_string()) {
        const std::string& s = j.json().get_ref<const std::string&>();
        return Bytes(s.begin(), s.end());
    }
    if (!j.json().is_object() || j.json().size() != 1 || !j.has("hex")) j.mistyped("text as a JSON string or {\"hex\": …}");
    Bytes b = j["hex"].bytes();
    if (is_utf8(b)) j.invalid("UTF-8 text is written as a JSON string");
    return b;
}

bool is_calendar_date(const DateFields& d) {
    using namespace std::chrono;
    if (d.year < -32767 || d.year > 32767 || d.month < 1 || d.month > 12 || d.day < 1 || d.day > 31) return false;
    return year_month_day{year{static_cast<int>(d.year)}, month{static_cast<unsigned>(d.month)},
                          day{static_cast<unsigned>(d.day)}}
        .ok();
}

Json date_json(const DateFields& d) {
    const std::string text = fmt::format("{:04d}-{:02d}-{:02d}", d.year, d.month, d.day);
    if (is_calendar_date(d) && d.year >= 0 && d.year <= 9999) return text;
    if (d.month >= 0 && d.month <= 99 && d.day >= 0 && d.day <= 99) return d.year * 10000 + d.month * 100 + d.day;
    return text;
}

DateFields date_of(const JsonAt& j) {
    if (j.json().is_number_integer()) {
        const std::int64_t raw = j.number<std::int64_t>();
        const std::int64_t year = raw >= 0 ? raw / 10000 : -((-(raw + 1)) / 10000) - 1;  // floor division
        const std::int64_t rest = raw - year * 10000;
        return {year, rest / 100, rest % 100};
    }
    if (!j.json().is_string()) j.mistyped("a date \"yyyy-mm-dd\" or an integer");
    const std::string text = j.string();
    long long y = 0, m = 0, day = 0;
    char tail = 0;
    if (std::sscanf(text.c_str(), "%lld-%lld-%lld%c", &y, &m, &day, &tail) != 3)
        j.mistyped("a date \"yyyy-mm-dd\"");
    return {y, m, day};
}

Json data_type_json(DataType type) {
    if (static_cast<std::size_t>(type) < kDataTypeNames.size()) return std::string(name_of(type));
    return static_cast<int>(type);
}

DataType data_type_of(const JsonAt& j) {
    if (j.json().is_number()) return static_cast<DataType>(j.number<int>(static_cast<int>(kDataTypeNames.size()), 255));
    return j.named<DataType>(kDataTypeNames, "data type");
}

}  // namespace tsc
