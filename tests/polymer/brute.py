"""An independent, deliberately plain brute force for the longest polymer (tests only).

It enumerates every ordering of every sub-multiset of the hand (each physical card at
most once; the two copies of a card are interchangeable, so orderings that differ only
by swapping them are generated once) and keeps the longest one that satisfies the
rules' own wording: at least 3 cards and every adjacent pair inside a sequence or a
group of three consecutive cards. The one shortcut: a prefix in which some adjacent pair
already has *both* of its windows fixed and neither is valid cannot be completed
(appending cards never changes those windows), so its extensions are not generated.
"""

from __future__ import annotations

from collections import Counter

RANKS = range(1, 14)


def plain_is_sequence(a, b, c) -> bool:
    if not (a.suit == b.suit == c.suit):
        return False

    def up(x, y) -> bool:
        return y.rank == (x.rank % 13) + 1  # K(13) -> A(1) wraps

    return (up(a, b) and up(b, c)) or (up(b, a) and up(c, b))


def plain_is_group(a, b, c) -> bool:
    return a.rank == b.rank == c.rank and len({a.suit, b.suit, c.suit}) == 3


def plain_valid_window(seq, i) -> bool:
    if i < 0 or i + 3 > len(seq):
        return False
    a, b, c = seq[i], seq[i + 1], seq[i + 2]
    return plain_is_sequence(a, b, c) or plain_is_group(a, b, c)


def plain_is_polymer(seq) -> bool:
    if len(seq) < 3:
        return False
    for i in range(len(seq) - 1):  # pair (i, i+1) is in windows starting at i-1 and i
        if not (plain_valid_window(seq, i - 1) or plain_valid_window(seq, i)):
            return False
    return True


def brute_longest(hand) -> int:
    """Length of a longest polymer of ``hand`` (0 if none), by exhaustive enumeration."""
    counts = Counter(hand)
    kinds = sorted(counts)
    best = 0
    seq = []

    def extend():
        nonlocal best
        k = len(seq)
        # prune: pair (k-3, k-2) now has both windows (k-4 and k-3) fixed
        if k >= 4 and not (plain_valid_window(seq, k - 4) or plain_valid_window(seq, k - 3)):
            return
        if k >= 3 and not (plain_valid_window(seq, 0)):
            return  # pair (0, 1) lies only in window 0
        if k >= 3 and k > best and plain_is_polymer(seq):
            best = k
        for card in kinds:
            if counts[card] > 0:
                counts[card] -= 1
                seq.append(card)
                extend()
                seq.pop()
                counts[card] += 1

    extend()
    return best
