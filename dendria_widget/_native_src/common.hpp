// dendria-widget's native kernel: what every engine shares.
//
// The second implementation of the rules (dendria_widget/rules/ is the
// reference): cells are plot indices 0..n-1 in name order (the Python
// engine's id order), sets of cells are byte vectors or index lists, so
// that any board size works (no fixed-width bitboard anywhere).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

namespace dk {

// a run of cell indices (a group's members, a plot's neighbours)
struct Span {
    const int* b_;
    const int* e_;
    const int* begin() const { return b_; }
    const int* end() const { return e_; }
    size_t size() const { return (size_t)(e_ - b_); }
    int operator[](size_t k) const { return b_[k]; }
};
inline Span span(const std::vector<int>& v) { return {v.data(), v.data() + v.size()}; }

// Plot tables of one board, built from the Python Board (geometry.py).
struct Board {
    int n = 0;
    std::vector<std::array<int, 6>> nbr;          // neighbour in direction d, or -1
    std::vector<int> ray_start;                   // n*6+1 offsets into ray_cells
    std::vector<int> ray_cells;                   // plots met walking from a plot, lagoons passed
    std::vector<int> power;
    std::vector<std::string> names;
    std::vector<std::vector<int>> rows;           // plot indices by row, in name order
    std::unordered_map<std::string, int> by_name;
    // the neighbours of each plot in direction order, without the -1s (finish())
    std::vector<int> adj_start, adj_cells;
    // each ray as a bitset of `words` 64-bit words (plot k is bit k % 64 of
    // word k / 64), for boards of at most MAX_RAY_WORDS * 64 plots; words is 0
    // on larger boards (the rays are walked there)
    static constexpr int MAX_RAY_WORDS = 8;
    int words = 0;
    std::vector<uint64_t> ray_bits;
    // true when the neighbours in directions d and d+1 of every plot are
    // themselves neighbours (a plot's ring: Hedu's regions use it)
    bool ring = false;

    const int* ray_begin(int i, int d) const { return ray_cells.data() + ray_start[i * 6 + d]; }
    const int* ray_end(int i, int d) const { return ray_cells.data() + ray_start[i * 6 + d + 1]; }
    int ray_len(int i, int d) const { return ray_start[i * 6 + d + 1] - ray_start[i * 6 + d]; }
    const uint64_t* ray_mask(int i, int d) const { return ray_bits.data() + ((size_t)i * 6 + d) * words; }
    Span adj(int i) const { return {adj_cells.data() + adj_start[i], adj_cells.data() + adj_start[i + 1]}; }
    // the direction of the line from a to b (b on one of a's rays), or -1
    int line_direction(int a, int b) const {
        for (int d = 0; d < 6; ++d)
            for (const int* p = ray_begin(a, d); p != ray_end(a, d); ++p)
                if (*p == b) return d;
        return -1;
    }
    // the derived tables, once nbr is set
    void finish() {
        adj_start.assign(1, 0);
        adj_cells.clear();
        ring = true;
        for (int i = 0; i < n; ++i) {
            for (int d = 0; d < 6; ++d) {
                int j = nbr[i][d], k = nbr[i][(d + 1) % 6];
                if (j >= 0) adj_cells.push_back(j);
                if (j >= 0 && k >= 0) {
                    bool touch = false;
                    for (int x : nbr[j]) touch |= x == k;
                    ring &= touch;
                }
            }
            adj_start.push_back((int)adj_cells.size());
        }
        int w = (n + 63) / 64;
        words = w <= MAX_RAY_WORDS ? w : 0;
        ray_bits.assign((size_t)n * 6 * words, 0);
        if (words)
            for (int i = 0; i < n; ++i)
                for (int d = 0; d < 6; ++d)
                    for (const int* p = ray_begin(i, d); p != ray_end(i, d); ++p)
                        ray_bits[((size_t)i * 6 + d) * words + *p / 64] |= 1ULL << (*p % 64);
    }
};

// splitmix64: the Zobrist keys and the playouts' random source
inline uint64_t splitmix(uint64_t& x) {
    uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

struct Rng {
    uint64_t s;
    explicit Rng(uint64_t seed) : s(seed * 0x2545F4914F6CDD1DULL + 0x1234567ULL) {}
    uint64_t next() { return splitmix(s); }
    // uniform in [0, k)
    int below(int k) { return (int)((next() >> 11) % (uint64_t)k); }
    double uniform() { return (double)(next() >> 11) * (1.0 / 9007199254740992.0); }
};

// Zobrist keys: one per (plot, code)
inline std::vector<uint64_t> zobrist(int n, int codes) {
    std::vector<uint64_t> z((size_t)n * codes);
    uint64_t x = 0x5EEDULL ^ ((uint64_t)n << 20) ^ (uint64_t)codes;
    for (int i = 0; i < n; ++i)
        for (int c = 0; c < codes; ++c) z[(size_t)i * codes + c] = c ? splitmix(x) : 0;
    return z;
}

// A stack of 64-bit keys (a multiset) with an open-addressing index:
// pushed and popped last in, first out (a step and its undo), so that a pop
// leaves the index exactly as it was before the push. No allocation once
// it has grown to the longest game.
struct KeyStack {
    std::vector<uint64_t> keys;
    std::vector<int32_t> table = std::vector<int32_t>(16, -1);   // slot -> key index, or -1
    size_t mask() const { return table.size() - 1; }
    static size_t home(uint64_t h) { return (size_t)(h ^ (h >> 32)); }
    void index(int32_t k) {
        size_t s = home(keys[(size_t)k]) & mask();
        while (table[s] >= 0) s = (s + 1) & mask();
        table[s] = k;
    }
    void push(uint64_t h) {
        keys.push_back(h);
        if (keys.size() * 2 > table.size()) {
            table.assign(table.size() * 2, -1);
            for (int32_t k = 0; k < (int32_t)keys.size(); ++k) index(k);   // in push order
        } else {
            index((int32_t)keys.size() - 1);
        }
    }
    void pop() {
        int32_t k = (int32_t)keys.size() - 1;
        size_t s = home(keys.back()) & mask();
        while (table[s] != k) s = (s + 1) & mask();
        table[s] = -1;
        keys.pop_back();
    }
    // is there an entry with key h for which match(index) holds?
    template <class F>
    bool any(uint64_t h, F&& match) const {
        for (size_t s = home(h) & mask(); table[s] >= 0; s = (s + 1) & mask())
            if (keys[(size_t)table[s]] == h && match(table[s])) return true;
        return false;
    }
    bool contains(uint64_t h) const { return any(h, [](int32_t) { return true; }); }
    size_t size() const { return keys.size(); }
};

// The boards recorded for the repetition rule: exact boards by key (a key
// collision never refuses a legal step), n bytes each in one arena; added
// and taken back last in, first out.
struct Repetitions {
    size_t n = 0;                 // bytes per board
    KeyStack keys;
    std::vector<uint8_t> boards;
    void add(uint64_t h, const uint8_t* b) {
        keys.push(h);
        boards.insert(boards.end(), b, b + n);
    }
    void remove_last() {
        keys.pop();
        boards.resize(boards.size() - n);
    }
    bool maybe_seen(uint64_t h) const { return keys.contains(h); }
    bool seen(uint64_t h, const uint8_t* b) const {
        return keys.any(h, [&](int32_t k) { return std::memcmp(boards.data() + (size_t)k * n, b, n) == 0; });
    }
};

// A board's pieces as rows_text() writes them (both editions): runs of
// empty plots as numbers, rows joined by '/'; piece(code, out) writes one.
template <class F>
std::string rows_text(const Board& b, const std::vector<uint8_t>& cells, F&& piece) {
    std::string out;
    for (size_t r = 0; r < b.rows.size(); ++r) {
        if (r) out += '/';
        int run = 0;
        for (int i : b.rows[r]) {
            int c = cells[i];
            if (!c) { ++run; continue; }
            if (run) { out += std::to_string(run); run = 0; }
            piece(c, out);
        }
        if (run) out += std::to_string(run);
    }
    return out;
}

enum Verb : uint8_t { PLANT, SPROUT, GROW, CAPTURE, MOVE, SLIDE, END, PASS, SWAP, KOMI, SIDE, PLACE };
static const char* const VERB_NAMES[] = {"plant", "sprout", "grow", "capture", "move", "slide",
                                         "end", "pass", "swap", "komi", "side", "place"};

struct Step {
    uint8_t verb;
    int arg;
    bool operator==(const Step& o) const { return verb == o.verb && arg == o.arg; }
};

inline bool cell_verb(uint8_t v) { return v <= SLIDE || v == PLACE; }

inline std::string step_text(const Board& b, const Step& s) {
    std::string out = VERB_NAMES[s.verb];
    if (cell_verb(s.verb)) out += " " + b.names[s.arg];
    else if (s.verb == KOMI) out += " " + std::to_string(s.arg);
    else if (s.verb == SIDE) out += s.arg ? " light" : " dark";
    return out;
}

enum Ending { NOT_OVER = 0, BY_PASSES = 1, BY_MOVE_LIMIT = 2, BY_NO_PLACEMENT = 3 };

// An engine's legal steps as a new list (E::legal(out) fills a kept one).
template <class E>
std::vector<Step> legal_steps(E& e) {
    std::vector<Step> out;
    e.legal(out);
    return out;
}

// The cell changes (cell, code before) logged since `mark` taken back,
// latest first, each by put(cell, code): a step's undo, in both engines.
template <class F>
void roll_back(std::vector<std::pair<int, int>>& changes, size_t mark, F&& put) {
    while (changes.size() > mark) {
        auto ch = changes.back();
        changes.pop_back();
        put(ch.first, ch.second);
    }
}

// the last copy pushed on a stack of saved copies (each into.size() long)
// put back into `into` and taken off the stack: an undo
template <class T>
void restore_last(std::vector<T>& saves, std::vector<T>& into) {
    size_t n = into.size();
    std::copy(saves.end() - (long)n, saves.end(), into.begin());
    saves.resize(saves.size() - n);
}

}  // namespace dk
