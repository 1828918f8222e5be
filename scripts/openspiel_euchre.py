"""OpenSpiel's Euchre, random hands per second, as its users drive it from Python, and through
its own C++ random_sim_test (called once from Python). Prints one JSON line.

    python scripts/openspiel_euchre.py [SECONDS]
"""
import json
import random
import sys
import time

import pyspiel


def python_driven(game, seconds, rng):
    """Random hands (an OpenSpiel Euchre game is one hand): chance outcomes by their
    probabilities, every player's action uniformly among the legal ones."""
    hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        hands += 1
    return hands / (time.perf_counter() - start)


def random_sim_test(game, sims):
    """OpenSpiel's own C++ random simulation test (with its checks; serialisation off)."""
    start = time.perf_counter()
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)
    return sims / (time.perf_counter() - start)


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    game = pyspiel.load_game("euchre", {"stick_the_dealer": True, "allow_lone_defender": False})
    rng = random.Random(7)
    py = python_driven(game, seconds, rng)
    sims = max(200, int(py * seconds * 4))
    cpp = random_sim_test(game, sims)
    print(json.dumps({"python_hands_per_s": round(py), "random_sim_test_hands_per_s": round(cpp), "random_sim_test_sims": sims}))


if __name__ == "__main__":
    main()
