"""Rule options and editions (docs/rules.md section 5, docs/notation.md rules)."""

import pytest

from dendria_widget import BadBoard, BadRules, Game
from dendria_widget.rules import DEFAULTS, resolve_rules

# docs/rules.md section 5, copied by hand: option -> every allowed value
VALUES = {
    "edge_sight": ["literal", "touching"],
    "sowing": ["any", "non-touching"],
    "grow_after_plant": ["planted", "none"],
    "sprout_on_move": [True, False],
    "convert_at_start": [True, False],
    "capture": ["fertilized", "unprotected"],
    "enclosed_groups": ["never", "sight"],
    "sprite_capture": [True, False],
    "power_rule": [True, False],
    "superko": ["positional", "off"],
    "dendrid_move_limit": [1, 2, 10, 500, None],
    "opening": ["pie", "komi-pie", "none"],
    "komi_max": [0, 1, 7, None],
    "scoring": ["distinct-sizes", "leafiness"],
}

CLASSIC = {"edge_sight": "literal", "sowing": "any", "grow_after_plant": "planted",
           "sprout_on_move": True, "convert_at_start": False, "capture": "fertilized",
           "enclosed_groups": "never", "sprite_capture": False, "power_rule": False,
           "superko": "positional", "dendrid_move_limit": 10, "opening": "pie",
           "komi_max": None, "scoring": "distinct-sizes"}
SPRITES = {"edge_sight": "touching", "sowing": "non-touching", "grow_after_plant": "none",
           "sprout_on_move": True, "convert_at_start": True, "capture": "unprotected",
           "enclosed_groups": "sight", "sprite_capture": True, "power_rule": True,
           "superko": "positional", "dendrid_move_limit": None, "opening": "komi-pie",
           "komi_max": None, "scoring": "leafiness"}
HEDU = {"superko": "positional", "opening": "pie", "end_on_double_pass": True}


def test_option_table_is_complete():
    assert set(VALUES) == set(CLASSIC) == set(SPRITES)


@pytest.mark.parametrize("name,value", [(n, v) for n, vs in VALUES.items() for v in vs])
def test_every_option_value_on_classic(name, value):
    g = Game("dendria-classic", size=4, **{name: value})
    assert g.options[name] == value
    # every other option keeps the classic default
    assert {k: v for k, v in g.options.items() if k != name} == \
        {k: v for k, v in CLASSIC.items() if k != name}
    # the game can start and list its steps
    assert g.legal_steps()
    # the same through a docs/notation.md rules dict
    g2 = Game.from_position({"to_move": "dark", "pieces": {}},
                            rules={"ruleset": "dendria-classic",
                                   "board": {"shape": "hexagon", "size": 4},
                                   "options": {name: value}})
    assert g2.options[name] == value
    # and the option survives a position string and a record
    g3 = Game.from_position(g2.position_string())
    assert g3.options == g2.options
    assert Game.from_record(g2.to_json()).options == g2.options


def test_edition_defaults():
    assert resolve_rules("dendria-classic").options == CLASSIC
    assert resolve_rules("dendria-sprites").options == SPRITES
    assert resolve_rules("hedu").options == HEDU
    assert DEFAULTS["dendria-classic"] == CLASSIC
    assert DEFAULTS["dendria-sprites"] == SPRITES
    g = Game("dendria-classic")
    assert g.options == CLASSIC
    assert g.board.spec == {"shape": "hexagon", "size": 7}
    assert Game("dendria-sprites").options == SPRITES
    # the editions start as section 2.4 says
    assert Game("dendria-classic", size=4).phase == "opening"
    assert Game("dendria-sprites", size=4).phase == "komi"


def test_any_option_on_any_edition():
    g = Game("dendria-sprites", size=4, power_rule=False, opening="pie")
    assert g.options["power_rule"] is False and g.options["opening"] == "pie"
    assert g.options["edge_sight"] == "touching"
    assert Game("dendria-classic", size=4, **SPRITES).options == SPRITES


@pytest.mark.parametrize("name", ["edge_vision", "Superko", "komi", "end_on_double_pass",
                                  "size", ""])
def test_unknown_option_names(name):
    with pytest.raises(BadRules) as e:
        resolve_rules("dendria-classic", options={name: True})
    assert repr(name) in str(e.value)
    with pytest.raises(BadRules) as e:
        Game.from_position({"to_move": "dark", "pieces": {}},
                           rules={"ruleset": "dendria-classic", "options": {name: 1}})
    assert repr(name) in str(e.value)


BAD_VALUES = [
    ("edge_sight", "touch"), ("edge_sight", True), ("sowing", "none"),
    ("grow_after_plant", "all"), ("sprout_on_move", "true"), ("sprout_on_move", 1),
    ("convert_at_start", None), ("capture", "unfertilized"), ("enclosed_groups", "always"),
    ("sprite_capture", 0), ("power_rule", "yes"), ("superko", "situational"),
    ("superko", None), ("dendrid_move_limit", 0), ("dendrid_move_limit", -1),
    ("dendrid_move_limit", 2.5), ("dendrid_move_limit", True), ("dendrid_move_limit", "3"),
    ("opening", "swap"), ("opening", None), ("komi_max", -1), ("komi_max", 1.5),
    ("komi_max", False), ("scoring", "area"),
]


@pytest.mark.parametrize("name,value", BAD_VALUES)
def test_unknown_option_values(name, value):
    with pytest.raises(BadRules) as e:
        Game("dendria-classic", size=4, **{name: value})
    assert repr(name) in str(e.value) and repr(value) in str(e.value)


def test_hedu_options():
    assert resolve_rules("hedu", opening="none").options["opening"] == "none"
    assert resolve_rules("hedu", end_on_double_pass=False).options["end_on_double_pass"] is False
    with pytest.raises(BadRules, match="komi-pie"):
        resolve_rules("hedu", opening="komi-pie")
    with pytest.raises(BadRules, match="edge_sight"):
        resolve_rules("hedu", edge_sight="literal")


@pytest.mark.parametrize("ruleset", ["dendria", "Dendria-Classic", "go", "", None, 7])
def test_unknown_rulesets(ruleset):
    with pytest.raises(BadRules) as e:
        resolve_rules(ruleset)
    assert repr(ruleset) in str(e.value)
    with pytest.raises(BadRules) as e:
        Game.from_position({"to_move": "dark", "pieces": {}},
                           rules={"ruleset": ruleset})
    assert repr(ruleset) in str(e.value)


def test_bad_rules_dicts():
    with pytest.raises(BadRules, match="variant"):
        resolve_rules({"ruleset": "dendria-classic", "variant": 1})
    with pytest.raises(BadRules, match="ruleset"):
        resolve_rules({"options": {}})
    with pytest.raises(BadRules, match="options"):
        resolve_rules({"ruleset": "dendria-classic", "options": ["superko"]})
    with pytest.raises(BadBoard, match="octagon"):
        resolve_rules({"ruleset": "dendria-classic", "board": {"shape": "octagon"}})
    with pytest.raises(BadBoard, match="1"):
        Game("dendria-classic", size=1)


def test_rules_are_immutable_and_compare():
    r = resolve_rules("dendria-classic", size=5, superko="off")
    with pytest.raises(AttributeError):
        r.superko = "positional"
    assert r == resolve_rules({"ruleset": "dendria-classic",
                               "board": {"shape": "hexagon", "size": 5},
                               "options": {"superko": "off"}})
    assert r != resolve_rules("dendria-classic", size=5)
    assert r.to_dict() == {"ruleset": "dendria-classic",
                           "board": {"shape": "hexagon", "size": 5},
                           "options": {"superko": "off"}}


def test_the_options_are_explained_in_each_editions_words():
    """The Rules tab's help lines: one text per option, with the edition's
    words filled in (the sprites edition says plot, sprite, sowing)."""
    import re

    from dendria_widget.rules.options import option_specs
    from dendria_widget.rules.variant import variant_of

    classic_only = re.compile(r"(?i)\b(soils?|plant|plants|planted|planting|dendrids?)\b")
    sprites_only = re.compile(r"(?i)\b(sow|sows|sown|sowing|sprites?|plots?)\b")
    texts = {rs: {name: variant_of(rs).option_doc(name) for name in option_specs(rs)}
             for rs in ("dendria-classic", "dendria-sprites", "hedu")}
    for rs, docs in texts.items():
        for name, doc in docs.items():
            assert "{" not in doc and "}" not in doc, (rs, name, doc)
    def words(rs):
        """The texts without the values they explain ("planted: ..." names
        the option's value, which is the same in every edition)."""
        out = []
        for name, doc in texts[rs].items():
            for value in option_specs(rs)[name].values or ():
                doc = doc.replace(f"{value}:", "")
            out.append(doc)
        return " ".join(out)

    sprites = words("dendria-sprites")
    classic = words("dendria-classic")
    assert not classic_only.search(sprites), classic_only.findall(sprites)
    assert "without a sowing (sprite moves or passes)" in texts["dendria-sprites"][
        "dendrid_move_limit"]
    assert "without a plant (dendrid moves or passes)" in texts["dendria-classic"][
        "dendrid_move_limit"]
    assert not sprites_only.search(classic.replace("number of plots", "")), \
        sprites_only.findall(classic)
