// What the distributed engine (distributed_solve.hpp) needs from the processes it runs on: a rank,
// a size, a personalised all-to-all of flat buffers, and a few reductions. The mdp layer knows no
// MPI: tools/sgplan-mpi implements this with the MPI C API (MPI_Alltoallv, MPI_Allreduce,
// MPI_Bcast) and tests/support/thread_exchange.hpp with threads in one process, so the engine's
// tests run for P = 1, 2, 3 without MPI installed.
//
// Every call is collective: all ranks make the same calls in the same order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sgplan::mdp {

class Exchange {
 public:
  virtual ~Exchange() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  // The ranks sharing this rank's machine (and so its memory), this one included.
  virtual int ranks_on_this_machine() const = 0;

  // send holds size() runs, send_counts[q] elements for rank q in rank order; returns what every
  // rank sent to this one, in rank order, with recv_counts[q] set to how many came from q.
  virtual std::vector<std::uint64_t> all_to_all(const std::vector<std::uint64_t>& send,
                                                const std::vector<std::size_t>& send_counts,
                                                std::vector<std::size_t>& recv_counts) = 0;
  // The same for doubles whose counts both sides already know (the values on the cut, every sweep):
  // recv must hold the sum of recv_counts.
  virtual void all_to_all(const double* send, const std::vector<std::size_t>& send_counts, double* recv,
                          const std::vector<std::size_t>& recv_counts) = 0;
  virtual std::uint64_t sum(std::uint64_t value) = 0;
  virtual std::uint64_t max(std::uint64_t value) = 0;
  virtual double max(double value) = 0;
  // Every rank gets root's values.
  virtual void broadcast(double* values, std::size_t count, int root) = 0;
};

}  // namespace sgplan::mdp
