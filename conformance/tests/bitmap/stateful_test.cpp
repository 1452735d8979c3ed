// RapidCheck stateful test (rc::state): random command sequences, each generated from the reference
// model's state, grow a program; after each command every subject that supports the generated size
// runs the program so far and is compared with the reference under the subject's profile
// (check<RunProgram>, its divergence policy: the first differing step is the report). In-process
// subjects and subject programs of the protocol are checked alike. A failure prints the divergence
// report with its tsconform command, then RapidCheck's shrunk command list and RC_PARAMS reproduce
// line.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>
#include <rapidcheck/state.h>

#include "conformance/harness/bitmap/operations.hpp"
#include "conformance/tests/bitmap/generators.hpp"

namespace tsc::bitmap::test {
namespace {

// The model: the reference bitmap (what the generators read) and the program that built it.
struct Model {
    std::optional<reference::Bitmap> bitmap;
    Program history;
};

// The systems under test: the subjects that support the program's bitmap.
struct Sut {
    std::vector<Subject*> subjects;
};

using Command = rc::state::Command<Model, Sut>;

struct OpCommand : Command {
    Op op;
    explicit OpCommand(Op o) : op(std::move(o)) {}

    void apply(Model& m) const override {
        observe(*m.bitmap, op);
        m.history.ops.push_back(op);
    }

    void run(const Model& m, Sut& sut) const override {
        for (Subject* s : sut.subjects) {
            RunProgram::Input in{m.history, profile_of(*s)};
            in.program.ops.push_back(op);
            const std::vector<Failure> failures = check<RunProgram>(*s, in);
            if (!failures.empty()) RC_FAIL(describe_all(failures));
        }
    }

    void show(std::ostream& os) const override { os << to_text(op); }
};

// One command type per kind of operation, so that execOneOfWithArgs spreads them evenly.
struct PositionOp : OpCommand {
    explicit PositionOp(const Model& m) : OpCommand(gen_position_op(m.bitmap->size())) {}
};
struct WholeOp : OpCommand {
    explicit WholeOp(const Model&) : OpCommand(gen_whole_op()) {}
};
struct RangeUpdate : OpCommand {
    explicit RangeUpdate(const Model& m) : OpCommand(gen_range_update(m.bitmap->size())) {}
};
struct RangeQuery : OpCommand {
    explicit RangeQuery(const Model& m) : OpCommand(gen_range_query(m.bitmap->size())) {}
};
struct Merge : OpCommand {
    explicit Merge(const Model& m) : OpCommand(gen_merge(m.bitmap->size())) {}
};
struct Equality : OpCommand {
    explicit Equality(const Model& m) : OpCommand(gen_equality(m.bitmap->value())) {}
};
struct FailedRows : OpCommand {
    explicit FailedRows(const Model& m) : OpCommand(gen_failed_rows(m.bitmap->size())) {}
};

TEST(BitmapStateful, SubjectsAreRegistered) { EXPECT_FALSE(subjects_under_test<Subject>().empty()); }

RC_GTEST_PROP(BitmapStateful, EverySubjectFollowsTheReferenceModel, ()) {
    Program start;
    start.size = gen_size();
    if (*rc::gen::arbitrary<bool>()) start.initial = gen_value(start.size).bytes;  // BitMap(size, bytes)

    Sut sut;
    for (Subject* s : subjects_under_test<Subject>()) {
        // The bitmap as created must already be the reference's (the empty program).
        const std::vector<Failure> failures = check<RunProgram>(*s, {start, profile_of(*s)});
        if (!failures.empty()) RC_FAIL(describe_all(failures));
        if (!RunProgram::run(*s, {start, profile_of(*s)}).unsupported) sut.subjects.push_back(s);
    }
    RC_PRE(!sut.subjects.empty());  // no selected subject supports this size
    RC_TAG(sut.subjects.size());

    Model model{start.initial ? reference::Bitmap::make(Value{start.size, *start.initial})
                              : reference::Bitmap::make(start.size),
                start};
    rc::state::check(model, sut,
                     rc::state::gen::execOneOfWithArgs<PositionOp, WholeOp, RangeUpdate, RangeQuery, Merge, Equality,
                                                       FailedRows>());
}

}  // namespace
}  // namespace tsc::bitmap::test
