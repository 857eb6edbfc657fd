// dendria-widget's native kernel: what every engine shares.
//
// The second implementation of the rules (dendria_widget/rules/ is the
// reference): cells are plot indices 0..n-1 in name order (the Python
// engine's id order), sets of cells are byte vectors or index lists, so
// that any board size works (no fixed-width bitboard anywhere).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace dk {

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

    const int* ray_begin(int i, int d) const { return ray_cells.data() + ray_start[i * 6 + d]; }
    const int* ray_end(int i, int d) const { return ray_cells.data() + ray_start[i * 6 + d + 1]; }
    int ray_len(int i, int d) const { return ray_start[i * 6 + d + 1] - ray_start[i * 6 + d]; }
    // the direction of the line from a to b (b on one of a's rays), or -1
    int line_direction(int a, int b) const {
        for (int d = 0; d < 6; ++d)
            for (const int* p = ray_begin(a, d); p != ray_end(a, d); ++p)
                if (*p == b) return d;
        return -1;
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

// The boards recorded for the repetition rule: exact boards by key, so that
// a key collision never refuses a legal step.
struct Repetitions {
    std::unordered_map<uint64_t, std::vector<std::string>> by_hash;
    // how many recorded keys fall in each of 2^16 buckets: most look-ups end here
    std::vector<uint32_t> buckets = std::vector<uint32_t>(1 << 16, 0);
    static size_t bucket(uint64_t h) { return (size_t)((h ^ (h >> 29)) & 0xFFFF); }
    void add(uint64_t h, const std::string& b) {
        by_hash[h].push_back(b);
        buckets[bucket(h)]++;
    }
    void remove(uint64_t h, const std::string& b) {
        auto it = by_hash.find(h);
        if (it == by_hash.end()) return;
        auto& v = it->second;
        for (size_t k = 0; k < v.size(); ++k)
            if (v[k] == b) { v.erase(v.begin() + (long)k); buckets[bucket(h)]--; break; }
        if (v.empty()) by_hash.erase(it);
    }
    bool maybe_seen(uint64_t h) const { return buckets[bucket(h)] && by_hash.count(h) != 0; }
    bool seen(uint64_t h, const std::string& b) const {
        if (!buckets[bucket(h)]) return false;
        auto it = by_hash.find(h);
        if (it == by_hash.end()) return false;
        for (auto& x : it->second) if (x == b) return true;
        return false;
    }
};

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

}  // namespace dk
