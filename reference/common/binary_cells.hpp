// Model type shared by references and subjects: the variable-width cells of one column (a Java
// Binary[] or byte[][]), in row order.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "reference/common/bytes.hpp"

namespace tsc {

// The cells sit end to end in one buffer, so that a column of n cells is two allocations rather than
// n + 1: a tablet is built, serialized, read back and compared for every fuzz input, and per-cell
// allocations were most of what a column of strings cost under AddressSanitizer. A cell may be null
// (a Java null array element, where a family has those); a null cell holds no bytes.
class BinaryCells {
public:
    using value_type = ByteView;  // what a cell reads as, for code generic over a column's cells

    std::size_t size() const { return ends_.size(); }
    bool empty() const { return ends_.empty(); }

    // The bytes of cell i (empty for a null cell). Const, so that assigning to a cell does not compile:
    // cells change only by push_back and resize.
    const ByteView operator[](std::size_t i) const {
        const std::size_t begin = i == 0 ? 0 : ends_[i - 1].end;
        return ByteView(bytes_).subspan(begin, ends_[i].end - begin);
    }
    bool is_null(std::size_t i) const { return ends_[i].null; }

    void push_back(ByteView cell) {
        make_room(cell.size());
        bytes_.insert(bytes_.end(), cell.begin(), cell.end());
        ends_.push_back({bytes_.size(), false});
    }
    void push_null() { ends_.push_back({bytes_.size(), true}); }
    void reserve(std::size_t cells, std::size_t bytes = 0) {
        ends_.reserve(cells);
        bytes_.reserve(bytes);
    }
    // Keeps the first n cells, or adds null cells up to n.
    void resize(std::size_t n) {
        while (ends_.size() < n) push_null();
        ends_.resize(n);
        bytes_.resize(n == 0 ? 0 : ends_[n - 1].end);
    }

    // Empties every cell i for which `emptied(i)` holds, as a null cell's zero value.
    template <class Emptied>
    void empty_where(Emptied emptied) {
        BinaryCells kept;
        kept.reserve(size(), bytes_.size());
        for (std::size_t i = 0; i < size(); ++i) {
            if (is_null(i)) kept.push_null();
            else kept.push_back(emptied(i) ? ByteView{} : (*this)[i]);
        }
        *this = std::move(kept);
    }

    bool operator==(const BinaryCells&) const = default;

private:
    // The bytes start at kFirstBytes and then double. Grown from the first cell's size, as a vector
    // grows, a column of short cells took an allocation every few cells until it passed a few hundred
    // bytes, which most columns of a fuzz input never do.
    static constexpr std::size_t kFirstBytes = 256;
    void make_room(std::size_t n) {
        if (bytes_.capacity() - bytes_.size() >= n) return;
        bytes_.reserve(std::max({kFirstBytes, 2 * bytes_.capacity(), bytes_.size() + n}));
    }

    struct End {
        std::size_t end;  // one past the cell's last byte in bytes_
        bool null;
        bool operator==(const End&) const = default;
    };
    std::vector<End> ends_;
    Bytes bytes_;
};

}  // namespace tsc
