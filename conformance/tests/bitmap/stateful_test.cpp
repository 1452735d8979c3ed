// RapidCheck stateful test (rc::state): random command sequences drive the reference model and every
// subject that supports the generated size with the same operations; after each one the harness
// compares the subject's outcome so far with the reference's outcome of the program so far under the
// subject's profile (check_step: RunProgram's divergence policy, one step at a time). A failure prints
// the divergence report with its tsconform command, then RapidCheck's shrunk command list and
// RC_PARAMS reproduce line.
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

// The systems under test: one live bitmap per subject that supports the size, and its outcome so far.
struct Live {
    Subject* subject;
    std::unique_ptr<Bitmap> bitmap;
    RunProgram::Outcome so_far;
};
struct Sut {
    std::vector<Live> bitmaps;
};

using Command = rc::state::Command<Model, Sut>;

struct OpCommand : Command {
    Op op;
    explicit OpCommand(Op o) : op(std::move(o)) {}

    void apply(Model& m) const override {
        observe(*m.bitmap, op, kDefaultProfile);
        m.history.ops.push_back(op);
    }

    void run(const Model& m, Sut& sut) const override {
        for (Live& live : sut.bitmaps) {
            RunProgram::Input in{m.history, profile_of(*live.subject)};
            in.program.ops.push_back(op);
            const std::vector<Failure> failures = check_step(*live.subject, *live.bitmap, live.so_far, in);
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
        auto b = start.initial ? s->create(Value{start.size, *start.initial}) : s->create(start.size);
        if (!b) continue;
        // The bitmap as created must already be the reference's (the empty program).
        const RunProgram::Outcome created = RunProgram::begin(*b);
        if (const auto diff = RunProgram::compare(RunProgram::reference({start, profile_of(*s)}), created))
            RC_FAIL(failure_of<RunProgram>(s->name(), {start, profile_of(*s)}, *diff).describe());
        sut.bitmaps.push_back({s, std::move(b), created});
    }
    RC_PRE(!sut.bitmaps.empty());  // no selected subject supports this size
    RC_TAG(sut.bitmaps.size());

    Model model{start.initial ? reference::Bitmap::make(Value{start.size, *start.initial})
                              : reference::Bitmap::make(start.size),
                start};
    rc::state::check(model, sut,
                     rc::state::gen::execOneOfWithArgs<PositionOp, WholeOp, RangeUpdate, RangeQuery, Merge, Equality,
                                                       FailedRows>());
}

}  // namespace
}  // namespace tsc::bitmap::test
