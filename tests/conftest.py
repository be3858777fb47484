"""Test configuration: hypothesis profiles.

``ci`` (chosen when the environment has ``CI=true``) is derandomized so that a run is
repeatable; ``dev`` explores with fresh randomness. ``HYPOTHESIS_PROFILE`` overrides both.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    max_examples=60,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, max_examples=40)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") == "true" else "dev")
)
