// The Dendria engine, classic and sprites editions, every option of
// docs/rules.md: the second implementation of dendria_widget/rules/dendria.py,
// held to it step by step by tests/test_native.py.
#pragma once

#include <algorithm>
#include <deque>
#include <stdexcept>

#include "common.hpp"

namespace dk {

struct DOptions {
    bool touching = false, sow_apart = false, grow_after_plant = true, sprout_on_move = true,
         convert_at_start = false, capture_unprotected = false, enclosed_sight = false,
         sprite_capture = false, power_rule = false, superko = true, leafiness = false;
    int move_limit = 10;   // -1: no limit
    int opening = 0;       // 0 pie, 1 komi-pie, 2 none
    int komi_max = 0;
};

enum DPhase : int { P_OPENING, P_SWAP, P_KOMI, P_SIDE, P_TURN, P_PLANT, P_MOVE, P_OVER };
enum { DARK = 0, LIGHT = 1 };
// codes: 0 empty, 1 + 3 * colour + kind (seed 0, tree 1, dendrid 2)
inline int colour_of(int c) { return c ? (c - 1) / 3 : -1; }
inline int kind_of(int c) { return c ? (c - 1) % 3 : -1; }

// the groups of one code, flat: members of group k at cells[start[k]..start[k+1])
struct Comps {
    std::vector<int> cells, start;
    size_t count() const { return start.empty() ? 0 : start.size() - 1; }
    Span operator[](size_t k) const { return {cells.data() + start[k], cells.data() + start[k + 1]}; }
};

struct DScalars {
    int to_move = DARK, phase = P_TURN;
    double komi = 0;
    bool swapped = false;
    int second_side = -1;
    bool opening_turn = false;
    int planted = -1;
    bool grew = false;
    int jid = -1, jdir = -1, jstart = -1, slides = 0;
    bool jcapt = false;
    int trees0 = 0, passes = 0, dmoves = 0;
    bool over = false;
    int ending = NOT_OVER;
};

class Dendria {
  public:
    const Board* b;
    DOptions o;
    std::vector<uint64_t> Z;
    std::vector<uint8_t> cells;
    int cnt[7] = {0, 0, 0, 0, 0, 0, 0};
    uint64_t z = 0;
    uint64_t zc_[7] = {0, 0, 0, 0, 0, 0, 0};   // z's part of each code's pieces
    DScalars s;
    Repetitions reps;

  private:
    struct Rec { Step step; DScalars saved; size_t ch_begin; bool recorded; uint64_t h; };
    std::vector<Rec> undo_;
    std::vector<std::pair<int, int>> changes_;   // (cell, code before)
    std::unordered_map<std::string, bool> fin_;  // turn state -> can it still end
    // lazily computed facts of the board now, keyed by its Zobrist key
    std::vector<uint64_t> hstamp_;
    std::vector<uint8_t> hval_;
    uint64_t fver_ = 0;
    bool fvalid_ = false;
    std::vector<uint8_t> fert_[2];
    bool rays_back_ = false;
    std::vector<uint64_t> fstamp_;
    std::vector<uint8_t> fval_;
    // scratch marks
    std::vector<uint32_t> mark_;
    uint32_t mstamp_ = 0;
    std::vector<uint32_t> mark2_;
    uint32_t mstamp2_ = 0;

  public:
    Dendria(const Board* board, const DOptions& opt) : b(board), o(opt) {
        int n = b->n;
        Z = zobrist(n, 7);
        cells.assign(n, 0);
        hstamp_.assign(n, 0);
        hval_.assign(n, 0);
        fert_[0].assign(n, 0);
        fert_[1].assign(n, 0);
        fstamp_.assign(n, 0);
        fval_.assign(n, 0);
        rays_back_ = rays_walk_back();
        mark_.assign(n, 0);
        mark2_.assign(n, 0);
        reps.n = (size_t)n;
        occ_.assign((size_t)b->words, 0);
        seeds_.assign((size_t)(n + 63) / 64, 0);
    }

    // a new game (fresh = the opening as the rules say) or a given position
    void start(bool fresh) {
        s.phase = fresh ? (o.opening == 0 ? P_OPENING : o.opening == 1 ? P_KOMI : P_TURN) : P_TURN;
        reps.add(z, cells.data());
    }

    std::string board_bytes() const { return std::string(cells.begin(), cells.end()); }

    // the occupied plots as a bitset (when the board has ray bitsets)
    std::vector<uint64_t> occ_;
    // the seeds (of either colour) as a bitset of (n + 63) / 64 words
    std::vector<uint64_t> seeds_;

    int put(int i, int c) {
        int old = cells[i];
        if (b->words && !old != !c) occ_[(size_t)i / 64] ^= 1ULL << (i % 64);
        if (old) { cnt[old]--; z ^= Z[(size_t)i * 7 + old]; zc_[old] ^= Z[(size_t)i * 7 + old]; }
        if (c) { cnt[c]++; z ^= Z[(size_t)i * 7 + c]; zc_[c] ^= Z[(size_t)i * 7 + c]; }
        if ((old == 1 || old == 4) != (c == 1 || c == 4)) seeds_[(size_t)i / 64] ^= 1ULL << (i % 64);
        cells[i] = (uint8_t)c;
        return old;
    }

    int mover_trees() const { return cnt[2 + 3 * s.to_move]; }

    // ------------------------------------------------------------ sight
    // hungry plots of the board now, all at once: a ray is open to the edge
    // when its first plot is empty and that plot's ray onwards is open
    bool hungry(int i) {
        if (b->words) {   // a ray is open when no occupied plot is on it
            int w = b->words;
            const uint64_t* m = b->ray_mask(i, 0);
            for (int d = 0; d < 6; ++d, m += w) {
                if (b->ray_len(i, d) == 0) {
                    if (o.touching) return true;
                    continue;
                }
                uint64_t any = 0;
                for (int k = 0; k < w; ++k) any |= occ_[(size_t)k] & m[k];
                if (!any) return true;
            }
            return false;
        }
        if (hstamp_[i] == (z | 1)) return hval_[i];
        bool h = false;
        for (int d = 0; d < 6 && !h; ++d) {
            const int* p = b->ray_begin(i, d);
            const int* e = b->ray_end(i, d);
            if (p == e) { h = o.touching; continue; }
            bool open = true;
            for (; p != e; ++p) if (cells[*p]) { open = false; break; }
            h = open;
        }
        hstamp_[i] = z | 1;
        hval_[i] = h;
        return h;
    }

    // Which colours fertilize the empty plot j (bit 0 dark, bit 1 light):
    // those with a dendrid first on one of j's rays, since a dendrid's ray
    // meets j across empty plots exactly when j's ray back meets that
    // dendrid first (rays_back_, checked on the board; else the whole map
    // of every dendrid's rays, fert()). Kept per plot for the board now
    // (keyed by z), so that a question asks only the plots it needs.
    int fert_at(int j) {
        if (!rays_back_) return fert(0)[j] | fert(1)[j] << 1;
        if (fstamp_[j] == (z | 1)) return fval_[j];
        int v = 0;
        for (int d = 0; d < 6; ++d) {
            int p = first_piece(j, d);
            if (p < 0) continue;
            if (cells[p] == 3) v |= 1;
            else if (cells[p] == 6) v |= 2;
        }
        fstamp_[j] = z | 1;
        fval_[j] = (uint8_t)v;
        return v;
    }

    // every ray walked back from any of its plots is the same line: the
    // ray of the k-th plot met, in some direction, starts with the plots
    // met before it, nearest first, then the ray's own plot
    bool rays_walk_back() const {
        for (int i = 0; i < b->n; ++i)
            for (int d = 0; d < 6; ++d) {
                const int* r = b->ray_begin(i, d);
                int len = b->ray_len(i, d);
                for (int k = 0; k < len; ++k) {
                    bool found = false;
                    for (int e = 0; e < 6 && !found; ++e) {
                        if (b->ray_len(r[k], e) < k + 1) continue;
                        const int* q = b->ray_begin(r[k], e);
                        bool same = true;
                        for (int m = 0; m < k && same; ++m) same = q[m] == r[k - 1 - m];
                        found = same && q[k] == i;
                    }
                    if (!found) return false;
                }
            }
        return true;
    }

    const std::vector<uint8_t>& fert(int colour) {
        if (!fvalid_ || fver_ != z) {
            std::fill(fert_[0].begin(), fert_[0].end(), 0);
            std::fill(fert_[1].begin(), fert_[1].end(), 0);
            for (int p = 0; p < b->n; ++p) {
                int c = cells[p];
                if (c != 3 && c != 6) continue;
                auto& f = fert_[c == 6];
                for (int d = 0; d < 6; ++d)
                    for (const int* q = b->ray_begin(p, d); q != b->ray_end(p, d); ++q) {
                        if (cells[*q]) break;
                        f[*q] = 1;
                    }
            }
            fver_ = z;
            fvalid_ = true;
        }
        return fert_[colour];
    }

    // the first piece on ray (i, d), or -1
    int first_piece(int i, int d) const {
        for (const int* q = b->ray_begin(i, d); q != b->ray_end(i, d); ++q)
            if (cells[*q]) return *q;
        return -1;
    }

    bool can_sprout(int i, int mover) {
        int c = cells[i];
        if (kind_of(c) != 0 || hungry(i)) return false;
        int mine = 0, total = 0;
        for (int d = 0; d < 6; ++d) {
            int j = first_piece(i, d);
            if (j >= 0) { ++total; mine += colour_of(cells[j]) == mover; }
        }
        return 2 * mine > total;
    }

    // ----------------------------------------------------------- groups
    // the group holding i (same code), BFS from i; members in `out`
    void group(int i, std::vector<int>& out) {
        out.clear();
        int c = cells[i];
        if (!c) return;
        ++mstamp_;
        mark_[i] = mstamp_;
        out.push_back(i);
        for (size_t k = 0; k < out.size(); ++k) {
            int m = out[k];
            for (int j : b->adj(m))
                if (mark_[j] != mstamp_ && cells[j] == c) { mark_[j] = mstamp_; out.push_back(j); }
        }
    }

    // the groups of one code (1..6) on the board now, lowest first (each
    // one's first member its lowest cell), kept while that code's pieces
    // are the same (zc_[c], its part of the key): a slide, which moves only
    // dendrids, keeps the seedbeds' and the forests' groups
    Comps comps_[7];
    uint64_t comps_key_[7] = {0, 0, 0, 0, 0, 0, 0};
    bool comps_valid_[7] = {false, false, false, false, false, false, false};

    const Comps& components(int code) {
        Comps& out = comps_[code];
        if (comps_valid_[code] && comps_key_[code] == zc_[code]) return out;
        out.cells.clear();
        out.start.assign(1, 0);
        ++mstamp2_;
        for (int i = 0, left = cnt[code]; i < b->n && left > 0; ++i) {
            if (cells[i] != code || mark2_[i] == mstamp2_) continue;
            size_t k = out.cells.size();
            out.cells.push_back(i);
            mark2_[i] = mstamp2_;
            for (; k < out.cells.size(); ++k)
                for (int j : b->adj(out.cells[k]))
                    if (mark2_[j] != mstamp2_ && cells[j] == code) { mark2_[j] = mstamp2_; out.cells.push_back(j); }
            out.start.push_back((int)out.cells.size());
            left = cnt[code] - (int)out.cells.size();
        }
        comps_key_[code] = zc_[code];
        comps_valid_[code] = true;
        return out;
    }

    // (dark, light) distinct dendrids the group sees (enclosed groups)
    std::pair<int, int> seen_dendrids(Span g) {
        ++mstamp_;
        uint32_t member = mstamp_;
        for (int m : g) mark_[m] = member;
        ++mstamp_;
        uint32_t seen = mstamp_;
        int dark = 0, light = 0;
        for (int m : g)
            for (int d = 0; d < 6; ++d) {
                int j = first_piece(m, d);
                if (j < 0 || mark_[j] == member || mark_[j] == seen) continue;
                mark_[j] = seen;
                if (cells[j] == 3) ++dark;
                else if (cells[j] == 6) ++light;
            }
        return {dark, light};
    }

    // every fertile soil fertilized by colour; an enclosed group by sight
    bool held(Span g, int colour, bool enclosed_never) {
        bool fertile = false;
        for (int m : g)
            for (int j : b->adj(m))
                if (!cells[j]) {
                    if (!(fert_at(j) >> colour & 1)) return false;   // a fertile soil colour does not fertilize
                    fertile = true;
                }
        if (fertile) return true;
        if (!o.enclosed_sight) return enclosed_never;
        auto seen = seen_dendrids(g);
        int mine = colour ? seen.second : seen.first, theirs = colour ? seen.first : seen.second;
        return mine > theirs;
    }

    bool growable(Span g, int mover) { return held(g, mover, false); }

    bool capturable(Span g, int mover) {
        if (o.capture_unprotected) return !held(g, 1 - mover, true);
        bool open = false;
        for (int m : g)
            for (int j : b->adj(m))
                if (!cells[j]) {
                    int f = fert_at(j);
                    if (!(f >> mover & 1)) return false;
                    if (!(f >> (1 - mover) & 1)) open = true;
                }
        return open;   // (no fertile soil: never open)
    }

    // ------------------------------------------------------- placements
    bool placement_ok(int i, int mover) {
        if (cells[i] || !hungry(i)) return false;
        if (o.sow_apart) {
            // the mover's pieces next to i must be pairwise non-adjacent
            for (int f : b->nbr[i]) {
                if (f < 0 || colour_of(cells[f]) != mover) continue;
                for (int g : b->nbr[i])
                    if (g > f && colour_of(cells[g]) == mover)
                        for (int h : b->nbr[f]) if (h == g) return false;
            }
        }
        return true;
    }

    // ---------------------------------------------------------- journeys
    // stops of a dendrid of mover on p sliding in d, nearest first; capt: lands on an enemy dendrid
    template <class F>
    void stops(int p, int d, int mover, F&& each) const {
        int own = 3 + 3 * mover;
        for (const int* q = b->ray_begin(p, d); q != b->ray_end(p, d); ++q) {
            int c = cells[*q];
            if (!c) { if (!each(*q, false)) return; continue; }
            if (kind_of(c) == 0 || c == own) continue;
            if (kind_of(c) == 2 && o.sprite_capture) each(*q, true);
            return;
        }
    }

    bool any_stop(int p, int mover) const {
        bool found = false;
        for (int d = 0; d < 6 && !found; ++d) stops(p, d, mover, [&](int, bool) { found = true; return false; });
        return found;
    }

    // ------------------------------------------------------ turn ending
    bool repeated() const { return o.superko && reps.seen(z, cells.data()); }

    bool power_ok() const {
        if (!o.power_rule || s.jid < 0) return true;
        return b->power[s.jid] < b->power[s.jstart] || mover_trees() > s.trees0;
    }

    bool end_ok() const {
        if (s.phase == P_MOVE) {
            if (s.slides == 0 || !power_ok()) return false;
        } else if (s.phase != P_PLANT) {
            return false;
        }
        return !repeated();
    }

    bool conversions_open() const { return s.phase == P_MOVE && (s.slides > 0 || o.convert_at_start); }

    void mid_slides(std::vector<Step>& out) {
        if (s.phase != P_MOVE || s.jcapt) return;
        for (int d = 0; d < 6; ++d) {
            if (s.jdir >= 0 && d != s.jdir) continue;
            stops(s.jid, d, s.to_move, [&](int j, bool) { out.push_back({SLIDE, j}); return true; });
        }
    }

    void mid_sprouts(std::vector<Step>& out) {
        if (s.phase == P_MOVE && !(o.sprout_on_move && conversions_open())) return;
        if (!cnt[1] && !cnt[4]) return;
        for (int i = 0; i < b->n; ++i)
            if ((cells[i] == 1 || cells[i] == 4) && can_sprout(i, s.to_move)) out.push_back({SPROUT, i});
    }

    std::vector<int> gscratch_, gplanted_;
    // search_finish()'s lists, one set per depth of its recursion (a deque:
    // a deeper set never moves a shallower one)
    std::deque<std::array<std::vector<Step>, 3>> finish_lists_;
    size_t finish_depth_ = 0;

    void mid_gains(std::vector<Step>& out) {
        int mover = s.to_move;
        if (s.phase == P_PLANT) {
            if (o.grow_after_plant && !s.grew && s.planted >= 0 && kind_of(cells[s.planted]) == 0) {
                std::vector<int>& g = gplanted_;
                group(s.planted, g);
                if (growable(span(g), mover)) out.push_back({GROW, s.planted});
            }
            return;
        }
        if (!conversions_open()) return;
        for (int colour = 0; colour < 2; ++colour) {
            if (!cnt[1 + 3 * colour]) continue;
            const Comps& comps = components(1 + 3 * colour);
            for (size_t k = 0; k < comps.count(); ++k)
                if (growable(comps[k], mover)) out.push_back({GROW, comps[k][0]});
        }
        if (!cnt[2 + 3 * (1 - mover)]) return;
        const Comps& comps = components(2 + 3 * (1 - mover));
        for (size_t k = 0; k < comps.count(); ++k)
            if (capturable(comps[k], mover)) out.push_back({CAPTURE, comps[k][0]});
    }

    void raw_mid(std::vector<Step>& out) {
        if (s.phase == P_PLANT) {
            if (s.opening_turn) return;
            mid_sprouts(out);
            mid_gains(out);
            return;
        }
        if (s.phase != P_MOVE) return;
        mid_slides(out);
        mid_sprouts(out);
        mid_gains(out);
    }

    // ----------------------------------------------------- no dead ends
    std::string fin_key() const {
        std::string k = board_bytes();
        int v[] = {s.phase, s.to_move, s.jid, s.jdir, s.jcapt, s.slides > 0, s.jstart, s.trees0,
                   s.planted, s.grew, s.opening_turn};
        k.append(reinterpret_cast<const char*>(v), sizeof v);
        return k;
    }

    // Can the turn in progress still reach a legal end? (exact search)
    bool can_finish() {
        if (end_ok()) return true;
        std::string key = fin_key();
        auto it = fin_.find(key);
        if (it != fin_.end()) return it->second;
        if (fin_.size() > 200000) fin_.clear();
        bool ok = search_finish();
        fin_[key] = ok;
        return ok;
    }

    // could the turn end at once after this mid-turn step? (played and taken back)
    bool ends_right_after(const Step& st) {
        do_step(st);
        bool ok = end_ok();
        undo();
        return ok;
    }

    bool search_finish() {
        if (finish_lists_.size() <= finish_depth_) finish_lists_.emplace_back();
        auto& lists = finish_lists_[finish_depth_];
        ++finish_depth_;
        for (auto& l : lists) l.clear();
        bool ok = search_finish(lists[0], lists[1], lists[2]);
        --finish_depth_;
        return ok;
    }

    bool search_finish(std::vector<Step>& slides, std::vector<Step>& gains, std::vector<Step>& sprouts) {
        // cheapest first: a step after which the turn can end at once
        mid_slides(slides);
        for (auto& st : slides) if (ends_right_after(st)) return true;
        bool opening = s.phase == P_PLANT && s.opening_turn;   // one seed, nothing else
        if (!opening) mid_gains(gains);
        for (auto& st : gains) if (ends_right_after(st)) return true;
        if (!opening) mid_sprouts(sprouts);
        for (auto& st : sprouts) if (ends_right_after(st)) return true;
        if (gains.empty() && !hope()) return false;
        for (auto* list : {&gains, &slides, &sprouts})
            for (auto& st : *list) {
                do_step(st);
                bool ok = can_finish();
                undo();
                if (ok) return true;
            }
        return false;
    }

    // has the mover's dendrid on p a journey that ends legally? A slide
    // that ends the turn on a new board (and lowers the power, under the
    // power rule) answers at once; else the exact search
    bool move_sure(int p) {
        int mover = s.to_move;
        int c = cells[p];
        uint64_t z0 = z ^ Z[(size_t)p * 7 + c];
        int p0 = b->power[p];
        bool any = false, sure = false;
        for (int d = 0; d < 6 && !sure; ++d)
            stops(p, d, mover, [&](int j, bool capt) {
                any = true;
                if (o.power_rule && b->power[j] >= p0) return true;
                uint64_t zj = z0 ^ Z[(size_t)j * 7 + c];
                if (capt) zj ^= Z[(size_t)j * 7 + cells[j]];
                if (!o.superko || !reps.maybe_seen(zj)) { sure = true; return false; }
                return true;
            });
        if (sure) return true;
        if (!any) return false;
        return finishable_after({MOVE, p});
    }

    bool finishable_after(const Step& st) {
        do_step(st);
        bool ok = can_finish();
        undo();
        return ok;
    }

    // hope()'s scratch
    std::vector<uint8_t> hvar_, hcapt_, hemax_, hemin_, hfmax_, hfmin_;

    // False only when no legal end can follow (a sound bound, power rule)
    bool hope() {
        if (s.phase != P_MOVE) return true;
        if (s.slides == 0 && !any_stop(s.jid, s.to_move)) return false;
        if (!o.power_rule || mover_trees() > s.trees0) return true;
        int n = b->n;
        int p0 = b->power[s.jstart];
        int mover = s.to_move;
        std::vector<uint8_t>& var = hvar_;
        std::vector<uint8_t>& capt = hcapt_;
        var.assign(n, 0);
        capt.assign(n, 0);
        var[s.jid] = 1;
        if (!s.jcapt) {
            bool lower = false;
            for (int d = 0; d < 6; ++d) {
                if (s.jdir >= 0 && d != s.jdir) continue;
                stops(s.jid, d, mover, [&](int y, bool c) {
                    if (b->power[y] < p0) { lower = true; return false; }
                    var[y] = 1;
                    if (c) capt[y] = 1;
                    return true;
                });
                if (lower) return true;
            }
        }
        std::vector<uint8_t>& emax = hemax_;
        std::vector<uint8_t>& emin = hemin_;
        emax.resize(n);
        emin.resize(n);
        for (int i = 0; i < n; ++i) {
            bool e = !cells[i];
            emax[i] = e || var[i];
            emin[i] = e && !var[i];
        }
        // the most the mover could fertilize: every seed sprouted, the dendrid anywhere
        std::vector<uint8_t>& fmax = hfmax_;
        fmax.assign(n, 0);
        for (int p = 0; p < n; ++p) {
            int c = cells[p];
            if (!(c == 3 + 3 * mover || c == 1 || c == 4 || var[p])) continue;
            for (int d = 0; d < 6; ++d)
                for (const int* q = b->ray_begin(p, d); q != b->ray_end(p, d); ++q) {
                    if (!emax[*q]) break;
                    fmax[*q] = 1;
                }
        }
        bool any_good = false;
        for (int p = 0; p < n; ++p) {
            if (cells[p] != 1 && cells[p] != 4) continue;
            bool good = true, near_max = false;
            for (int j : b->nbr[p]) {
                if (j < 0) continue;
                if (emin[j] && !fmax[j]) good = false;
                if (emax[j]) near_max = true;
            }
            if (good) {
                any_good = true;
                if (near_max) return true;
            }
        }
        if (o.enclosed_sight && any_good) return true;
        int owner = 1 - mover;
        int forest = 2 + 3 * owner;
        if (!cnt[forest]) return false;
        std::vector<uint8_t>& fmin = hfmin_;
        fmin.assign(n, 0);
        for (int p = 0; p < n; ++p) {
            if (cells[p] != 3 + 3 * owner || capt[p]) continue;
            for (int d = 0; d < 6; ++d)
                for (const int* q = b->ray_begin(p, d); q != b->ray_end(p, d); ++q) {
                    if (!emin[*q]) break;
                    fmin[*q] = 1;
                }
        }
        if (o.capture_unprotected) {
            bool enclosed = false;
            for (int p = 0; p < n; ++p) {
                if (cells[p] != forest) continue;
                bool near = false;
                for (int j : b->nbr[p]) {
                    if (j < 0 || !emax[j]) continue;
                    near = true;
                    if (!fmin[j]) return true;
                }
                if (!near) enclosed = true;
            }
            return o.enclosed_sight && enclosed;
        }
        const Comps& comps = components(forest);
        for (size_t k = 0; k < comps.count(); ++k) {
            Span g = comps[k];
            bool a = false, bad = false, c = false;
            for (int m : g)
                for (int j : b->nbr[m]) {
                    if (j < 0) continue;
                    if (emax[j]) a = true;
                    if (emin[j] && !fmax[j]) bad = true;
                    if (emax[j] && !fmin[j]) c = true;
                }
            if (a && !bad && c) return true;
        }
        return false;
    }

    // ------------------------------------------------------------ legal
    // at the start of a turn: is planting on plot i legal?
    bool plant_legal(int i) {
        int seed = 1 + 3 * s.to_move;
        return placement_ok(i, s.to_move) &&
               (!o.superko || !reps.maybe_seen(z ^ Z[(size_t)i * 7 + seed]) || finishable_after({PLANT, i}));
    }

    // The random playouts' draw at the start of a turn: a legal step other
    // than a pass, uniformly, by drawing plots until one holds a legal step
    // (a plot holds at most one: a plant on it when empty, a move of the
    // mover's dendrid on it), so that legal() is not listed. False when not
    // at the start of a turn, or after `tries` times as many draws as there
    // are plots (slots mid-turn), and 8 more, found nothing (the
    // caller then lists legal()): either way uniform over the legal steps
    // other than a pass.
    bool draw_step(Rng& rng, int tries, Step& out) {
        if (s.over) return false;
        if (s.phase == P_PLANT || s.phase == P_MOVE) return draw_mid(rng, tries, out);
        if (s.phase != P_TURN) return false;
        int own = 3 + 3 * s.to_move;
        ++memo_now_;
        for (int t = 0, all = tries * b->n + 8; t < all; ++t) {
            int i = rng.below(b->n);
            int c = cells[i];
            if ((!c || c == own) && memo(i, [&] { return c ? move_sure(i) : plant_legal(i); })) {
                out = {c ? MOVE : PLANT, i};
                return true;
            }
        }
        return false;
    }

    // the draws' answers: whether what index k stands for (a plot, a slot)
    // is legal, found once in a draw (memo_now_) and kept for it, since a
    // draw leaves the state as it found it
    std::vector<uint32_t> memo_stamp_;
    std::vector<uint8_t> memo_val_;
    uint32_t memo_now_ = 0;
    template <class F>
    bool memo(int k, F&& legal_now) {
        if ((size_t)k >= memo_stamp_.size()) {
            memo_stamp_.resize((size_t)k + 1, 0);
            memo_val_.resize((size_t)k + 1, 0);
        }
        if (memo_stamp_[k] != memo_now_) {
            memo_val_[k] = legal_now();
            memo_stamp_[k] = memo_now_;
        }
        return memo_val_[k];
    }

    // In the middle of a turn the draw is over slots: the slides, every seed
    // (a sprout), the planted seed or every seed group and enemy forest (a
    // conversion, at its group's first plot) as raw_mid() would list them
    // before judging them, and the end; a drawn slot is played when legal.
    // The slots are runs counted once a draw (slot_runs()) and slot k is
    // found in its run when drawn (slot_at()), so that no list is copied.
    struct SlotRuns {
        int slides = 0, sprouts = 0, planted = 0, grows[2] = {0, 0}, captures = 0, forest = 0;
        int size() const { return slides + sprouts + planted + grows[0] + grows[1] + captures + 1; }
    };
    std::vector<Step> slides_;
    SlotRuns slot_runs() {
        SlotRuns r;
        slides_.clear();
        bool sprouts = s.phase == P_PLANT ? !s.opening_turn : o.sprout_on_move && conversions_open();
        if (s.phase == P_MOVE) mid_slides(slides_);
        r.slides = (int)slides_.size();
        if (sprouts) r.sprouts = cnt[1] + cnt[4];
        if (s.phase == P_PLANT) {
            r.planted = !s.opening_turn && o.grow_after_plant && !s.grew && s.planted >= 0 &&
                        kind_of(cells[s.planted]) == 0;
        } else if (conversions_open()) {
            for (int colour = 0; colour < 2; ++colour)
                if (cnt[1 + 3 * colour]) r.grows[colour] = (int)components(1 + 3 * colour).count();
            r.forest = 2 + 3 * (1 - s.to_move);
            if (cnt[r.forest]) r.captures = (int)components(r.forest).count();
        }
        return r;
    }

    // slot k of the runs r, on the board they were counted on; a seed
    // group's or a forest's slot gives its members in *g (when asked)
    Step slot_at(const SlotRuns& r, int k, Span* g = nullptr) {
        if (k < r.slides) return slides_[k];
        k -= r.slides;
        if (k < r.sprouts) return {SPROUT, kth_seed(k)};
        k -= r.sprouts;
        if (k < r.planted) return {GROW, s.planted};
        k -= r.planted;
        for (int colour = 0; colour < 2; ++colour) {
            if (k < r.grows[colour]) {
                Span members = components(1 + 3 * colour)[k];
                if (g) *g = members;
                return {GROW, members[0]};
            }
            k -= r.grows[colour];
        }
        if (k < r.captures) {
            Span members = components(r.forest)[k];
            if (g) *g = members;
            return {CAPTURE, members[0]};
        }
        return {END, 0};
    }

    void mid_slots(std::vector<Step>& out) {
        out.clear();
        SlotRuns r = slot_runs();
        for (int k = 0, m = r.size(); k < m; ++k) out.push_back(slot_at(r, k));
    }

    // the k-th seed (of either colour) in plot order
    int kth_seed(int k) const {
        for (size_t w = 0;; ++w) {
            uint64_t bits = seeds_[w];
            int c = __builtin_popcountll(bits);
            if (k >= c) { k -= c; continue; }
            for (; k > 0; --k) bits &= bits - 1;
            return (int)(w * 64) + __builtin_ctzll(bits);
        }
    }

    // is this slot's step legal? (what legal() asks of raw_mid()'s steps)
    // A conversion's group is found from its plot, or given (members).
    bool slot_legal(const Step& st, Span members = {nullptr, nullptr}) {
        int mover = s.to_move;
        switch (st.verb) {
            case END: return end_ok();
            case SPROUT: if (!can_sprout(st.arg, mover)) return false; break;
            case GROW:
            case CAPTURE: {
                Span g = members;
                if (!g.begin()) {
                    group(st.arg, gplanted_);
                    g = span(gplanted_);
                }
                if (!(st.verb == GROW ? growable(g, mover) : capturable(g, mover))) return false;
                break;
            }
            default: break;
        }
        return finishable_after(st);
    }

    bool draw_mid(Rng& rng, int tries, Step& out) {
        SlotRuns r = slot_runs();
        int m = r.size();
        ++memo_now_;
        for (int t = 0, all = tries * m + 8; t < all; ++t) {
            int k = rng.below(m);
            if (memo(k, [&] {
                    Span g{nullptr, nullptr};
                    Step st = slot_at(r, k, &g);
                    return slot_legal(st, g);
                })) {
                out = slot_at(r, k);
                return true;
            }
        }
        return false;
    }

    // every step the draw can give now (tests hold it to legal() less a pass
    // and a swap); false when the draw does not play this phase
    bool drawable(std::vector<Step>& out) {
        out.clear();
        if (s.over) return false;
        if (s.phase == P_TURN) {
            int own = 3 + 3 * s.to_move;
            for (int i = 0; i < b->n; ++i)
                if ((!cells[i] && plant_legal(i)) || (cells[i] == own && move_sure(i)))
                    out.push_back({cells[i] ? MOVE : PLANT, i});
            return true;
        }
        if (s.phase != P_PLANT && s.phase != P_MOVE) return false;
        std::vector<Step> slots;
        mid_slots(slots);
        for (auto& st : slots) if (slot_legal(st)) out.push_back(st);
        return true;
    }

    // the legal steps into out (cleared), in the Python engine's order
    void legal(std::vector<Step>& out) {
        out.clear();
        if (s.over) return;
        int mover = s.to_move;
        int ph = s.phase;
        if (ph == P_TURN || ph == P_SWAP) {
            for (int i = 0; i < b->n; ++i)
                if (plant_legal(i)) out.push_back({PLANT, i});
            int own = 3 + 3 * mover;
            for (int p = 0; p < b->n; ++p)
                if (cells[p] == own && move_sure(p)) out.push_back({MOVE, p});
            out.push_back({PASS, 0});
            if (ph == P_SWAP) out.push_back({SWAP, 0});
            return;
        }
        if (ph == P_PLANT || ph == P_MOVE) {
            std::vector<Step>& raw = raw_;
            raw.clear();
            raw_mid(raw);
            for (auto& st : raw) if (finishable_after(st)) out.push_back(st);
            if (end_ok()) out.push_back({END, 0});
            return;
        }
        if (ph == P_OPENING) {
            for (int i = 0; i < b->n; ++i) if (!cells[i]) out.push_back({PLANT, i});
            return;
        }
        if (ph == P_KOMI) {
            for (int k = 0; k <= o.komi_max; ++k) out.push_back({KOMI, k});
            return;
        }
        if (ph == P_SIDE) {
            out.push_back({SIDE, DARK});
            out.push_back({SIDE, LIGHT});
        }
    }
    std::vector<Step> raw_;

    bool turn_open() const { return s.phase == P_PLANT || s.phase == P_MOVE; }

    // ------------------------------------------------------------ apply
    void finish(int ending) { s.over = true; s.phase = P_OVER; s.ending = ending; }

    void check_move_limit() {
        if (o.move_limit >= 0 && s.dmoves >= 2 * o.move_limit) finish(BY_MOVE_LIMIT);
    }

    void reset_turn() {
        s.opening_turn = false;
        s.planted = -1;
        s.grew = false;
        s.jid = s.jdir = s.jstart = -1;
        s.slides = 0;
        s.jcapt = false;
    }

    void change(int i, int c) { changes_.push_back({i, put(i, c)}); }

    // play a step without judging it (it comes from legal())
    void do_step(const Step& st) {
        Rec rec{st, s, changes_.size(), false, 0};
        int mover = s.to_move;
        switch (st.verb) {
            case PLANT:
                change(st.arg, 1 + 3 * mover);
                s.opening_turn = s.phase == P_OPENING;
                s.phase = P_PLANT;
                s.planted = st.arg;
                s.grew = false;
                s.trees0 = mover_trees();
                break;
            case MOVE:
                s.phase = P_MOVE;
                s.jid = s.jstart = st.arg;
                s.jdir = -1;
                s.slides = 0;
                s.jcapt = false;
                s.trees0 = mover_trees();
                break;
            case SLIDE: {
                int p = s.jid;
                int c = cells[p];
                int d = s.jdir >= 0 ? s.jdir : b->line_direction(p, st.arg);
                change(p, 0);
                int old = cells[st.arg];
                change(st.arg, c);
                if (old) s.jcapt = true;
                s.jid = st.arg;
                s.jdir = d;
                s.slides += 1;
                break;
            }
            case SPROUT:
                change(st.arg, 3 + 3 * mover);
                break;
            case GROW:
            case CAPTURE: {
                std::vector<int>& g = gscratch_;
                group(st.arg, g);
                for (int i : g) change(i, 2 + 3 * mover);
                if (s.phase == P_PLANT) s.grew = true;
                break;
            }
            case END: {
                bool was_move = s.phase == P_MOVE;
                rec.recorded = true;
                rec.h = z;
                reps.add(z, cells.data());
                fin_.clear();
                s.passes = 0;
                s.dmoves = was_move ? s.dmoves + 1 : 0;
                s.phase = s.opening_turn ? P_SWAP : P_TURN;
                reset_turn();
                s.to_move = 1 - mover;
                check_move_limit();
                break;
            }
            case PASS:
                s.passes += 1;
                s.dmoves += 1;
                s.phase = P_TURN;
                s.to_move = 1 - mover;
                if (s.passes >= 2) finish(BY_PASSES);
                else check_move_limit();
                break;
            case SWAP:
                s.swapped = !s.swapped;
                s.phase = P_TURN;
                break;
            case KOMI:
                s.komi = st.arg;
                s.phase = P_SIDE;
                s.to_move = LIGHT;
                break;
            case SIDE:
                s.second_side = st.arg;
                s.phase = P_TURN;
                s.to_move = DARK;
                break;
            default:
                throw std::invalid_argument("not a Dendria step");
        }
        undo_.push_back(rec);
    }

    bool undo() {
        if (undo_.empty()) return false;
        Rec rec = undo_.back();
        undo_.pop_back();
        roll_back(changes_, rec.ch_begin, [this](int i, int c) { put(i, c); });
        if (rec.recorded) {
            reps.remove_last();
            fin_.clear();
        }
        s = rec.saved;
        return true;
    }

    size_t depth() const { return undo_.size(); }

    // ------------------------------------------------------------ score
    void forest_sizes(int colour, std::vector<int>& out) {
        const Comps& comps = components(2 + 3 * colour);
        out.clear();
        for (size_t k = 0; k < comps.count(); ++k) out.push_back((int)comps[k].size());
        std::sort(out.rbegin(), out.rend());
    }
    std::vector<int> sizes_[2], distinct_;

    // totals (dark, light)
    std::array<double, 2> score() {
        std::vector<int>* sizes = sizes_;
        forest_sizes(DARK, sizes[0]);
        forest_sizes(LIGHT, sizes[1]);
        std::array<double, 2> out{};
        for (int colour = 0; colour < 2; ++colour) {
            auto& mine = sizes[colour];
            auto& theirs = sizes[1 - colour];
            double base = 0;
            if (o.leafiness) {
                for (int x : mine) base += x * (x + 1) / 2;
            } else {
                std::vector<int>& distinct = distinct_;
                distinct.assign(mine.begin(), mine.end());
                distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
                for (int x : distinct) {
                    base += x;
                    if (std::count(mine.begin(), mine.end(), x) > std::count(theirs.begin(), theirs.end(), x))
                        base += 1;
                }
            }
            size_t n = std::max(mine.size(), theirs.size());
            bool greater = false;
            for (size_t k = 0; k < n; ++k) {
                int a = k < mine.size() ? mine[k] : 0, c = k < theirs.size() ? theirs[k] : 0;
                if (a != c) { greater = a > c; break; }
            }
            out[colour] = base + (greater ? 0.5 : 0) + (colour == LIGHT ? s.komi : 0);
        }
        return out;
    }

    // ------------------------------------------ what the players weigh
    // (grow, capture): pieces in colour's seedbeds it may grow, and in the
    // enemy forests it may capture (Game.conversion_counts)
    std::pair<int, int> conversion_counts(int colour) {
        int grow = 0, capture = 0;
        const Comps& seedbeds = components(1 + 3 * colour);
        for (size_t k = 0; k < seedbeds.count(); ++k)
            if (growable(seedbeds[k], colour)) grow += (int)seedbeds[k].size();
        const Comps& forests = components(2 + 3 * (1 - colour));
        for (size_t k = 0; k < forests.count(); ++k)
            if (capturable(forests[k], colour)) capture += (int)forests[k].size();
        return {grow, capture};
    }

    // players.py's evaluate() past the score margin, for colour me
    double evaluation_extra(double margin, int me) {
        auto a = conversion_counts(me);
        int gains_me = a.first + 2 * a.second;
        auto t = conversion_counts(1 - me);
        int gains_them = t.first + 2 * t.second;
        double w0 = s.to_move != me ? 0.3 : 0.6, w1 = s.to_move != me ? 0.6 : 0.3;
        int dendrids = cnt[3 + 3 * me] - cnt[3 + 3 * (1 - me)];
        return margin + w0 * gains_me - w1 * gains_them + 0.2 * dendrids;
    }

    // -------------------------------------------------------- notation
    std::string rows_text() const {
        static const char LETTERS[] = ".stdSTD";
        return dk::rows_text(*b, cells, [](int c, std::string& out) { out += LETTERS[c]; });
    }
};

}  // namespace dk
