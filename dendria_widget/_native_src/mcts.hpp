// The computer players' search on the native kernel: the very algorithm of
// dendria_widget/players.py (whole_turns, evaluate, MCTSPlayer's UCT with
// progressive widening and bias, the dynamic komi), with Python's own random
// source (Mersenne Twister, its state handed over by players.py), so that
// the same seed and iteration budget choose the same turn.
#pragma once

#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>

#include "common.hpp"

namespace dk {

// CPython's random.Random: MT19937 and random()'s 53-bit double
struct PyRandom {
    uint32_t mt[624];
    int idx = 624;
    uint32_t gen() {
        if (idx >= 624) {
            for (int i = 0; i < 624; ++i) {
                uint32_t y = (mt[i] & 0x80000000U) | (mt[(i + 1) % 624] & 0x7fffffffU);
                mt[i] = mt[(i + 397) % 624] ^ (y >> 1) ^ ((y & 1U) ? 0x9908b0dfU : 0U);
            }
            idx = 0;
        }
        uint32_t y = mt[idx++];
        y ^= (y >> 11);
        y ^= (y << 7) & 0x9d2c5680U;
        y ^= (y << 15) & 0xefc60000U;
        y ^= (y >> 18);
        return y;
    }
    double random() {
        uint32_t a = gen() >> 5, b = gen() >> 6;
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
    }
};

struct SearchParams {
    double c = 0.4, widen = 2.0, scale = 2.0, prior_visits = 2.0;
    int beam = 2;
    bool centre = true;
    // lazy expansion: a node's first steps valued one step deep, their whole
    // turns found a first step at a time, best first, as widening asks
    bool lazy = false;
    bool hedu = false;
};

// (value, tie-break, steps) of one whole turn
struct Valued {
    double v, t;
    std::vector<Step> steps;
};

inline bool valued_greater(const Valued& a, const Valued& b) {
    if (a.v != b.v) return a.v > b.v;
    return a.t > b.t;
}

using Clock = std::chrono::steady_clock;

template <class E>
class Search {
  public:
    struct Node {
        std::vector<Step> turn;
        int seat;     // -1 at the root
        double prior, w = 0;
        double v = 0, t = 0;     // the evaluation's value of the turn (for seat), its tie-break
        long n = 0;
        std::vector<std::unique_ptr<Node>> children;
        bool expanded = false;
        // lazy: the first steps not opened yet, best first (value, tie-break)
        std::vector<Valued> pending;
        size_t next = 0;
        size_t groups = 0;
    };

    E e;
    int flip;
    SearchParams p;
    PyRandom rng;
    Node root;
    double centre_now = 0, centre_after = 0;
    bool after_set = false;
    int s0 = 0;
    long done = 0;
    std::vector<int> flips_;
    // set from another thread (a stop): the search ends within one step
    std::atomic<bool> halt{false};

    Search(const E& engine, int flip0, const SearchParams& params, const PyRandom& r)
        : e(engine), flip(flip0), p(params), rng(r) {
        root.seat = -1;
        root.prior = 0.5;
        s0 = seat();
        centre_now = p.centre ? evaluate(s0) : 0.0;
    }

    int seat() const { return e.s.to_move ^ flip; }
    int colour_of(int seat_) const { return seat_ ^ flip; }
    bool closed() const { return e.s.over || !e.turn_open(); }

    void push(const Step& st) {
        flips_.push_back(flip);
        if (st.verb == SWAP) flip ^= 1;
        else if (st.verb == SIDE) flip = 1 ^ st.arg;
        e.do_step(st);
    }
    void pop() {
        e.undo();
        flip = flips_.back();
        flips_.pop_back();
    }

    double evaluate(int seat_) {
        int me = colour_of(seat_);
        auto sc = e.score();
        double margin = sc[me] - sc[1 - me];
        if (e.s.over) return 1000.0 * ((margin > 0) - (margin < 0)) + margin;
        if (p.hedu) return margin;
        return e.evaluation_extra(margin, me);
    }

    double result(int seat_) {
        auto sc = e.score();
        if (sc[0] == sc[1]) return 0.5;
        int w = sc[0] > sc[1] ? 0 : 1;
        return w == colour_of(seat_) ? 1.0 : 0.0;
    }

    // players.py's whole_turns: a beam of `beam` partial turns per first step
    std::vector<Valued> whole_turns(int seat_, int beam, const Clock::time_point* stop_at) {
        std::vector<Valued> closed_turns, frontier;
        for (auto& st : legal_steps(e)) {
            push(st);
            if (closed()) {
                double v = evaluate(seat_);
                closed_turns.push_back({v, rng.random(), {st}});
            } else {
                frontier.push_back({0.0, rng.random(), {st}});
            }
            pop();
        }
        for (auto& item : frontier) {
            std::vector<Valued> items{item};
            while (!items.empty()) {
                if (stop_at && !closed_turns.empty() && Clock::now() >= *stop_at) return closed_turns;
                if (!next_layer(items, seat_, beam, closed_turns, true)) return closed_turns;
            }
        }
        return closed_turns;
    }

    // players.py's _next_layer, and the beam cut: one step more of each
    // partial turn in `items`, valued for seat_; the turns that end go to
    // `closed_turns`, the others, best first, become `items` (the best
    // `beam`). With `haltable`, a halt stops it (false) once a turn has ended.
    bool next_layer(std::vector<Valued>& items, int seat_, int beam,
                    std::vector<Valued>& closed_turns, bool haltable) {
        std::vector<Valued> nxt;
        for (auto& it : items) {
            if (haltable && !closed_turns.empty() && halt.load(std::memory_order_relaxed)) return false;
            for (auto& st : it.steps) push(st);
            for (auto& st : legal_steps(e)) {
                push(st);
                double v = evaluate(seat_);
                Valued x{v, rng.random(), it.steps};
                x.steps.push_back(st);
                bool c = closed();
                pop();
                (c ? closed_turns : nxt).push_back(std::move(x));
            }
            for (size_t k = 0; k < it.steps.size(); ++k) pop();
        }
        std::stable_sort(nxt.begin(), nxt.end(), valued_greater);
        if ((int)nxt.size() > beam) nxt.resize(beam);
        items = std::move(nxt);
        return true;
    }

    static double chance(double value, double scale) {
        double x = value / scale;
        if (x < -30) return 0.0;
        if (x > 30) return 1.0;
        return 1.0 / (1.0 + std::exp(-x));
    }

    double shift(int seat_, int to_move) const {
        double v = to_move == s0 ? centre_now : centre_after;
        return seat_ == s0 ? v : -v;
    }

    // lazy: one first step's whole turns (a beam of partial turns, as
    // whole_turns) become children, and the children are sorted again
    void open_group(Node& node) {
        const Valued& first = node.pending[node.next++];
        node.groups++;
        int st = seat();
        std::vector<Valued> turns;
        Step f = first.steps[0];
        push(f);
        bool c0 = closed();
        pop();
        if (c0) {
            turns.push_back(first);
        } else {
            std::vector<Valued> items{{0.0, first.t, first.steps}};
            while (!items.empty()) next_layer(items, st, p.beam, turns, false);
        }
        add_children(node, turns, st);
        std::stable_sort(node.children.begin(), node.children.end(),
                         [](const std::unique_ptr<Node>& a, const std::unique_ptr<Node>& b) {
                             if (a->v != b->v) return a->v > b->v;
                             return a->t > b->t;
                         });
    }

    // lazy: every first step valued by the evaluation after it, best first;
    // the best one's whole turns opened
    bool expand_lazy(Node& node, double& best) {
        int st = seat();
        std::vector<Valued> firsts;
        for (auto& s1 : legal_steps(e)) {
            if (!firsts.empty() && halt.load(std::memory_order_relaxed) && &node != &root) return false;
            push(s1);
            double v = evaluate(st);
            pop();
            firsts.push_back({v, rng.random(), {s1}});
        }
        if (firsts.empty()) return false;
        std::stable_sort(firsts.begin(), firsts.end(), valued_greater);
        node.pending = std::move(firsts);
        open_group(node);
        node.expanded = true;
        best = node.children[0]->prior;
        return true;
    }

    // open a node; false when a stop cut it short (the node stays closed)
    bool expand(Node& node, double& best) {
        if (p.lazy) return expand_lazy(node, best);
        int st = seat();
        auto turns = whole_turns(st, p.beam, nullptr);
        // stopped before the end: a partial list only for the root (a turn to play)
        if (turns.empty() || (halt.load() && &node != &root)) return false;
        add_children(node, turns, st);
        node.expanded = true;
        best = node.children[0]->prior;
        return true;
    }

    // seat st's whole turns (sorted here, best first) become node's last
    // children, each with its prior; the root's first turns: their best
    // sets the centre
    void add_children(Node& node, std::vector<Valued>& turns, int st) {
        std::stable_sort(turns.begin(), turns.end(), valued_greater);
        if (!after_set) {
            centre_after = p.centre ? turns[0].v : 0.0;
            after_set = true;
        }
        double sh = shift(st, 1 - st);
        for (auto& t : turns) {
            auto ch = std::make_unique<Node>();
            ch->turn = std::move(t.steps);
            ch->seat = st;
            ch->v = t.v;
            ch->t = t.t;
            ch->prior = chance(t.v - sh, p.scale);
            node.children.push_back(std::move(ch));
        }
    }

    // iterations until `target` are done or the clock passes `until`
    long run(long target, double seconds) {
        auto until = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
        long here = 0;
        size_t base = flips_.size();
        std::vector<Node*> path;
        while (done < target) {
            if (here && Clock::now() >= until) break;
            if (done && halt.load()) break;
            Node* node = &root;
            path.assign(1, node);
            while (!e.s.over && node->expanded) {
                size_t k = std::max<size_t>(1, (size_t)(long)(p.widen * std::sqrt((double)node->n + 1)));
                if (p.lazy)
                    while (node->groups < k && node->next < node->pending.size()) open_group(*node);
                k = std::min(k, node->children.size());
                double lnn = std::log((double)node->n + 1);
                Node* best = node->children[0].get();
                double bv = -1.0;
                for (size_t i = 0; i < k; ++i) {
                    Node* ch = node->children[i].get();
                    double m = ch->n + p.prior_visits;
                    double v = (ch->w + p.prior_visits * ch->prior) / m + p.c * std::sqrt(lnn / m);
                    if (v > bv) { bv = v; best = ch; }
                }
                for (auto& st : best->turn) push(st);
                path.push_back(best);
                node = best;
            }
            double results[2];
            if (e.s.over) {
                results[0] = result(0);
                results[1] = result(1);
            } else {
                int st = seat();
                double v = 0.5;
                if (!expand(*node, v)) {   // stopped mid-expansion: this iteration is dropped
                    while (flips_.size() > base) pop();
                    break;
                }
                results[0] = st == 0 ? v : 1.0 - v;
                results[1] = st == 0 ? 1.0 - v : v;
            }
            ++done;
            ++here;
            while (flips_.size() > base) pop();
            for (Node* nd : path) {
                nd->n += 1;
                if (nd->seat >= 0) nd->w += results[nd->seat];
            }
        }
        return here;
    }

    // keeping the tree between moves: the root moves down the turns played
    // since (each a child's turn), the engine plays them, and the search
    // starts again from there with the statistics kept (the centre set
    // anew, the priors judged against it); false (nothing changed) when a
    // turn is not in the tree or leads to a node never opened
    bool advance(const std::vector<std::vector<Step>>& turns) {
        Node* node = &root;
        for (auto& turn : turns) {
            Node* next = nullptr;
            for (auto& ch : node->children)
                if (ch->turn == turn) { next = ch.get(); break; }
            if (!next) return false;
            node = next;
        }
        if (node == &root || !node->expanded) return false;
        for (auto& turn : turns)
            for (auto& st : turn) {
                flips_.push_back(flip);
                if (st.verb == SWAP) flip ^= 1;
                else if (st.verb == SIDE) flip = 1 ^ st.arg;
                e.do_step(st);
            }
        flips_.clear();
        Node kept = std::move(*node);
        root = std::move(kept);
        root.seat = -1;
        root.turn.clear();
        s0 = seat();
        centre_now = p.centre ? evaluate(s0) : 0.0;
        centre_after = p.centre ? root.children[0]->v : 0.0;
        after_set = true;
        reprior(root);
        done = 0;
        halt.store(false);
        return true;
    }

    void reprior(Node& node) {
        for (auto& ch : node.children) {
            ch->prior = chance(ch->v - shift(ch->seat, 1 - ch->seat), p.scale);
            if (ch->expanded) reprior(*ch);
        }
    }

    // the most visited first step, then its most visited turn (then prior)
    const Node* best() const {
        const Node* out = nullptr;
        long out_visits = -1;
        for (auto& ch : root.children) {
            long visits = 0;
            for (auto& o : root.children)
                if (o->turn[0] == ch->turn[0]) visits += o->n;
            if (!out || visits > out_visits || (visits == out_visits && (ch->n > out->n ||
                    (ch->n == out->n && ch->prior > out->prior)))) {
                out = ch.get();
                out_visits = visits;
            }
        }
        return out;
    }
};

}  // namespace dk
