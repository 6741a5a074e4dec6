"""Proof certificates: the shipped ones verify, agree with the solver's table and with a brute-force
minimax, pass a second checker written on the brute-force rules, and every kind of tampering fails."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from importlib.resources import files

import numpy as np
import pandas as pd
import pytest

from negenlab.necklace.certificate import certificate, write_certificate
from negenlab.necklace.verify import CertificateError, check_certificate, load_certificate, verify_file

from . import brute

SHIPPED = {n: files("negenlab.data") / "necklace" / f"certificate_{n}x{n}.json.gz" for n in (3, 4)}
NAME = {1: "red", -1: "blue", 0: "draw"}


@pytest.fixture(scope="module")
def shipped() -> dict[int, dict]:
    return {n: load_certificate(str(path)) for n, path in SHIPPED.items()}


@pytest.mark.parametrize("n", sorted(SHIPPED))
def test_every_shipped_certificate_verifies_and_lists_every_opening(n):
    verdict = verify_file(str(SHIPPED[n]))
    assert verdict.verified and verdict.complete, verdict.failure
    assert all(o["proved"] for o in verdict.openings) and len(verdict.openings) == n * n
    assert verdict.winners() == {"winner": "red", "winner_with_swap": "second player"}


@pytest.mark.parametrize("n", sorted(SHIPPED))
def test_certified_openings_match_the_committed_solution_both_ways(n, shipped):
    table = pd.read_csv(str(files("negenlab.data") / "necklace" / "solution_openings.csv"))
    committed = {(int(r.row), int(r.col)): r.value for r in table[table["size"] == n].itertuples()}
    certified = {tuple(o["opening"]): o["winner"] for o in shipped[n]["openings"]}
    assert certified == committed  # the same openings (none missing, none extra) with the same winners


def test_certified_3x3_openings_match_brute_force_minimax(shipped):
    memo: dict = {}
    for o in shipped[3]["openings"]:
        b = np.zeros((3, 3), dtype=np.int8)
        b[tuple(o["opening"])] = brute.RED
        assert NAME[brute.minimax(b, brute.BLUE, memo)] == o["winner"], o
    assert {tuple(o["opening"]) for o in shipped[3]["openings"]} == set(brute.legal_moves(np.zeros((3, 3), np.int8), 1))


def _brute_check(cert: dict) -> bool:
    """A second checker on the brute-force rules of the tests (no code of the package): the winner's
    named move must be legal, every move of the other colour is followed, skips and draws as the rules say."""
    n, moves = cert["size"], cert["moves"]
    sym = {0: ".", brute.RED: "R", brute.BLUE: "B"}

    def key(b, to_move):
        return ("R" if to_move == brute.RED else "B") + "".join(sym[int(v)] for v in b.ravel())

    def proved(b, to_move, winner) -> bool:
        mine = brute.legal_moves(b, to_move)
        if not mine:
            if not brute.legal_moves(b, 3 - to_move):
                return False  # a draw
            return proved(b, 3 - to_move, winner)
        if to_move == winner:
            text = moves.get(key(b, to_move))
            if text is None:
                return False
            r, c = (int(v) for v in text.split(","))
            if (r, c) not in mine:
                return False
            choices = [(r, c)]
        else:
            choices = mine
        for r, c in choices:
            t = b.copy()
            t[r, c] = to_move
            if brute.connects(t, to_move):
                if to_move != winner:
                    return False
                continue
            if not proved(t, 3 - to_move, winner):
                return False
        return True

    for o in cert["openings"]:
        b = np.zeros((n, n), dtype=np.int8)
        b[tuple(o["opening"])] = brute.RED
        if not proved(b, brute.BLUE, brute.RED if o["winner"] == "red" else brute.BLUE):
            return False
    return True


def test_a_second_checker_on_the_brute_force_rules_accepts_the_3x3_certificate(shipped):
    assert _brute_check(shipped[3])
    tampered = json.loads(json.dumps(shipped[3]))
    tampered["openings"][0]["winner"] = "red" if tampered["openings"][0]["winner"] == "blue" else "blue"
    assert not _brute_check(tampered)  # the second checker can fail too


def _tampered(cert: dict, how: str) -> dict:
    t = json.loads(json.dumps(cert))
    moves = t["moves"]
    if how == "claim flipped":
        t["openings"][0]["winner"] = "red" if t["openings"][0]["winner"] == "blue" else "blue"
    elif how == "move dropped":
        del moves[next(iter(moves))]
    elif how == "move occupied":
        k = next(iter(moves))
        p = k[1:].index("R") if "R" in k[1:] else k[1:].index("B")
        moves[k] = f"{p // t['size']},{p % t['size']}"
    elif how == "move changed":
        for k, v in moves.items():  # the first entry where another legal point loses the proof
            empties = [i for i, ch in enumerate(k[1:]) if ch == "."]
            for p in empties:
                alt = f"{p // t['size']},{p % t['size']}"
                if alt != v:
                    moves[k] = alt
                    if not check_certificate(t).verified:
                        return t
                    moves[k] = v
        raise AssertionError("no single changed move broke the proof")
    return t


@pytest.mark.parametrize("how", ["claim flipped", "move dropped", "move occupied", "move changed"])
def test_a_tampered_certificate_fails_with_a_reason(how, shipped):
    verdict = check_certificate(_tampered(shipped[3], how))
    assert not verdict.verified and verdict.failure
    assert not all(o["proved"] for o in verdict.openings)


def _strategy_certificate(n: int, opening: tuple[int, int], winner: str) -> dict:
    """A certificate that claims ``winner`` wins after ``opening`` by playing, everywhere, its first
    legal move: a full strategy, consistent and legal, that proves nothing when the claim is false."""
    from negenlab.necklace.game import State
    from negenlab.necklace.verify import FORMAT, position_key

    moves: dict[str, str] = {}

    def walk(state: State) -> None:
        if state.is_over:
            return
        key = position_key(state)
        if state.colour_to_move == winner:
            if key in moves:
                return
            move = state.legal_moves()[0]
            moves[key] = f"{move[0]},{move[1]}"
            children = [move]
        else:
            children = state.legal_moves()
        for move in children:
            child = state.copy()
            child.play(move)
            walk(child)

    root = State.initial(n, swap=False)
    root.play(opening)
    walk(root)
    return {"format": FORMAT, "size": n, "openings": [{"opening": list(opening), "winner": winner}], "moves": moves}


def test_a_full_strategy_for_the_losing_side_is_refused(shipped):
    losing = [tuple(o["opening"]) for o in shipped[3]["openings"] if o["winner"] == "blue"]
    assert losing
    for opening in losing:
        verdict = check_certificate(_strategy_certificate(3, opening, "red"))
        assert not verdict.verified and "win for blue" in verdict.failure, opening
    winning = next(tuple(o["opening"]) for o in shipped[3]["openings"] if o["winner"] == "red")
    assert not check_certificate(_strategy_certificate(3, winning, "blue")).verified


def test_a_certificate_missing_openings_is_not_complete(shipped):
    part = dict(shipped[3], openings=shipped[3]["openings"][:2])
    verdict = check_certificate(part)
    assert verdict.verified and not verdict.complete
    assert verdict.winners() == {"winner": None, "winner_with_swap": None}


def test_files_that_are_not_certificates_are_refused(tmp_path):
    (tmp_path / "a.json").write_text('{"format": "something else"}')
    (tmp_path / "b.json.gz").write_bytes(gzip.compress(b"{not json"))
    for name in ("a.json", "b.json.gz", "missing.json"):
        with pytest.raises(CertificateError):
            verify_file(tmp_path / name)


def test_written_certificates_read_back_the_same(tmp_path):
    cert = certificate(3, openings=[(1, 1), (0, 0)])
    for name in ("c.json", "c.json.gz"):
        path = write_certificate(cert, tmp_path / name, command="test")
        back = load_certificate(path)
        assert back["moves"] == cert["moves"] and back["openings"] == cert["openings"] and back["command"] == "test"


def test_cli_verify_exit_codes_and_json(tmp_path, shipped):
    ok = subprocess.run(
        [sys.executable, "-m", "negenlab", "necklace", "verify", str(SHIPPED[3]), "--json"],
        capture_output=True,
        text=True,
    )
    assert ok.returncode == 0 and json.loads(ok.stdout)["verified"] is True
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_tampered(shipped[3], "claim flipped")))
    no = subprocess.run(
        [sys.executable, "-m", "negenlab", "necklace", "verify", str(bad)], capture_output=True, text=True
    )
    assert no.returncode == 1 and "NOT verified" in no.stdout


def test_the_compiled_writer_writes_what_the_state_based_writer_wrote():
    from .reference_certificate import reference_certificate

    cert, ref = certificate(3), reference_certificate(3)
    assert cert["moves"] == ref["moves"] and list(cert["moves"]) == list(ref["moves"])  # same keys, same order
    assert cert["openings"] == ref["openings"] and cert["solver_nodes"] == ref["solver_nodes"]


def test_position_keys_past_32_points_are_the_rules_keys():
    from negenlab.necklace._certificate_kernels import position_code
    from negenlab.necklace.certificate import _keys
    from negenlab.necklace.game import State
    from negenlab.necklace.verify import position_key

    rng = np.random.default_rng(5)
    for n in (6, 7):
        state = State.initial(n, swap=False)
        while not state.is_over and rng.random() > 0.04:
            moves = state.legal_moves()
            state.play(moves[int(rng.integers(len(moves)))])
            if not state.is_over:
                code = np.array([position_code(state.board, n * n, state.to_move)], dtype=np.uint64)
                assert _keys(code, n)[0].decode() == position_key(state)


def test_a_capped_first_colour_hands_over_to_the_other_and_long_openings_report_progress(monkeypatch, shipped):
    import negenlab.necklace.certificate as writer

    monkeypatch.setattr(writer, "FIRST_CAP", 2)  # every first question stops at the cap
    monkeypatch.setattr(writer, "PROGRESS_MOVES", 10)
    monkeypatch.setattr(writer._Writer, "CHUNK", 8)
    lines: list[str] = []
    cert = writer.certificate(3, progress=lines.append)
    assert cert["openings"] == shipped[3]["openings"] and check_certificate(cert).verified
    assert any("moves so far (" in line and "moves/s)" in line for line in lines)
    assert "opening 0,0: red wins? not decided in 2 nodes" in lines
    assert any(line.startswith("opening 0,0: blue wins, the proof is written now (") for line in lines)


def test_the_writer_refuses_a_claim_the_search_does_not_prove():
    from negenlab.necklace.certificate import _Writer
    from negenlab.necklace.game import State
    from negenlab.necklace.solver import ProofSearch

    state = State.initial(3, swap=False)
    state.play((1, 1))  # Red wins this opening
    with pytest.raises(RuntimeError, match=r"finds no winning move for blue at B\.\.\.\.R\.\.\.\.$"):
        _Writer(3, ProofSearch(3, tt_bits=16)).prove(state, "blue")
