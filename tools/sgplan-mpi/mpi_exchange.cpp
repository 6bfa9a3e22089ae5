#include "tools/sgplan-mpi/mpi_exchange.hpp"

#include <limits>
#include <string>

#include "core/errors.hpp"

namespace sgplan::mpi {

namespace {

// MPI counts and displacements are ints: a run past 2^31 - 1 elements needs more ranks.
std::vector<int> as_ints(const std::vector<std::size_t>& counts, std::vector<int>& displacements) {
  std::vector<int> out(counts.size());
  displacements.assign(counts.size(), 0);
  std::size_t at = 0;
  for (std::size_t q = 0; q < counts.size(); ++q) {
    if (counts[q] > static_cast<std::size_t>(std::numeric_limits<int>::max()) ||
        at > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
      throw ResourceError("an MPI message of " + std::to_string(counts[q]) +
                          " elements is past MPI's int counts; run more ranks");
    }
    out[q] = static_cast<int>(counts[q]);
    displacements[q] = static_cast<int>(at);
    at += counts[q];
  }
  return out;
}

}  // namespace

MpiExchange::MpiExchange() {
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &local_);
  MPI_Comm_size(local_, &local_size_);
}

MpiExchange::~MpiExchange() {
  if (local_ != MPI_COMM_NULL) MPI_Comm_free(&local_);
}

std::vector<std::uint64_t> MpiExchange::all_to_all(const std::vector<std::uint64_t>& send,
                                                   const std::vector<std::size_t>& send_counts,
                                                   std::vector<std::size_t>& recv_counts) {
  std::vector<std::uint64_t> counts_out(send_counts.begin(), send_counts.end()), counts_in(size_);
  MPI_Alltoall(counts_out.data(), 1, MPI_UINT64_T, counts_in.data(), 1, MPI_UINT64_T, MPI_COMM_WORLD);
  recv_counts.assign(counts_in.begin(), counts_in.end());
  std::vector<int> send_at, recv_at;
  const std::vector<int> send_n = as_ints(send_counts, send_at), recv_n = as_ints(recv_counts, recv_at);
  std::size_t total = 0;
  for (std::size_t c : recv_counts) total += c;
  std::vector<std::uint64_t> out(total);
  MPI_Alltoallv(send.data(), send_n.data(), send_at.data(), MPI_UINT64_T, out.data(), recv_n.data(),
                recv_at.data(), MPI_UINT64_T, MPI_COMM_WORLD);
  return out;
}

void MpiExchange::all_to_all(const double* send, const std::vector<std::size_t>& send_counts, double* recv,
                             const std::vector<std::size_t>& recv_counts) {
  std::vector<int> send_at, recv_at;
  const std::vector<int> send_n = as_ints(send_counts, send_at), recv_n = as_ints(recv_counts, recv_at);
  MPI_Alltoallv(send, send_n.data(), send_at.data(), MPI_DOUBLE, recv, recv_n.data(), recv_at.data(),
                MPI_DOUBLE, MPI_COMM_WORLD);
}

std::uint64_t MpiExchange::sum(std::uint64_t value) {
  std::uint64_t out = 0;
  MPI_Allreduce(&value, &out, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  return out;
}

std::uint64_t MpiExchange::max(std::uint64_t value) {
  std::uint64_t out = 0;
  MPI_Allreduce(&value, &out, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
  return out;
}

double MpiExchange::max(double value) {
  double out = 0.0;
  MPI_Allreduce(&value, &out, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return out;
}

void MpiExchange::broadcast(double* values, std::size_t count, int root) {
  MPI_Bcast(values, static_cast<int>(count), MPI_DOUBLE, root, MPI_COMM_WORLD);
}

}  // namespace sgplan::mpi
