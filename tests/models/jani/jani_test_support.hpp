// Reading JANI text in the tests the way the registry entry does (jani_kind.cpp): translated,
// the initial state settled, and every generator error relocated to its JSON pointer.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "mdp/build_graph.hpp"
#include "models/jani/initial_state.hpp"
#include "models/jani/jani_model.hpp"
#include "models/prism_language/compiled_model.hpp"
#include "models/prism_language/property_answer.hpp"

namespace sgplan::models::jani::testing {

inline JaniModel load_text(const std::string& text, const prism_language::ConstantOverrides& constants = {},
                           const std::string& file = "test.jani") {
  JaniModel j = read_jani_model(text, file);
  with_json_places(j.places, file, [&] { settle_initial_state(j, constants); });
  return j;
}

// The answer to the property named `name`, with sound bounds within 1e-10.
inline prism_language::PropertyAnswer answer(const JaniModel& j, const std::string& name,
                                             const prism_language::ConstantOverrides& constants = {}) {
  for (const prism_language::Property& p : j.properties) {
    if (p.name != name) continue;
    EXPECT_TRUE(p.supported) << name << ": " << p.unsupported;
    prism_language::AnswerOptions o;
    o.epsilon = 1e-10;
    const auto a = with_json_places(
        j.places, j.file, [&] { return prism_language::answer_property(j.model, constants, p, o); });
    EXPECT_TRUE(a.sound);
    EXPECT_LE(a.upper - a.lower, 1e-9) << name;
    return a;
  }
  ADD_FAILURE() << "no property " << name;
  return {};
}

// The whole reachable graph (no objective): its states and deadlocks.
struct Explored {
  std::size_t states = 0;
  std::uint64_t deadlocks = 0;
};
inline Explored explore(const JaniModel& j, const prism_language::ConstantOverrides& constants = {}) {
  return with_json_places(j.places, j.file, [&] {
    prism_language::CompiledModel m(j.model, constants);
    const mdp::BuiltGraph built = mdp::build_graph(m);
    return Explored{built.graph.num_states(), m.deadlocks()};
  });
}

// The graph of `p` (the states where its target holds, or its until's left fails, terminal): its
// state count.
inline std::size_t explore_with_targets(const JaniModel& j, const prism_language::Property& p,
                                        const prism_language::ConstantOverrides& constants = {}) {
  return with_json_places(j.places, j.file, [&] {
    prism_language::CompiledModel m(j.model, constants);
    std::optional<prism_language::NodeId> avoid;
    if (p.left) {
      prism_language::Node negation;
      negation.op = prism_language::Op::kNot;
      negation.args = {*p.left};
      avoid = m.add_node(std::move(negation));
    }
    m.set_objective(p.right, true, {}, avoid);
    return mdp::build_graph(m).graph.num_states();
  });
}

// The message of the InputError that reading, exploring or answering every property raises; ""
// when none does.
inline std::string error_of(const std::string& text,
                            const prism_language::ConstantOverrides& constants = {}) {
  try {
    const JaniModel j = load_text(text, constants);
    explore(j, constants);
    for (const prism_language::Property& p : j.properties) {
      if (!p.supported) continue;
      with_json_places(j.places, j.file,
                       [&] { return prism_language::answer_property(j.model, constants, p); });
    }
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace sgplan::models::jani::testing
