// mdp::Exchange over MPI_COMM_WORLD with the MPI C API (Open MPI from Debian): the distributed
// engine's all-to-alls are MPI_Alltoallv, its reductions MPI_Allreduce, its broadcast MPI_Bcast.
#pragma once

#include <mpi.h>

#include "mdp/exchange.hpp"

namespace sgplan::mpi {

class MpiExchange final : public mdp::Exchange {
 public:
  // After MPI_Init.
  MpiExchange();
  ~MpiExchange() override;
  MpiExchange(const MpiExchange&) = delete;
  MpiExchange& operator=(const MpiExchange&) = delete;

  int rank() const override { return rank_; }
  int size() const override { return size_; }
  int ranks_on_this_machine() const override { return local_size_; }
  std::vector<std::uint64_t> all_to_all(const std::vector<std::uint64_t>& send,
                                        const std::vector<std::size_t>& send_counts,
                                        std::vector<std::size_t>& recv_counts) override;
  void all_to_all(const double* send, const std::vector<std::size_t>& send_counts, double* recv,
                  const std::vector<std::size_t>& recv_counts) override;
  std::uint64_t sum(std::uint64_t value) override;
  std::uint64_t max(std::uint64_t value) override;
  double max(double value) override;
  void broadcast(double* values, std::size_t count, int root) override;

 private:
  int rank_ = 0, size_ = 1, local_size_ = 1;
  MPI_Comm local_ = MPI_COMM_NULL;
};

}  // namespace sgplan::mpi
