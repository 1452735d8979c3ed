#include "conformance/runner/shrink.hpp"

#include <algorithm>

namespace tsc::runner {

using inputs::Choices;

namespace {

class Shrinker {
public:
    Shrinker(Choices failing, const std::function<bool(const Choices&)>& fails, std::size_t budget)
        : best_{std::move(failing)}, fails_(fails), budget_(budget) {}

    Shrunk run() {
        for (bool progress = true; progress && best_.tries < budget_;) {
            const std::size_t before = best_.steps;
            cut_tail();
            minimize_each(kLeading);  // the first answers are a producer's sizes and kinds
            delete_blocks();
            minimize_each(best_.choices.size());
            progress = best_.steps != before;
        }
        return best_;
    }

private:
    bool try_candidate(const Choices& c) {
        if (best_.tries >= budget_) return false;
        ++best_.tries;
        if (!fails_(c)) return false;
        best_.choices = c;
        ++best_.steps;
        return true;
    }

    // The list cut to half, a quarter, ... of its length: a producer stops early on a dry source.
    void cut_tail() {
        for (std::size_t keep = 0; keep < best_.choices.size();) {
            if (try_candidate(Choices(best_.choices.begin(), best_.choices.begin() + static_cast<std::ptrdiff_t>(keep))))
                continue;
            keep = keep == 0 ? 1 : keep * 2;
        }
    }

    // Blocks of 8, 4, 2 and 1 choices removed: a row, a column or an operation less.
    void delete_blocks() {
        for (std::size_t size : {8, 4, 2, 1})
            for (std::size_t at = 0; at + size <= best_.choices.size();) {
                Choices c = best_.choices;
                c.erase(c.begin() + static_cast<std::ptrdiff_t>(at), c.begin() + static_cast<std::ptrdiff_t>(at + size));
                if (!try_candidate(c)) ++at;
            }
    }

    // Each of the first `count` choices made smaller: 0 if that still fails, else halved while that
    // still fails, a few times (a binary search to the last unit would spend the budget on one value).
    void minimize_each(std::size_t count) {
        for (std::size_t at = 0; at < std::min(count, best_.choices.size()); ++at) {
            auto with = [&](std::uint64_t v) {
                Choices c = best_.choices;
                c[at] = v;
                return c;
            };
            if (best_.choices[at] == 0 || try_candidate(with(0))) continue;
            for (int halvings = 0; halvings < kHalvings && best_.choices[at] > 1 && try_candidate(with(best_.choices[at] / 2));)
                ++halvings;
        }
    }

    static constexpr std::size_t kLeading = 16;
    static constexpr int kHalvings = 6;

    Shrunk best_;
    const std::function<bool(const Choices&)>& fails_;
    std::size_t budget_;
};

}  // namespace

Shrunk shrink(Choices failing, const std::function<bool(const Choices&)>& fails, std::size_t budget) {
    return Shrinker(std::move(failing), fails, budget).run();
}

}  // namespace tsc::runner
