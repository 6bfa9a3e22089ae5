#include "models/ppddl/ppddl_files.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/errors.hpp"
#include "models/ppddl/domain_parser.hpp"
#include "models/ppddl/problem_parser.hpp"
#include "models/ppddl/sexpr.hpp"

namespace sgplan::models::ppddl {

namespace {

std::string read_text(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw InputError(SourceLocation{path, 0, 0}, "is a folder, not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(SourceLocation{path, 0, 0}, "cannot read the file");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

[[noreturn]] void fail(const std::string& file, const SExpr& at, const std::string& message) {
  throw InputError(SourceLocation{file, at.line, at.column}, message);
}

struct Definitions {
  std::vector<const SExpr*> domains, problems;
};

Definitions definitions(const std::vector<SExpr>& forms, const std::string& file) {
  Definitions out;
  for (const SExpr& f : forms) {
    const std::string kind = definition_kind(f);
    if (kind == "domain") {
      out.domains.push_back(&f);
    } else if (kind == "problem") {
      out.problems.push_back(&f);
    } else {
      fail(file, f,
           "expected (define (domain NAME) ...) or (define (problem NAME) ...), found " + to_text(f));
    }
  }
  return out;
}

// The problem's (:domain NAME), or null.
const SExpr* domain_reference(const SExpr& problem) {
  for (const SExpr& s : problem.items)
    if (s.headed(":domain") && s.items.size() == 2) return &s.items[1];
  return nullptr;
}

// Of the domains in one file, the one the problem names (else the first: the problem's parser
// then says the names differ).
const SExpr* pick_domain(const std::vector<const SExpr*>& domains, const SExpr* wanted) {
  for (const SExpr* d : domains)
    if (wanted != nullptr && d->items[1].items[1].text == wanted->text) return d;
  return domains.front();
}

}  // namespace

PpddlFiles read_ppddl(const std::string& problem_path, const std::string& domain_path, bool lenient) {
  const std::vector<SExpr> forms = read_sexprs(read_text(problem_path), problem_path);
  const Definitions here = definitions(forms, problem_path);
  if (here.problems.empty()) {
    if (!here.domains.empty()) {
      const SExpr& d = *here.domains.front();
      fail(problem_path, d,
           "this file defines the domain '" + d.items[1].items[1].text +
               "', not a problem: give the problem file (sgplan solve p01.pddl; its domain is read from "
               "domain.pddl beside it, or from --domain FILE)");
    }
    throw InputError(SourceLocation{problem_path, 1, 1},
                     "expected (define (problem NAME) ...): the file defines none");
  }
  if (here.problems.size() > 1)
    fail(problem_path, *here.problems[1], "a second problem in one file: sgplan reads one problem per file");
  const SExpr& problem = *here.problems.front();
  const SExpr* wanted = domain_reference(problem);

  std::string file = domain_path;
  std::vector<SExpr> domain_forms;
  const SExpr* domain = nullptr;
  if (domain_path.empty() && !here.domains.empty()) {
    file = problem_path;
    domain = pick_domain(here.domains, wanted);
  } else {
    if (file.empty()) {
      file = (std::filesystem::path(problem_path).parent_path() / "domain.pddl").string();
      std::error_code ec;
      if (!std::filesystem::exists(file, ec)) {
        const SExpr& at = wanted != nullptr ? *wanted : problem;
        fail(problem_path, at,
             "the problem's domain is not in this file and there is no domain.pddl beside it: give it with "
             "--domain FILE");
      }
    }
    domain_forms = read_sexprs(read_text(file), file);
    const Definitions there = definitions(domain_forms, file);
    if (there.domains.empty()) {
      throw InputError(SourceLocation{file, 1, 1},
                       "expected (define (domain NAME) ...): the domain file defines none");
    }
    domain = pick_domain(there.domains, wanted);
  }
  PpddlFiles out;
  out.domain = parse_domain(*domain, file, lenient);
  out.problem = parse_problem(problem, out.domain, problem_path, lenient);
  return out;
}

}  // namespace sgplan::models::ppddl
