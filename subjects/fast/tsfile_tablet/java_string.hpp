// Java's String of a TsFile String's bytes (profile rule strings_decoded_with_replacement): the bytes
// of new String(bytes, UTF_8) as OpenJDK decodes it, each malformed sequence one U+FFFD.
//
// Names, targets and props are short and nearly always ASCII: eight bytes at a time are tested for a
// high bit, and only a String with one goes through the code-point decoder.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "subjects/api/mutant.hpp"

namespace tsc::subjects::TSC_SUBJECT_NS::tsfile_detail {

inline bool all_ascii(const std::uint8_t* p, std::size_t n) {
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        std::uint64_t word;
        std::memcpy(&word, p + i, 8);
        if (word & 0x8080808080808080u) return false;
    }
    for (; i < n; ++i)
        if (p[i] & 0x80) return false;
    return true;
}

inline bool continuation(std::uint8_t b) { return (b & 0xc0) == 0x80; }

// The bytes of the malformed sequence at p[0] that one U+FFFD replaces: the lead and the continuation
// bytes that could still have followed it (the JDK lets ED take 80..BF, so a surrogate's start counts).
inline std::size_t malformed_length(const std::uint8_t* p, std::size_t left, std::size_t length) {
    const std::uint8_t b = p[0];
    if (length == 1 || left < 2) return 1;
    const std::uint8_t c = p[1];
    const bool second_fits = continuation(c) && !(b == 0xe0 && c < 0xa0) && !(b == 0xf0 && c < 0x90) &&
                             !(b == 0xf4 && c > 0x8f);
    if (!second_fits) return 1;
    std::size_t n = 2;
    while (n < length && n < left && continuation(p[n])) ++n;
    return n;
}

inline void append_java_string(std::string& out, const std::uint8_t* p, std::size_t n) {
    if constexpr (mutant("tsfile_string_bytes_kept")) {
        // MUTANT tsfile_string_bytes_kept: the bytes kept as they are, as a C++ reader would
        out.append(reinterpret_cast<const char*>(p), n);
        return;
    }
    if (all_ascii(p, n)) {
        out.append(reinterpret_cast<const char*>(p), n);
        return;
    }
    static constexpr char kReplacement[] = "\xef\xbf\xbd";
    out.reserve(n + 8);
    for (std::size_t i = 0; i < n;) {
        const std::uint8_t b = p[i];
        const std::size_t length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
        if (length == 1) {
            out.push_back(static_cast<char>(b));
            ++i;
            continue;
        }
        bool whole = length != 0 && i + length <= n;
        for (std::size_t k = 1; whole && k < length; ++k) whole = continuation(p[i + k]);
        std::uint32_t cp = 0;
        if (whole) {
            cp = b & (0x7fu >> length);
            for (std::size_t k = 1; k < length; ++k) cp = (cp << 6) | (p[i + k] & 0x3fu);
            static constexpr std::uint32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
            whole = cp >= kSmallest[length] && cp <= 0x10ffff;
        }
        if (whole && (cp < 0xd800 || cp > 0xdfff)) {
            out.append(reinterpret_cast<const char*>(p + i), length);
            i += length;
        } else if (whole) {  // a surrogate: the JDK replaces its three bytes with one U+FFFD
            out.append(kReplacement);
            if constexpr (mutant("tsfile_surrogate_replaced_per_byte")) {
                // MUTANT tsfile_surrogate_replaced_per_byte: Unicode's maximal subparts (ED, then A0..BF
                // and 80..BF alone), where the JDK replaces the whole sequence once
                out.append(kReplacement);
                out.append(kReplacement);
            }
            i += length;
        } else {
            out.append(kReplacement);
            i += malformed_length(p + i, n - i, length == 0 ? 1 : length);
        }
    }
}

}  // namespace tsc::subjects::TSC_SUBJECT_NS::tsfile_detail
