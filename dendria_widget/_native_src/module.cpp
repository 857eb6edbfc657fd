// The Python face of the native kernel (pybind11): dendria_widget._native.
// dendria_widget/native.py is its one user; it builds the boards' tables
// from geometry.Board and reads the options from rules/options.py.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>

#include "dendria.hpp"
#include "hedu.hpp"
#include "mcts.hpp"

namespace py = pybind11;
using namespace dk;

namespace {

std::shared_ptr<Board> make_board(const std::vector<std::array<int, 6>>& nbr,
                                  const std::vector<std::vector<std::vector<int>>>& rays,
                                  const std::vector<int>& power, const std::vector<std::string>& names,
                                  const std::vector<std::vector<int>>& rows) {
    auto b = std::make_shared<Board>();
    b->n = (int)names.size();
    if (nbr.size() != names.size() || rays.size() != names.size() || power.size() != names.size())
        throw std::invalid_argument("board tables of different lengths");
    b->nbr = nbr;
    b->ray_start.push_back(0);
    for (auto& r6 : rays) {
        if (r6.size() != 6) throw std::invalid_argument("a plot has six rays");
        for (auto& r : r6) {
            for (int j : r) {
                if (j < 0 || j >= b->n) throw std::invalid_argument("a ray leaves the board");
                b->ray_cells.push_back(j);
            }
            b->ray_start.push_back((int)b->ray_cells.size());
        }
    }
    b->power = power;
    b->names = names;
    b->rows = rows;
    for (int i = 0; i < b->n; ++i) b->by_name[names[i]] = i;
    for (auto& six : b->nbr)
        for (int j : six)
            if (j < -1 || j >= b->n) throw std::invalid_argument("a neighbour leaves the board");
    b->finish();
    return b;
}

Step parse_step(const Board& b, const std::string& text) {
    // lower-case words; 'sow' reads as 'plant'
    std::vector<std::string> words;
    std::string w;
    for (char ch : text) {
        if (ch == ' ' || ch == '\t' || ch == '\n') {
            if (!w.empty()) { words.push_back(w); w.clear(); }
        } else {
            w += (char)((ch >= 'A' && ch <= 'Z') ? ch - 'A' + 'a' : ch);
        }
    }
    if (!w.empty()) words.push_back(w);
    if (words.empty()) throw std::invalid_argument("an empty step");
    std::string verb = words[0] == "sow" ? "plant" : words[0];
    for (int v = 0; v <= PLACE; ++v) {
        if (verb != VERB_NAMES[v]) continue;
        if (cell_verb((uint8_t)v)) {
            // the words the Python engine's notation says (notation.Step.parse):
            // the verb as typed ('sow' in the sprites edition), a cell name
            if (words.size() != 2)
                throw std::invalid_argument("'" + words[0] + "' takes a cell name, like '" +
                                            words[0] + " g7': '" + text + "'");
            auto it = b.by_name.find(words[1]);
            if (it == b.by_name.end()) throw std::invalid_argument("there is no cell " + words[1] + " on this board");
            return {(uint8_t)v, it->second};
        }
        if (v == KOMI) {
            if (words.size() != 2) throw std::invalid_argument("'komi' takes a whole number");
            return {KOMI, std::stoi(words[1])};
        }
        if (v == SIDE) {
            if (words.size() != 2 || (words[1] != "dark" && words[1] != "light"))
                throw std::invalid_argument("'side' takes dark or light");
            return {SIDE, words[1] == "light"};
        }
        if (words.size() != 1) throw std::invalid_argument("'" + verb + "' takes nothing after it");
        return {(uint8_t)v, 0};
    }
    throw std::invalid_argument("unknown step verb " + verb);
}

DOptions dendria_options(const py::dict& d) {
    DOptions o;
    o.touching = d["touching"].cast<bool>();
    o.sow_apart = d["sow_apart"].cast<bool>();
    o.grow_after_plant = d["grow_after_plant"].cast<bool>();
    o.sprout_on_move = d["sprout_on_move"].cast<bool>();
    o.convert_at_start = d["convert_at_start"].cast<bool>();
    o.capture_unprotected = d["capture_unprotected"].cast<bool>();
    o.enclosed_sight = d["enclosed_sight"].cast<bool>();
    o.sprite_capture = d["sprite_capture"].cast<bool>();
    o.power_rule = d["power_rule"].cast<bool>();
    o.superko = d["superko"].cast<bool>();
    o.leafiness = d["leafiness"].cast<bool>();
    o.move_limit = d["move_limit"].cast<int>();
    o.opening = d["opening"].cast<int>();
    o.komi_max = d["komi_max"].cast<int>();
    return o;
}

// One game on the native kernel (an engine E with the Dendria interface).
template <class E>
struct Native {
    std::shared_ptr<Board> board;
    E e;
    Native(std::shared_ptr<Board> b, const E& engine) : board(std::move(b)), e(engine) { e.b = board.get(); }
    Native(const Native& other) : board(other.board), e(other.e) { e.b = board.get(); }
};

using DNative = Native<Dendria>;
using HNative = Native<Hedu>;

std::unique_ptr<HNative> hedu_new(std::shared_ptr<Board> b, const py::dict& options,
                                  const std::vector<int>& codes, int to_move,
                                  const std::array<int, 2>& prisoners, bool fresh) {
    HOptions o;
    o.superko = options["superko"].cast<bool>();
    o.end_on_double_pass = options["end_on_double_pass"].cast<bool>();
    o.opening = options["opening"].cast<int>();
    Hedu e(b.get(), o);
    if ((int)codes.size() != b->n) throw std::invalid_argument("one code per plot");
    for (int i = 0; i < b->n; ++i) {
        if (codes[i] < 0 || codes[i] == 1 || codes[i] >= Hedu::CODES)
            throw std::invalid_argument("a Hedu stack code is (height << 1) | colour, height 1..9");
        if (codes[i]) e.put(i, codes[i]);
    }
    e.s.to_move = to_move;
    e.s.prisoners[0] = prisoners[0];
    e.s.prisoners[1] = prisoners[1];
    e.start(fresh);
    return std::make_unique<HNative>(b, e);
}


std::unique_ptr<DNative> dendria_new(std::shared_ptr<Board> b, const py::dict& options,
                                     const std::vector<int>& codes, int to_move, double komi, bool fresh) {
    DOptions o = dendria_options(options);
    Dendria e(b.get(), o);
    if ((int)codes.size() != b->n) throw std::invalid_argument("one code per plot");
    for (int i = 0; i < b->n; ++i) {
        if (codes[i] < 0 || codes[i] > 6) throw std::invalid_argument("a Dendria piece code is 0..6");
        if (codes[i]) e.put(i, codes[i]);
    }
    e.s.to_move = to_move;
    e.s.komi = komi;
    e.start(fresh);
    return std::make_unique<DNative>(b, e);
}

template <class N>
std::vector<std::string> legal_texts(N& g) {
    std::vector<std::string> out;
    for (auto& st : legal_steps(g.e)) out.push_back(step_text(*g.board, st));
    return out;
}

template <class N>
void play_text(N& g, const std::string& text) {
    Step st = parse_step(*g.board, text);
    for (auto& l : legal_steps(g.e))
        if (l == st) { g.e.do_step(st); return; }
    throw std::domain_error("the step " + step_text(*g.board, st) + " is not legal now");
}

// Random games to the end from a state: uniform over the legal steps,
// drawn again while a pass is drawn and another step is legal (the bench's
// playout). The engine's draw_step() draws first (up to DRAWS times as many
// plots, or a turn's slots, as there are, and 8 more): the same distribution
// without listing every legal step. Returns per game (steps, winner: 0, 1 or
// -1 for a draw).
constexpr int DRAWS = 3;
template <class E>
std::vector<std::pair<int, int>> playouts(const E& start, int games, uint64_t seed, int cap) {
    std::vector<std::pair<int, int>> out;
    std::vector<Step> legal;
    for (int k = 0; k < games; ++k) {
        E e(start);
        Rng rng(seed * 1000003ULL + (uint64_t)k);
        int n = 0;
        while (n < cap) {
            Step st;
            if (!e.draw_step(rng, DRAWS, st)) {
                e.legal(legal);
                int m = (int)legal.size();
                if (!m) break;
                st = legal[m > 1 ? rng.below(m) : 0];
                while (st.verb == PASS && m > 1) st = legal[rng.below(m)];
            }
            e.do_step(st);
            ++n;
        }
        auto sc = e.score();
        out.push_back({n, sc[0] > sc[1] ? 0 : sc[1] > sc[0] ? 1 : -1});
    }
    return out;
}

SearchParams search_params(const py::dict& d, bool hedu) {
    SearchParams p;
    p.c = d["c"].cast<double>();
    p.widen = d["widen"].cast<double>();
    p.scale = d["scale"].cast<double>();
    p.prior_visits = d["prior_visits"].cast<double>();
    p.beam = d["beam"].cast<int>();
    p.centre = d["centre"].cast<bool>();
    p.lazy = d.contains("lazy") && d["lazy"].cast<bool>();
    p.hedu = hedu;
    return p;
}

PyRandom py_random(const std::vector<uint32_t>& state) {
    // random.Random.getstate()[1]: 624 words and the index
    if (state.size() != 625) throw std::invalid_argument("a Mersenne Twister state is 625 numbers");
    PyRandom r;
    for (int i = 0; i < 624; ++i) r.mt[i] = state[i];
    r.idx = (int)state[624];
    return r;
}

std::vector<uint32_t> py_random_state(const PyRandom& r) {
    std::vector<uint32_t> out(r.mt, r.mt + 624);
    out.push_back((uint32_t)r.idx);
    return out;
}

template <class E>
struct SearchBox {
    std::shared_ptr<Board> board;
    std::unique_ptr<Search<E>> s;
};

template <class N>
std::vector<std::string> texts(const N& g, const std::vector<Step>& steps) {
    std::vector<std::string> out;
    for (auto& st : steps) out.push_back(step_text(*g.board, st));
    return out;
}

template <class N>
py::class_<N> bind_common(py::class_<N> c) {
    return c.def("legal", &legal_texts<N>)
        .def("play", &play_text<N>)
        .def("undo", [](N& g) { return g.e.undo(); })
        .def("rows", [](N& g) { return g.e.rows_text(); })
        .def("to_move", [](N& g) { return g.e.s.to_move; })
        .def("is_over", [](N& g) { return g.e.s.over; })
        .def("ending", [](N& g) { return g.e.s.ending; })
        .def("turn_open", [](N& g) { return g.e.turn_open(); })
        .def("score", [](N& g) { return g.e.score(); })
        // the steps random_playouts' draw can give now, or None where it does not draw
        .def("drawable", [](N& g) -> std::optional<std::vector<std::string>> {
            std::vector<Step> steps;
            if (!g.e.drawable(steps)) return std::nullopt;
            return texts(g, steps);
        })
        .def("copy", [](const N& g) { return std::make_unique<N>(g); })
        .def("playouts", [](const N& g, int games, uint64_t seed, int cap) {
            py::gil_scoped_release nogil;
            return playouts(g.e, games, seed, cap);
        })
        // players.py's whole turns (greedy): [(value, tie-break, steps)], and the random state after
        .def("whole_turns", [](const N& g, int flip, const py::dict& params, const std::vector<uint32_t>& state,
                               bool hedu) {
            Search<decltype(g.e)> s(g.e, flip, search_params(params, hedu), py_random(state));
            std::vector<std::tuple<double, double, std::vector<std::string>>> out;
            std::vector<Valued> turns;
            int beam = params["beam"].cast<int>();
            {
                py::gil_scoped_release nogil;
                turns = s.whole_turns(s.seat(), beam, nullptr);
            }
            for (auto& t : turns) out.emplace_back(t.v, t.t, texts(g, t.steps));
            return std::make_pair(out, py_random_state(s.rng));
        });
}

template <class N>
void bind_search(py::module_& m, const char* name) {
    using E = decltype(N::e);
    using S = SearchBox<E>;
    py::class_<S>(m, name)
        .def(py::init([](const N& g, int flip, const py::dict& params, const std::vector<uint32_t>& state,
                         bool hedu) {
            auto box = std::make_unique<S>();
            box->board = g.board;
            box->s = std::make_unique<Search<E>>(g.e, flip, search_params(params, hedu), py_random(state));
            box->s->e.b = g.board.get();
            return box;
        }))
        // iterations until `target` in all, or `seconds` of this call: how many this call did
        .def("run", [](S& box, long target, double seconds) {
            py::gil_scoped_release nogil;
            return box.s->run(target, seconds);
        })
        .def("halt", [](S& box) { box.s->halt.store(true); })
        // the tree kept: the root moved down these turns (step strings), a
        // new random source; False when they are not in the tree
        .def("advance", [](S& box, const std::vector<std::vector<std::string>>& turns,
                           const std::vector<uint32_t>& state) {
            std::vector<std::vector<Step>> steps;
            for (auto& turn : turns) {
                steps.emplace_back();
                for (auto& text : turn) steps.back().push_back(parse_step(*box.board, text));
            }
            if (!box.s->advance(steps)) return false;
            box.s->rng = py_random(state);
            return true;
        })
        .def_property_readonly("iterations", [](const S& box) { return box.s->done; })
        .def_property_readonly("visits", [](const S& box) { return box.s->root.n; })
        // the root's children: (steps, visits, prior), best prior first
        .def("children", [](const S& box) {
            std::vector<std::tuple<std::vector<std::string>, long, double>> out;
            for (auto& ch : box.s->root.children) {
                std::vector<std::string> steps;
                for (auto& st : ch->turn) steps.push_back(step_text(*box.board, st));
                out.emplace_back(steps, ch->n, ch->prior);
            }
            return out;
        })
        .def("best", [](const S& box) {
            std::vector<std::string> steps;
            auto* b = box.s->best();
            if (b) for (auto& st : b->turn) steps.push_back(step_text(*box.board, st));
            return steps;
        });
}

}  // namespace

PYBIND11_MODULE(_native, m) {
    m.doc() = "dendria-widget's native kernel (C++17): see dendria_widget/native.py";
    py::class_<Board, std::shared_ptr<Board>>(m, "Board")
        .def(py::init(&make_board), py::arg("nbr"), py::arg("rays"), py::arg("power"), py::arg("names"),
             py::arg("rows"))
        .def_property_readonly("n", [](const Board& b) { return b.n; });

    bind_common(py::class_<DNative>(m, "Dendria"))
        .def(py::init(&dendria_new), py::arg("board"), py::arg("options"), py::arg("codes"),
             py::arg("to_move"), py::arg("komi"), py::arg("fresh"))
        .def("komi", [](DNative& g) { return g.e.s.komi; })
        .def("dmoves", [](DNative& g) { return g.e.s.dmoves; });
    bind_common(py::class_<HNative>(m, "Hedu"))
        .def(py::init(&hedu_new), py::arg("board"), py::arg("options"), py::arg("codes"),
             py::arg("to_move"), py::arg("prisoners"), py::arg("fresh"))
        .def("prisoners", [](HNative& g) { return std::array<int, 2>{g.e.s.prisoners[0], g.e.s.prisoners[1]}; });
    bind_search<DNative>(m, "DendriaSearch");
    bind_search<HNative>(m, "HeduSearch");
}
