"""A small flow network (augmenting paths, breadth first): the matchings of mana to what it pays,
for one payment (`planner.mtg.payments`) and for the turn's mana paid together
(`planner.mtg.ledger`)."""

from __future__ import annotations


class Net:
    """A small flow network (augmenting paths, breadth first)."""

    def __init__(self) -> None:
        self.adj: list[list[int]] = []
        self.to: list[int] = []
        self.cap: list[int] = []
        self.base: list[int] = []

    def node(self) -> int:
        self.adj.append([])
        return len(self.adj) - 1

    def edge(self, u: int, v: int, cap: int) -> int:
        self.adj[u].append(len(self.to))
        self.to.append(v)
        self.cap.append(cap)
        self.base.append(cap)
        self.adj[v].append(len(self.to))
        self.to.append(u)
        self.cap.append(0)
        self.base.append(0)
        return len(self.to) - 2

    def used(self, e: int) -> bool:
        return self.cap[e] < self.base[e]

    def flow(self, s: int, t: int) -> int:
        total_flow = 0
        while True:
            parent = [-1] * len(self.adj)
            parent[s] = -2
            queue = [s]
            for u in queue:
                if u == t:
                    break
                for e in self.adj[u]:
                    v = self.to[e]
                    if self.cap[e] > 0 and parent[v] == -1:
                        parent[v] = e
                        queue.append(v)
            if parent[t] == -1:
                return total_flow
            push = None
            v = t
            while v != s:
                e = parent[v]
                push = self.cap[e] if push is None else min(push, self.cap[e])
                v = self.to[e ^ 1]
            assert push is not None
            v = t
            while v != s:
                e = parent[v]
                self.cap[e] -= push
                self.cap[e ^ 1] += push
                v = self.to[e ^ 1]
            total_flow += push
