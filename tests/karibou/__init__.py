"""Tests of the Karibou Camp rules engine (``karibou_rules``)."""
