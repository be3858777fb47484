"""Tests of the Unhappy Campers package."""
