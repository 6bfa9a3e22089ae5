// A fixed set of threads that run the tasks of one parallel loop at a time: `run(count, task)` calls
// task(i) once for every i in [0, count), spread over the calling thread and the pool's workers,
// and returns when all have finished (a barrier). Tasks are handed out one at a time from a shared
// counter, so uneven tasks balance themselves.
//
// Which thread runs which task is unspecified. A caller that wants the same answer for every thread
// count (sgplan's rule: the bounds and the numbering never depend on --threads) makes each task
// write its own data and combines the tasks' results in task order afterwards.
//
// start(count, task) and wait() split run() in two, so the caller can work beside the workers.
// With one thread there are no workers and run() is a plain loop. The first exception a task
// throws is rethrown by run() after every task has stopped; the others are dropped.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace sgplan {

// The threads a computation should use when the user names none: the machine's hardware threads.
inline unsigned default_thread_count() {
  return std::max(1u, std::thread::hardware_concurrency());
}

class WorkerPool {
 public:
  // threads: the total, the caller included (at least 1); threads - 1 workers are started.
  explicit WorkerPool(unsigned threads) {
    const unsigned workers = std::max(1u, threads) - 1;
    workers_.reserve(workers);
    for (unsigned i = 0; i < workers; ++i) workers_.emplace_back([this] { work(); });
  }
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;
  ~WorkerPool() {
    // A job started and not waited for is finished first: its tasks may refer to the caller's data.
    try {
      wait();
    } catch (...) {
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : workers_) t.join();
  }

  unsigned threads() const { return static_cast<unsigned>(workers_.size()) + 1; }

  // Calls task(i) for every i in [0, count); returns when all calls have returned.
  template <class Task>
  void run(std::size_t count, Task&& task) {
    if (workers_.empty() || count <= 1) {
      for (std::size_t i = 0; i < count; ++i) task(i);
      return;
    }
    start(count, task);
    wait();
  }

  // Hands task(0), ..., task(count - 1) to the workers and returns at once, so the caller can do
  // other work meanwhile; wait() then joins in and returns when all calls have returned. `task`
  // must live until wait() returns, and wait() must be called before the next start() or run().
  // With no workers, start() runs nothing and wait() makes every call.
  template <class Task>
  void start(std::size_t count, Task& task) {
    auto call = [](void* context, std::size_t i) { (*static_cast<Task*>(context))(i); };
    {
      std::lock_guard<std::mutex> lock(mutex_);
      job_ = Job{call, &task, count};
      next_.store(0, std::memory_order_relaxed);
      busy_ = workers_.size();
      error_ = nullptr;
      ++generation_;
    }
    wake_.notify_all();
  }

  // Finishes the tasks of the last start() (the caller takes some), then rethrows the first
  // exception a task threw.
  void wait() {
    drain();
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [this] { return busy_ == 0; });
    job_ = Job{};
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
  }

 private:
  struct Job {
    void (*call)(void*, std::size_t) = nullptr;
    void* context = nullptr;
    std::size_t count = 0;
  };

  // Takes tasks from the counter until none is left.
  void drain() {
    for (;;) {
      const std::size_t i = next_.fetch_add(1, std::memory_order_relaxed);
      if (i >= job_.count) return;
      try {
        job_.call(job_.context, i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(mutex_);
        if (!error_) error_ = std::current_exception();
        next_.store(job_.count, std::memory_order_relaxed);  // the rest is not started
      }
    }
  }

  void work() {
    std::uint64_t seen = 0;
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
        if (stopping_) return;
        seen = generation_;
      }
      drain();
      std::lock_guard<std::mutex> lock(mutex_);
      if (--busy_ == 0) done_.notify_one();
    }
  }

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  Job job_;  // written under the mutex before the generation moves; read by the workers after
  std::atomic<std::size_t> next_{0};
  std::size_t busy_ = 0;  // workers that have not finished the current job
  std::uint64_t generation_ = 0;
  bool stopping_ = false;
  std::exception_ptr error_;
};

}  // namespace sgplan
