// The model type every tablet column of variable-width cells is held in: what references, subjects
// and the harness rely on it to keep (cell bytes, nulls, size) through push, resize and empty_where.
#include <string_view>

#include <gtest/gtest.h>

#include "reference/common/binary_cells.hpp"

namespace tsc {
namespace {

ByteView view(std::string_view text) { return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}; }
std::string_view text(ByteView cell) { return {reinterpret_cast<const char*>(cell.data()), cell.size()}; }

TEST(BinaryCells, HoldsEachCellAndNullInRowOrder) {
    BinaryCells cells;
    EXPECT_TRUE(cells.empty());
    cells.push_back(view("ab"));
    cells.push_null();
    cells.push_back(view(""));
    cells.push_back(view(std::string(300, 'x')));  // past the first buffer: the bytes move
    ASSERT_FALSE(cells.empty());
    ASSERT_EQ(cells.size(), 4u);
    EXPECT_EQ(text(cells[0]), "ab");
    EXPECT_TRUE(cells.is_null(1));
    EXPECT_TRUE(cells[1].empty());
    EXPECT_FALSE(cells.is_null(2));
    EXPECT_EQ(cells[3].size(), 300u);
}

TEST(BinaryCells, ResizeKeepsAPrefixOrAddsNulls) {
    BinaryCells cells;
    cells.push_back(view("one"));
    cells.push_back(view("two"));
    cells.resize(1);
    cells.push_back(view("three"));
    EXPECT_EQ(text(cells[1]), "three");
    cells.resize(3);
    EXPECT_TRUE(cells.is_null(2));
    cells.resize(0);
    EXPECT_TRUE(cells.empty());
}

TEST(BinaryCells, EmptyWhereEmptiesChosenCellsAndKeepsNulls) {
    BinaryCells cells;
    cells.push_back(view("keep"));
    cells.push_back(view("drop"));
    cells.push_null();
    cells.empty_where([](std::size_t i) { return i != 0; });
    EXPECT_EQ(text(cells[0]), "keep");
    EXPECT_TRUE(cells[1].empty());
    EXPECT_FALSE(cells.is_null(1));
    EXPECT_TRUE(cells.is_null(2));
    BinaryCells same;
    same.push_back(view("keep"));
    same.push_back(view(""));
    same.push_null();
    EXPECT_EQ(cells, same);
}

}  // namespace
}  // namespace tsc
