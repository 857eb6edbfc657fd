// The Hedu engine (docs/rules.md 3): the second implementation of
// dendria_widget/rules/hedu.py, held to it by tests/test_native.py.
#pragma once

#include <algorithm>
#include <stdexcept>

#include "common.hpp"

namespace dk {

struct HOptions {
    bool superko = true, end_on_double_pass = true;
    int opening = 0;   // 0 pie, 1 none
};

enum HPhase : int { H_OPENING, H_SWAP, H_TURN, H_OVER };
// codes: 0 empty, (height << 1) | colour (height 1..9)

struct HScalars {
    int to_move = 0, phase = H_TURN, passes = 0;
    bool swapped = false, over = false;
    int ending = NOT_OVER;
    int prisoners[2] = {0, 0};
};

class Hedu {
  public:
    static constexpr int CODES = 20;
    const Board* b;
    HOptions o;
    std::vector<uint64_t> Z;
    std::vector<uint64_t> ZO;     // a key per plot for the occupancy
    std::vector<uint8_t> cells;
    uint64_t z = 0;
    uint64_t zo = 0;              // the occupancy's key
    KeyStack occ_seen;            // occupancy keys of the recorded boards
    HScalars s;
    Repetitions reps;

  private:
    // labels: the region labels before the step were kept (label_saves_)
    // near: the region counts before the step were kept (near_saves_)
    struct Rec { Step step; HScalars saved; size_t ch_begin; bool recorded; bool labels; int nregions; bool near; };
    std::vector<Rec> undo_;
    std::vector<std::pair<int, int>> changes_;
    std::vector<int> label_;     // region id of an empty plot, -1 for a stack
    std::vector<int> label_saves_;   // n labels per kept set, latest last
    std::vector<int> queue_;

  public:
    Hedu(const Board* board, const HOptions& opt) : b(board), o(opt) {
        Z = zobrist(b->n, CODES);
        ZO = zobrist(b->n + 1, 2);
        cells.assign(b->n, 0);
        label_.assign(b->n, -1);
        reps.n = (size_t)b->n;
    }

    void start(bool fresh) {
        s.phase = fresh ? (o.opening == 0 ? H_OPENING : H_TURN) : H_TURN;
        record(z);
        if (!any_placeable()) finish(BY_NO_PLACEMENT);
    }

    uint64_t okey(int i) const { return ZO[(size_t)i * 2 + 1]; }

    void record(uint64_t h) {
        reps.add(h, cells.data());
        occ_seen.push(zo);
    }
    // the last record taken back
    void unrecord() {
        reps.remove_last();
        occ_seen.pop();
    }

    int put(int i, int c) {
        int old = cells[i];
        if (old) z ^= Z[(size_t)i * CODES + old];
        if (c) z ^= Z[(size_t)i * CODES + c];
        if (!old != !c) zo ^= okey(i);
        cells[i] = (uint8_t)c;
        return old;
    }

    void change(int i, int c) { changes_.push_back({i, put(i, c)}); }

    // label every region (maximal connected set of empty plots)
    // (labels hold for one occupancy: kept while it stays the same)
    uint64_t lkey_ = 0;
    bool lvalid_ = false;
    int nregions_ = 0;

    int label_regions() {
        if (lvalid_ && lkey_ == zo) return nregions_;
        std::fill(label_.begin(), label_.end(), -1);
        int k = 0;
        for (int i = 0; i < b->n; ++i) {
            if (cells[i] || label_[i] >= 0) continue;
            queue_.clear();
            queue_.push_back(i);
            label_[i] = k;
            for (size_t q = 0; q < queue_.size(); ++q)
                for (int j : b->adj(queue_[q]))
                    if (!cells[j] && label_[j] < 0) { label_[j] = k; queue_.push_back(j); }
            ++k;
        }
        lvalid_ = true;
        lkey_ = zo;
        nregions_ = k;
        return k;
    }

    // the labels after a stack filled the empty plot i, from the labels of
    // the occupancy before (valid when lkey_ == zo ^ okey(i)): i's region
    // loses i; it stays one region when i's empty neighbours make one run
    // round i (each next to the following one), else each piece gets a new label
    void label_after_fill(int i) {
        raced_.clear();
        relabelled_all_ = false;
        int r = label_[i];
        label_[i] = -1;
        lkey_ = zo;
        const auto& six = b->nbr[i];
        int run[6] = {-1, -1, -1, -1, -1, -1};   // the run of each empty neighbour round i
        if (b->ring) {
            bool e[6];
            int empties = 0, starts = 0;
            for (int d = 0; d < 6; ++d) { e[d] = six[d] >= 0 && !cells[six[d]]; empties += e[d]; }
            for (int d = 0; d < 6; ++d) starts += e[d] && !e[(d + 5) % 6];
            if (starts <= 1 && (starts == 1 || empties == 6)) return;
            for (int d = 0, k = -1; d < 12; ++d) {   // twice round: a run may wrap
                int x = d % 6;
                if (!e[x]) continue;
                if (!e[(x + 5) % 6]) k = x;
                if (k >= 0) run[x] = k;
            }
        }
        if (nregions_ > 2 * b->n) {   // labels kept small
            lvalid_ = false;
            label_regions();
            relabelled_all_ = true;
            return;
        }
        int reps[6], m = 0;   // one empty neighbour of each run
        for (int d = 0; d < 6; ++d) {
            int j = six[d];
            if (j >= 0 && !cells[j] && label_[j] == r && (run[d] < 0 || run[d] == d)) reps[m++] = j;
        }
        if (m > 1) split_pieces(r, reps, m);
    }

    // label_after_fill's pieces: region r lost a plot and each of reps
    // (its empty neighbours, one a run) may now be in a region of its own.
    // They are searched all at once, a plot each in turn (piece k marks
    // its plots -2 - k); two that meet are one piece. When at most one
    // piece can still grow, the others are whole regions and get new
    // labels, and that one keeps r: the cost is that of the smaller
    // pieces, not of the whole region.
    std::vector<int> race_q_[6], raced_;   // raced_: the plots split_pieces() searched
    bool relabelled_all_ = false;          // label_after_fill() labelled the board anew
    void split_pieces(int r, const int* reps, int m) {
        int up[6];
        size_t head[6];
        auto root = [&](int k) { while (up[k] != k) k = up[k]; return k; };
        raced_.clear();
        for (int k = 0; k < m; ++k) {
            up[k] = k;
            head[k] = 0;
            race_q_[k].assign(1, reps[k]);
            label_[reps[k]] = -2 - k;
            raced_.push_back(reps[k]);
        }
        int keeper = -1;
        for (;;) {
            bool open[6] = {false, false, false, false, false, false};
            int roots = 0, growing = 0;
            for (int k = 0; k < m; ++k) {
                int g = root(k);
                roots += g == k;
                if (head[k] < race_q_[k].size() && !open[g]) { open[g] = true; ++growing; keeper = g; }
            }
            if (roots == 1 || growing <= 1) {
                if (growing == 0) keeper = root(0);
                break;
            }
            for (int k = 0; k < m; ++k) {
                if (head[k] >= race_q_[k].size()) continue;
                int c = race_q_[k][head[k]++];
                for (int x : b->adj(c)) {
                    if (cells[x]) continue;
                    int l = label_[x];
                    if (l == r) {
                        label_[x] = -2 - k;
                        race_q_[k].push_back(x);
                        raced_.push_back(x);
                    } else if (l <= -2) {
                        int a = root(k), o = root(-2 - l);
                        if (a != o) up[a] = o;
                    }
                }
            }
        }
        int fresh[6];
        for (int k = 0; k < m; ++k)
            if (root(k) == k && k != keeper) fresh[k] = nregions_++;
        for (int x : raced_) {
            int g = root(-2 - label_[x]);
            label_[x] = g == keeper ? r : fresh[g];
        }
    }

    // distinct regions next to plot i (labels as they are)
    int regions_near(int i) const {
        int seen[6];
        int k = 0;
        for (int j : b->adj(i)) {
            if (cells[j]) continue;
            int l = label_[j];
            bool dup = false;
            for (int m = 0; m < k; ++m) if (seen[m] == l) dup = true;
            if (!dup) seen[k++] = l;
        }
        return k;
    }

    bool placeable(int i) const {
        if (cells[i]) return false;
        for (int j : b->adj(i)) if (!cells[j]) return true;
        return false;
    }

    bool any_placeable() const {
        for (int i = 0; i < b->n; ++i) if (placeable(i)) return true;
        return false;
    }

    // the regions next to every stack, for the labels as they are (they
    // change only when the occupancy does: near_key_, its key)
    std::vector<uint8_t> near_, near_saves_;
    uint64_t near_key_ = 0;
    bool near_valid_ = false;
    void count_near() {
        near_.resize((size_t)b->n);
        for (int j = 0; j < b->n; ++j) near_[j] = cells[j] ? (uint8_t)regions_near(j) : 0;
        near_key_ = zo;
        near_valid_ = true;
    }

    // near_ after label_after_fill(i), from the counts before: only i, the
    // stacks next to it and those next to a plot split_pieces() searched
    // can have other regions round them
    void count_near_after_fill(int i) {
        near_[i] = (uint8_t)regions_near(i);
        for (int j : b->adj(i)) if (cells[j]) near_[j] = (uint8_t)regions_near(j);
        for (int x : raced_)
            for (int j : b->adj(x)) if (cells[j]) near_[j] = (uint8_t)regions_near(j);
        near_key_ = zo;
    }

    // reduce every stack of colour to its region count (near_); true when one left
    bool reduce(int colour, int gainer) {
        int taken = 0;
        bool gone = false;
        for (int j = 0; j < b->n; ++j) {
            int c = cells[j];
            if (!c || (c & 1) != colour) continue;
            int k = near_[j];
            if ((c >> 1) > k) {
                change(j, k ? ((k << 1) | colour) : 0);
                taken += (c >> 1) - k;
                gone |= k == 0;
            }
        }
        s.prisoners[gainer] += taken;
        return gone;
    }

    void place(int i, int mover) {
        change(i, (1 << 1) | mover);
        uint64_t before = zo ^ okey(i);
        bool counted = near_valid_ && near_key_ == before;
        if (lvalid_ && lkey_ == before) {
            label_after_fill(i);
        } else {
            label_regions();
            counted = false;
        }
        if (counted && !relabelled_all_) count_near_after_fill(i);
        else count_near();
        int h = near_[i];
        if (h != 1) put(i, (h << 1) | mover);   // the change already holds the empty plot
        if (reduce(1 - mover, mover)) { label_regions(); count_near(); }
        if (reduce(mover, 1 - mover)) { label_regions(); count_near(); }
        for (int j = 0; j < b->n; ++j) {
            int c = cells[j];
            if (!c) continue;
            int k = near_[j];
            if ((c >> 1) < k) change(j, (k << 1) | (c & 1));
        }
    }

    void finish(int ending) { s.over = true; s.phase = H_OVER; s.ending = ending; }

    int liberties(int j) const {
        int k = 0;
        for (int x : b->adj(j)) if (!cells[x]) ++k;
        return k;
    }

    // would placing on i repeat a recorded board? The occupancy after it is
    // known without playing it (docs/rules.md 3 (1), (2)): the new stack
    // stays; the enemy stacks whose one empty neighbour is i leave, then the
    // friendly ones whose one empty neighbour is i and that touch no
    // leaving enemy stack. Only a placement to a recorded occupancy is played out.
    bool place_repeats(int i, int mover, bool dead) {
        if (!dead) {
            uint64_t key = zo ^ okey(i);
            int gone_e[6], ne = 0;
            for (int j : b->nbr[i])
                if (j >= 0 && cells[j] && (cells[j] & 1) != mover && liberties(j) == 1) {
                    gone_e[ne++] = j;
                    key ^= okey(j);
                }
            for (int j : b->nbr[i]) {
                if (j < 0 || !cells[j] || (cells[j] & 1) != mover || liberties(j) != 1) continue;
                bool freed = false;
                for (int k = 0; k < ne; ++k)
                    for (int x : b->nbr[j]) if (x == gone_e[k]) freed = true;
                if (!freed) key ^= okey(j);
            }
            if (!occ_seen.contains(key)) return false;
        }
        HScalars saved = s;
        size_t mark = changes_.size();
        place(i, mover);
        bool rep = reps.seen(z, cells.data());
        roll_back(changes_, mark, [this](int i, int c) { put(i, c); });
        s = saved;
        return rep;
    }

    void legal(std::vector<Step>& out) {
        out.clear();
        if (s.over) return;
        // a given position may hold stacks with no empty neighbour: they leave
        // at the first placement, so every placement is played out
        bool dead = false;
        if (o.superko)
            for (int j = 0; j < b->n && !dead; ++j) if (cells[j] && !liberties(j)) dead = true;
        for (int i = 0; i < b->n; ++i) {
            if (!placeable(i)) continue;
            if (o.superko && place_repeats(i, s.to_move, dead)) continue;
            out.push_back({PLACE, i});
        }
        if (s.phase != H_OPENING) out.push_back({PASS, 0});
        if (s.phase == H_SWAP) out.push_back({SWAP, 0});
    }

    bool turn_open() const { return false; }

    // every step the draw can give now (see Dendria::drawable)
    bool drawable(std::vector<Step>& out) {
        out.clear();
        if (s.over || s.phase != H_TURN) return false;
        bool dead = false;
        if (o.superko)
            for (int j = 0; j < b->n && !dead; ++j) if (cells[j] && !liberties(j)) dead = true;
        for (int i = 0; i < b->n; ++i)
            if (placeable(i) && !(o.superko && place_repeats(i, s.to_move, dead))) out.push_back({PLACE, i});
        return true;
    }

    // The random playouts' draw (see Dendria::draw_step): a legal placement,
    // uniformly, by drawing plots until one may take a stack; false after
    // `tries` times as many draws as plots, and 8 more (the caller then
    // lists legal()).
    bool draw_step(Rng& rng, int tries, Step& out) {
        if (s.over || s.phase != H_TURN) return false;   // (no swap to draw)
        int dead = -1;   // found on the first draw that needs it
        for (int t = 0, all = tries * b->n + 8; t < all; ++t) {
            int i = rng.below(b->n);
            if (!placeable(i)) continue;
            if (o.superko) {
                if (dead < 0) {
                    dead = 0;
                    for (int j = 0; j < b->n && !dead; ++j) if (cells[j] && !liberties(j)) dead = 1;
                }
                if (place_repeats(i, s.to_move, dead)) continue;
            }
            out = {PLACE, i};
            return true;
        }
        return false;
    }

    void do_step(const Step& st) {
        Rec rec{st, s, changes_.size(), false, false, nregions_, false};
        int mover = s.to_move;
        if (st.verb == PLACE) {
            if (lvalid_ && lkey_ == zo) {   // keep the labels for the undo
                rec.labels = true;
                label_saves_.insert(label_saves_.end(), label_.begin(), label_.end());
            }
            if (near_valid_ && near_key_ == zo) {   // and the region counts
                rec.near = true;
                near_saves_.insert(near_saves_.end(), near_.begin(), near_.end());
            }
            place(st.arg, mover);
            rec.recorded = true;
            record(z);
            s.passes = 0;
            s.phase = s.phase == H_OPENING ? H_SWAP : H_TURN;
            s.to_move = 1 - mover;
            if (!any_placeable()) finish(BY_NO_PLACEMENT);
        } else if (st.verb == PASS) {
            s.passes += 1;
            s.phase = H_TURN;
            s.to_move = 1 - mover;
            if (o.end_on_double_pass && s.passes >= 2) finish(BY_PASSES);
        } else if (st.verb == SWAP) {
            s.swapped = !s.swapped;
            s.phase = H_TURN;
        } else {
            throw std::invalid_argument("not a Hedu step");
        }
        undo_.push_back(rec);
    }

    bool undo() {
        if (undo_.empty()) return false;
        Rec rec = undo_.back();
        undo_.pop_back();
        if (rec.recorded) unrecord();
        roll_back(changes_, rec.ch_begin, [this](int i, int c) { put(i, c); });
        if (rec.labels) {
            restore_last(label_saves_, label_);
            lvalid_ = true;
            lkey_ = zo;
            nregions_ = rec.nregions;
        }
        if (rec.near) {
            restore_last(near_saves_, near_);
            near_valid_ = true;
            near_key_ = zo;
        }
        s = rec.saved;
        return true;
    }

    size_t depth() const { return undo_.size(); }

    // ------------------------------------------------------------ score
    using Pairs = std::vector<std::pair<int, int>>;
    // which list is greater, a missing entry (0, 0): 0, 1 or -1 when identical
    static int compare(const Pairs& a, const Pairs& c) {
        size_t n = std::max(a.size(), c.size());
        for (size_t k = 0; k < n; ++k) {
            std::pair<int, int> x = k < a.size() ? a[k] : std::pair<int, int>{0, 0};
            std::pair<int, int> y = k < c.size() ? c[k] : std::pair<int, int>{0, 0};
            if (x != y) return x > y ? 0 : 1;
        }
        return -1;
    }

    // scratch of score(), kept between calls
    std::vector<int> gid_, rstamp_, live_;   // live_: the regions next to a group
    std::vector<std::pair<int, int>> ginfo_;            // per group: (code, size)
    std::vector<std::vector<int>> rgroups_;             // per region: the groups next to it
    Pairs lists_[2], all_[2];

    std::array<double, 2> score() {
        int n = b->n;
        int regions = label_regions();
        if ((int)rgroups_.size() < regions) rgroups_.resize(regions);
        rstamp_.assign(regions, -1);
        live_.clear();
        // groups (one colour and one height), and the regions each touches
        gid_.assign(n, -1);
        ginfo_.clear();
        for (int i = 0; i < n; ++i) {
            int c = cells[i];
            if (!c || gid_[i] >= 0) continue;
            int g = (int)ginfo_.size();
            queue_.clear();
            queue_.push_back(i);
            gid_[i] = g;
            for (size_t q = 0; q < queue_.size(); ++q)
                for (int j : b->adj(queue_[q])) {
                    int cj = cells[j];
                    if (!cj) {
                        int r = label_[j];
                        if (rstamp_[r] != g) {
                            if (rstamp_[r] < 0) { live_.push_back(r); rgroups_[r].clear(); }
                            rstamp_[r] = g;
                            rgroups_[r].push_back(g);
                        }
                    } else if (cj == c && gid_[j] < 0) {
                        gid_[j] = g;
                        queue_.push_back(j);
                    }
                }
            ginfo_.push_back({c, (int)queue_.size()});
        }
        std::array<double, 2> total{};
        for (int r : live_) {   // (a region next to no group controls nothing)
            lists_[0].clear();
            lists_[1].clear();
            for (int g : rgroups_[r]) {
                int c = ginfo_[g].first;
                lists_[c & 1].push_back({c >> 1, ginfo_[g].second});
            }
            for (auto& l : lists_) std::sort(l.rbegin(), l.rend());
            int ctrl = compare(lists_[0], lists_[1]);
            if (ctrl >= 0) total[ctrl] += lists_[ctrl][0].first;
        }
        all_[0].clear();
        all_[1].clear();
        for (auto& g : ginfo_) all_[g.first & 1].push_back({g.first >> 1, g.second});
        for (auto& l : all_) std::sort(l.rbegin(), l.rend());
        int best = compare(all_[0], all_[1]);
        for (int c = 0; c < 2; ++c) total[c] += s.prisoners[c] + (best == c ? 0.5 : 0);
        return total;
    }

    double evaluation_extra(double margin, int) { return margin; }

    std::string rows_text() const {
        return dk::rows_text(*b, cells, [](int c, std::string& out) {
            out += (c & 1) ? 'w' : 'b';
            out += (char)('0' + (c >> 1));
        });
    }
};

}  // namespace dk
