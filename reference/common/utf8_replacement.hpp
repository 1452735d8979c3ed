// Bytes decoded as UTF-8 with replacement and encoded back, as a client whose strings cannot hold
// other bytes receives them: each malformed sequence, cut at its longest valid start (Unicode's
// "maximal subpart"), becomes one U+FFFD (EF BF BD). Two decoders differ in one place, an encoded
// surrogate (ED A0..BF ...): Unicode's table, which the WHATWG decoder of JavaScript follows, ends
// the sequence at ED, so each of its bytes is one U+FFFD; OpenJDK takes ED A0..BF 80..BF as one
// three-byte sequence and replaces it whole, and ED A0..BF cut short as one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace tsc {

enum class Surrogates : std::uint8_t {
    per_byte,        // Unicode 15 Table 3-7, WHATWG Encoding (V8's Buffer.toString, TextDecoder)
    whole_sequence,  // OpenJDK's new String(bytes, UTF_8)
};

namespace utf8_detail {

// The bytes a second byte may take after a lead byte, and the length of the lead's sequence; a byte
// that leads no sequence has length 1 (Unicode 15 Table 3-7, with ED's second byte 80..BF: the
// surrogates are told apart by the caller).
struct Lead {
    std::uint8_t lo = 0, hi = 0;
    std::size_t length = 1;
};

inline Lead lead_of(std::uint8_t b) {
    if (b >= 0xc2 && b <= 0xdf) return {0x80, 0xbf, 2};
    if (b == 0xe0) return {0xa0, 0xbf, 3};
    if (b >= 0xe1 && b <= 0xef) return {0x80, 0xbf, 3};
    if (b == 0xf0) return {0x90, 0xbf, 4};
    if (b >= 0xf1 && b <= 0xf3) return {0x80, 0xbf, 4};
    if (b == 0xf4) return {0x80, 0x8f, 4};
    return {};
}

}  // namespace utf8_detail

inline std::string utf8_with_replacement(const std::string& in, Surrogates surrogates) {
    static constexpr char kReplacement[] = "\xef\xbf\xbd";
    std::string out;
    out.reserve(in.size());
    for (std::size_t i = 0; i < in.size();) {
        const auto b = static_cast<std::uint8_t>(in[i]);
        if (b < 0x80) {
            out.push_back(in[i++]);
            continue;
        }
        utf8_detail::Lead lead = utf8_detail::lead_of(b);
        if (b == 0xed && surrogates == Surrogates::per_byte) lead.hi = 0x9f;
        std::size_t matched = 1;
        for (; matched < lead.length && i + matched < in.size(); ++matched) {
            const auto c = static_cast<std::uint8_t>(in[i + matched]);
            const bool fits = matched == 1 ? c >= lead.lo && c <= lead.hi : c >= 0x80 && c <= 0xbf;
            if (!fits) break;
        }
        const bool surrogate = b == 0xed && matched >= 2 && static_cast<std::uint8_t>(in[i + 1]) >= 0xa0;
        if (matched == lead.length && lead.length > 1 && !surrogate)
            out.append(in, i, matched);
        else
            out.append(kReplacement);
        i += matched;
    }
    return out;
}

}  // namespace tsc
