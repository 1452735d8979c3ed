#include "conformance/runner/shrink.hpp"

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
            delete_blocks();
            minimize_each();
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

    // Each choice made as small as it can be by a binary search toward 0.
    void minimize_each() {
        for (std::size_t at = 0; at < best_.choices.size(); ++at) {
            std::uint64_t lo = 0, hi = best_.choices[at];
            while (lo < hi && best_.tries < budget_) {
                const std::uint64_t mid = lo + (hi - lo) / 2;
                Choices c = best_.choices;
                c[at] = mid;
                if (try_candidate(c)) hi = mid;
                else lo = mid + 1;
            }
        }
    }

    Shrunk best_;
    const std::function<bool(const Choices&)>& fails_;
    std::size_t budget_;
};

}  // namespace

Shrunk shrink(Choices failing, const std::function<bool(const Choices&)>& fails, std::size_t budget) {
    return Shrinker(std::move(failing), fails, budget).run();
}

}  // namespace tsc::runner
