"""Tests of the reinforcement-learning environments (the ``rl`` extra)."""
