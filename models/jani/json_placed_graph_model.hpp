// A GraphModel whose errors name JSON pointers: it forwards everything to the model it wraps (the
// translated JANI model's ImplicitGraphModel) and turns an InputError the generator raises while
// building (a value outside its bounds after an update, a distribution that does not sum to 1) or
// searching from a line of the translation into the JSON pointer of the JANI file (place_table.hpp).
#pragma once

#include <memory>
#include <string>

#include "models/graph_model.hpp"
#include "models/jani/place_table.hpp"

namespace sgplan::models::jani {

class JsonPlacedGraphModel final : public GraphModel {
 public:
  JsonPlacedGraphModel(std::unique_ptr<GraphModel> inner, PlaceTable places, std::string file)
      : inner_(std::move(inner)), places_(std::move(places)), file_(std::move(file)) {}

  std::string kind() const override { return inner_->kind(); }
  mdp::BuiltGraph build(const mdp::BuildOptions& options) const override {
    return with_json_places(places_, file_, [&] { return inner_->build(options); });
  }
  std::string state_name(const mdp::BuiltGraph& built, mdp::StateIndex s) const override {
    return inner_->state_name(built, s);
  }
  std::string render(const mdp::BuiltGraph& built, const mdp::Solution& solution,
                     mdp::StateIndex s) const override {
    return inner_->render(built, solution, s);
  }
  std::optional<TreeSearchResult> tree_search(const TreeSearchRequest& request) const override {
    return with_json_places(places_, file_, [&] { return inner_->tree_search(request); });
  }
  std::optional<PartialSearchResult> search_from_start(const mdp::BrtdpOptions& options) const override {
    return with_json_places(places_, file_, [&] { return inner_->search_from_start(options); });
  }
  std::uint64_t state_bound() const override { return inner_->state_bound(); }
  std::uint64_t reachable_lower_bound() const override { return inner_->reachable_lower_bound(); }
  std::string default_method() const override { return inner_->default_method(); }
  bool acyclic() const override { return inner_->acyclic(); }
  std::optional<mdp::InfinitePlay> infinite_play() const override { return inner_->infinite_play(); }
  std::vector<ReportTable> report(const mdp::BuiltGraph& built,
                                  const mdp::Solution& solution) const override {
    return inner_->report(built, solution);
  }

 private:
  std::unique_ptr<GraphModel> inner_;
  PlaceTable places_;
  std::string file_;
};

}  // namespace sgplan::models::jani
