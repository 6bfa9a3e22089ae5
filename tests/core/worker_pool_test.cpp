#include "core/worker_pool.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <numeric>
#include <stdexcept>
#include <vector>

namespace sgplan {
namespace {

TEST(WorkerPool, RunCallsEveryTaskExactlyOnce) {
  for (unsigned threads : {1u, 2u, 4u}) {
    WorkerPool pool(threads);
    EXPECT_EQ(pool.threads(), threads);
    for (std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{7}, std::size_t{1000}}) {
      SCOPED_TRACE(testing::Message() << threads << " threads, " << count << " tasks");
      std::vector<std::atomic<int>> calls(count);
      pool.run(count, [&](std::size_t i) { calls[i].fetch_add(1, std::memory_order_relaxed); });
      for (std::size_t i = 0; i < count; ++i) EXPECT_EQ(calls[i].load(), 1) << "task " << i;
    }
  }
}

TEST(WorkerPool, ZeroThreadsMeansTheCallerAlone) {
  WorkerPool pool(0);
  EXPECT_EQ(pool.threads(), 1u);
  std::vector<int> order;
  pool.run(3, [&](std::size_t i) { order.push_back(static_cast<int>(i)); });
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2}));
}

// The parallel build's pattern: start a job, work beside it on other data, wait, read its results.
TEST(WorkerPool, StartAndWaitLetTheCallerWorkBesideTheWorkers) {
  for (unsigned threads : {1u, 2u, 3u}) {
    WorkerPool pool(threads);
    for (int round = 0; round < 50; ++round) {
      std::vector<long> squares(256, -1);
      auto task = [&](std::size_t i) { squares[i] = static_cast<long>(i * i); };
      pool.start(squares.size(), task);
      long beside = 0;
      for (int k = 0; k < 1000; ++k) beside += k;
      pool.wait();
      EXPECT_EQ(beside, 499500);
      for (std::size_t i = 0; i < squares.size(); ++i) ASSERT_EQ(squares[i], static_cast<long>(i * i));
    }
  }
}

TEST(WorkerPool, ATaskExceptionIsRethrownAndThePoolStaysUsable) {
  for (unsigned threads : {1u, 2u, 4u}) {
    WorkerPool pool(threads);
    std::atomic<int> ran{0};
    EXPECT_THROW(pool.run(100,
                          [&](std::size_t i) {
                            ran.fetch_add(1);
                            if (i == 10) throw std::runtime_error("task 10");
                          }),
                 std::runtime_error);
    EXPECT_GE(ran.load(), 11);
    EXPECT_LE(ran.load(), 100);
    std::vector<int> after(50, 0);
    pool.run(after.size(), [&](std::size_t i) { after[i] = 1; });
    EXPECT_EQ(std::accumulate(after.begin(), after.end(), 0), 50);
  }
}

TEST(WorkerPool, TheDestructorFinishesAStartedJob) {
  std::vector<int> done(500, 0);
  auto task = [&](std::size_t i) { done[i] = 1; };
  {
    WorkerPool pool(3);
    pool.start(done.size(), task);
  }
  EXPECT_EQ(std::accumulate(done.begin(), done.end(), 0), 500);
}

}  // namespace
}  // namespace sgplan
