#include "models/ppddl/atom_table.hpp"

#include <cstring>

namespace sgplan::models::ppddl {

std::string AtomTable::key_of(PredicateId predicate, std::span<const ObjectId> args) {
  std::string key(sizeof(std::uint32_t) * (1 + args.size()), '\0');
  std::memcpy(key.data(), &predicate, sizeof predicate);
  if (!args.empty()) std::memcpy(key.data() + sizeof predicate, args.data(), sizeof(ObjectId) * args.size());
  return key;
}

AtomId AtomTable::intern(PredicateId predicate, std::span<const ObjectId> args) {
  auto [it, inserted] = index_.emplace(key_of(predicate, args), static_cast<AtomId>(start_.size()));
  if (inserted) {
    start_.push_back(static_cast<std::uint32_t>(data_.size()));
    data_.push_back(predicate);
    data_.insert(data_.end(), args.begin(), args.end());
  }
  return it->second;
}

std::optional<AtomId> AtomTable::find(PredicateId predicate, std::span<const ObjectId> args) const {
  const auto it = index_.find(key_of(predicate, args));
  if (it == index_.end()) return std::nullopt;
  return it->second;
}

std::span<const ObjectId> AtomTable::args(AtomId a) const {
  const std::size_t end = a + 1 < start_.size() ? start_[a + 1] : data_.size();
  return {data_.data() + start_[a] + 1, end - start_[a] - 1};
}

}  // namespace sgplan::models::ppddl
