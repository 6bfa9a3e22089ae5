// mdp::Exchange for P ranks that are threads of one process, so the distributed engine's tests
// run for P = 1, 2, 3 without MPI. Every collective call publishes this rank's buffer, waits for
// all ranks (a barrier), copies its part out of the others' buffers, and waits again before the
// buffers may change.
#pragma once

#include <algorithm>
#include <barrier>
#include <cstdint>
#include <exception>
#include <functional>
#include <thread>
#include <vector>

#include "mdp/exchange.hpp"

namespace sgplan::testing {

class ThreadHub {
 public:
  explicit ThreadHub(int ranks)
      : ranks_(ranks), barrier_(ranks), buffer_(ranks), counts_(ranks), words_(ranks), reals_(ranks) {}
  int ranks() const { return ranks_; }

 private:
  friend class ThreadExchange;
  int ranks_;
  std::barrier<> barrier_;
  std::vector<const void*> buffer_;
  std::vector<const std::vector<std::size_t>*> counts_;
  std::vector<std::uint64_t> words_;
  std::vector<double> reals_;
};

class ThreadExchange final : public mdp::Exchange {
 public:
  ThreadExchange(ThreadHub& hub, int rank) : hub_(hub), rank_(rank) {}
  int rank() const override { return rank_; }
  int size() const override { return hub_.ranks_; }
  int ranks_on_this_machine() const override { return hub_.ranks_; }

  std::vector<std::uint64_t> all_to_all(const std::vector<std::uint64_t>& send,
                                        const std::vector<std::size_t>& send_counts,
                                        std::vector<std::size_t>& recv_counts) override {
    publish(send.data(), &send_counts);
    recv_counts.assign(hub_.ranks_, 0);
    std::vector<std::uint64_t> out;
    for (int q = 0; q < hub_.ranks_; ++q) {
      const auto* from = static_cast<const std::uint64_t*>(hub_.buffer_[q]);
      const std::size_t at = offset_in(q);
      recv_counts[q] = (*hub_.counts_[q])[rank_];
      out.insert(out.end(), from + at, from + at + recv_counts[q]);
    }
    hub_.barrier_.arrive_and_wait();
    return out;
  }

  void all_to_all(const double* send, const std::vector<std::size_t>& send_counts, double* recv,
                  const std::vector<std::size_t>& recv_counts) override {
    publish(send, &send_counts);
    for (int q = 0; q < hub_.ranks_; ++q) {
      const auto* from = static_cast<const double*>(hub_.buffer_[q]);
      const std::size_t at = offset_in(q), count = (*hub_.counts_[q])[rank_];
      if (count != recv_counts[q]) std::terminate();  // the engine's bookkeeping is wrong
      recv = std::copy(from + at, from + at + count, recv);
    }
    hub_.barrier_.arrive_and_wait();
  }

  std::uint64_t sum(std::uint64_t value) override {
    return reduce_words(value, [](std::uint64_t a, std::uint64_t b) { return a + b; });
  }
  std::uint64_t max(std::uint64_t value) override {
    return reduce_words(value, [](std::uint64_t a, std::uint64_t b) { return std::max(a, b); });
  }
  double max(double value) override {
    hub_.reals_[rank_] = value;
    hub_.barrier_.arrive_and_wait();
    double out = hub_.reals_[0];
    for (double v : hub_.reals_) out = std::max(out, v);
    hub_.barrier_.arrive_and_wait();
    return out;
  }
  void broadcast(double* values, std::size_t count, int root) override {
    if (rank_ == root) hub_.buffer_[root] = values;
    hub_.barrier_.arrive_and_wait();
    if (rank_ != root) {
      const auto* from = static_cast<const double*>(hub_.buffer_[root]);
      std::copy(from, from + count, values);
    }
    hub_.barrier_.arrive_and_wait();
  }

 private:
  void publish(const void* buffer, const std::vector<std::size_t>* counts) {
    hub_.buffer_[rank_] = buffer;
    hub_.counts_[rank_] = counts;
    hub_.barrier_.arrive_and_wait();
  }
  // Where rank q's run for this rank starts in q's buffer.
  std::size_t offset_in(int q) const {
    std::size_t at = 0;
    for (int r = 0; r < rank_; ++r) at += (*hub_.counts_[q])[r];
    return at;
  }
  template <class Op>
  std::uint64_t reduce_words(std::uint64_t value, Op op) {
    hub_.words_[rank_] = value;
    hub_.barrier_.arrive_and_wait();
    std::uint64_t out = hub_.words_[0];
    for (int q = 1; q < hub_.ranks_; ++q) out = op(out, hub_.words_[q]);
    hub_.barrier_.arrive_and_wait();
    return out;
  }

  ThreadHub& hub_;
  int rank_;
};

// Runs f(exchange) on `ranks` threads, one per rank, and returns each rank's result in rank order.
// An exception on any rank is rethrown (the first rank's that threw); the engine raises its errors
// on every rank at the same call, so no rank is left waiting.
template <class R>
std::vector<R> run_on_ranks(int ranks, const std::function<R(mdp::Exchange&)>& f) {
  ThreadHub hub(ranks);
  std::vector<R> results(ranks);
  std::vector<std::exception_ptr> errors(ranks);
  std::vector<std::thread> threads;
  for (int r = 0; r < ranks; ++r) {
    threads.emplace_back([&, r] {
      ThreadExchange exchange(hub, r);
      try {
        results[r] = f(exchange);
      } catch (...) {
        errors[r] = std::current_exception();
      }
    });
  }
  for (std::thread& t : threads) t.join();
  for (const std::exception_ptr& e : errors) {
    if (e) std::rethrow_exception(e);
  }
  return results;
}

}  // namespace sgplan::testing
