"""Hypothesis without its per-example deadline: a deadline is a wall-clock assertion, and on a
shared machine an example's time measures the load (CI once failed a generated play at 275 ms
against the default 200 ms). Speed is measured in benchmarks/, never asserted in a test."""

from hypothesis import settings

settings.register_profile("payplan", deadline=None)
settings.load_profile("payplan")
