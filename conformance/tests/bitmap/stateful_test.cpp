// RapidCheck stateful test (rc::state): random command sequences drive the reference model and every
// subject that supports the generated size with the same operations; after each one the harness
// compares the results and the byte arrays (check_step). A failure prints the divergence report
// with its tsconform command, then RapidCheck's shrunk command list and RC_PARAMS reproduce line.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>
#include <rapidcheck/state.h>

#include "conformance/harness/bitmap_checks.hpp"
#include "conformance/tests/bitmap/generators.hpp"

namespace tsc::bitmap::test {
namespace {

// The model: the reference bitmap and the program that built it (the reproduce command's source).
struct Model {
    std::optional<reference::Bitmap> bitmap;
    Program history;
};

// The systems under test: one live bitmap per subject that supports the size.
struct Sut {
    std::vector<std::pair<const Subject*, std::unique_ptr<Bitmap>>> bitmaps;
};

using Command = rc::state::Command<Model, Sut>;

struct OpCommand : Command {
    Op op;
    explicit OpCommand(Op o) : op(std::move(o)) {}

    void apply(Model& m) const override {
        bitmap::run(*m.bitmap, op, kDefaultProfile);
        m.history.ops.push_back(op);
    }

    void run(const Model& m, Sut& sut) const override {
        for (auto& [subject, bitmap] : sut.bitmaps) {
            reference::Bitmap expected = *m.bitmap;
            const StepResult step = check_step(*subject, *bitmap, expected, m.history, op);
            if (!step.failures.empty()) RC_FAIL(describe_all(step.failures));
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

TEST(BitmapStateful, SubjectsAreRegistered) {
    const auto subjects = subjects_under_test();
    ASSERT_FALSE(subjects.empty());
}

RC_GTEST_PROP(BitmapStateful, EverySubjectFollowsTheReferenceModel, ()) {
    Program start;
    start.size = gen_size();
    if (*rc::gen::arbitrary<bool>()) start.initial = gen_value(start.size).bytes;  // BitMap(size, bytes)

    Sut sut;
    for (Subject* s : subjects_under_test())
        if (auto b = create_bitmap(*s, start)) sut.bitmaps.emplace_back(s, std::move(b));
    RC_PRE(!sut.bitmaps.empty());  // no selected subject supports this size
    RC_TAG(sut.bitmaps.size());

    Model model{create_reference(start), start};
    rc::state::check(model, sut,
                     rc::state::gen::execOneOfWithArgs<PositionOp, WholeOp, RangeUpdate, RangeQuery, Merge, Equality,
                                                       FailedRows>());
}

}  // namespace
}  // namespace tsc::bitmap::test
