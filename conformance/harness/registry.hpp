// The subject registry: every implementation of one family, in-process or external, found by name.
// Subjects hand themselves to it through their family's add_subject() (subjects/api/<family>.hpp),
// defined beside the family's operations. Selection honours TSCONFORM_SUBJECTS (comma-separated
// names); by default every subject except the seeded-bug mutants is selected.
#pragma once

#include <cstdlib>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/harness/input_error.hpp"

namespace tsc {

// Every family registers its reference adapter under this name.
inline constexpr std::string_view kReferenceName = "reference";

inline bool is_mutant_name(std::string_view name) { return name.starts_with("mutant:"); }

std::vector<std::string> split_names(std::string_view list);

template <class Subject>
class Registry {
public:
    // A second subject of the same name is ignored: registration may run more than once.
    void add(std::unique_ptr<Subject> s) {
        if (find(s->name()) != nullptr) return;
        subjects_.push_back(std::move(s));
        under_test_.reset();
    }

    Subject* find(std::string_view name) const {
        for (const auto& s : subjects_)
            if (s->name() == name) return s.get();
        return nullptr;
    }

    std::vector<Subject*> all() const {
        std::vector<Subject*> out;
        for (const auto& s : subjects_) out.push_back(s.get());
        return out;
    }

    // The subjects a check runs against: TSCONFORM_SUBJECTS if set (names of other families are
    // ignored), otherwise every non-mutant subject.
    std::vector<Subject*> selected() const {
        std::vector<Subject*> out;
        if (const char* env = std::getenv("TSCONFORM_SUBJECTS"); env && *env) {
            for (const std::string& name : split_names(env))
                if (Subject* s = find(name)) out.push_back(s);
            return out;
        }
        for (const auto& s : subjects_)
            if (!is_mutant_name(s->name())) out.push_back(s.get());
        return out;
    }

    // selected() without the reference, worked out once per registration: a fuzz target asks for
    // it on every input, and TSCONFORM_SUBJECTS does not change while a process runs.
    const std::vector<Subject*>& under_test() {
        if (!under_test_) {
            under_test_.emplace();
            for (Subject* s : selected())
                if (s->name() != kReferenceName) under_test_->push_back(s);
        }
        return *under_test_;
    }

private:
    std::vector<std::unique_ptr<Subject>> subjects_;
    std::optional<std::vector<Subject*>> under_test_;
};

// One registry per subject interface, filled by register_builtin_subjects().
template <class Subject>
Registry<Subject>& registry() {
    static Registry<Subject> r;
    return r;
}

// Registers the reference adapters, the fast subjects, (in a mutant build) every mutant and the
// external subjects of TSCONFORM_EXTERNAL. Defined in generated code (cmake/subjects.cmake); safe
// to call more than once.
void register_builtin_subjects();

// The subject of this name, or an InputError naming the family and pointing at the list.
template <class Subject>
Subject& subject_named(std::string_view family, std::string_view name) {
    register_builtin_subjects();
    if (Subject* s = registry<Subject>().find(name)) return *s;
    throw InputError("no " + std::string(family) + " subject named `" + std::string(name) +
                                "` (see: tsconform subjects)");
}

// The subjects a check compares with the reference: the selected ones, the reference excluded.
template <class Subject>
const std::vector<Subject*>& subjects_under_test() {
    register_builtin_subjects();
    return registry<Subject>().under_test();
}

template <class Subject>
Subject& reference_subject() {
    register_builtin_subjects();
    Subject* s = registry<Subject>().find(kReferenceName);
    if (s == nullptr) throw std::logic_error("a family's reference subject is not registered");
    return *s;
}

// The reference first, then subjects_under_test(): for checks against fixed expectations (vectors,
// hostile inputs), where a case the reference fails is a spec question, not a subject bug.
template <class Subject>
std::vector<Subject*> reference_and_subjects() {
    std::vector<Subject*> all = subjects_under_test<Subject>();
    all.insert(all.begin(), &reference_subject<Subject>());
    return all;
}

}  // namespace tsc
