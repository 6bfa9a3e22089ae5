// The ground atoms met while grounding, each a predicate applied to objects, numbered in the order
// they were first met (so a run grounds the same problem to the same numbers).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "models/ppddl/ast.hpp"
#include "models/ppddl/condition.hpp"

namespace sgplan::models::ppddl {

class AtomTable {
 public:
  AtomId intern(PredicateId predicate, std::span<const ObjectId> args);
  std::optional<AtomId> find(PredicateId predicate, std::span<const ObjectId> args) const;
  std::size_t size() const { return start_.size(); }
  PredicateId predicate(AtomId a) const { return data_[start_[a]]; }
  std::span<const ObjectId> args(AtomId a) const;

 private:
  static std::string key_of(PredicateId predicate, std::span<const ObjectId> args);
  std::vector<std::uint32_t> data_;   // per atom: its predicate, then its arguments
  std::vector<std::uint32_t> start_;  // where each atom starts in data_
  std::unordered_map<std::string, AtomId> index_;
};

}  // namespace sgplan::models::ppddl
