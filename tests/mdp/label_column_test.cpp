// The narrowed label ids of a state graph's choices (label_column.hpp).
#include "mdp/label_column.hpp"

#include <gtest/gtest.h>

#include "mdp/state_graph.hpp"

namespace sgplan::mdp {
namespace {

// Label ids narrowed to the width of the largest: every id and "none" read back.
TEST(LabelColumn, NarrowsToTheLargestIdAndKeepsNone) {
  struct Case {
    LabelId largest;
    std::size_t bytes;
  };
  for (const Case& c :
       {Case{0, 1}, Case{254, 1}, Case{255, 2}, Case{65534, 2}, Case{65535, 4}, Case{1u << 20, 4}}) {
    BigVector<LabelId> ids;
    for (LabelId i = 0; i < 1000; ++i)
      ids.push_back(i % 7 == 3 ? kNoLabel : (i * 2654435761u) % (c.largest + 1));
    ids.push_back(c.largest);
    const BigVector<LabelId> expected = ids;
    LabelColumn<LabelId> column;
    column.assign(std::move(ids));
    SCOPED_TRACE("largest " + std::to_string(c.largest));
    EXPECT_EQ(column.bytes_per_entry(), c.bytes);
    ASSERT_EQ(column.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) ASSERT_EQ(column[i], expected[i]) << i;
  }
}

}  // namespace
}  // namespace sgplan::mdp
