"""Operations: metrics, the /healthz and /metrics server, and logs that never hold a token.

`metrics` counts (`Metrics`); `server` serves /healthz and /metrics (`HealthServer`,
`make_checks`); `logs` installs text or JSON-lines logging with token redaction
(`configure_logging`). Nothing here imports discord or SQLAlchemy: `app.py` passes the probes
and callbacks in.
"""

from bot.observability.logs import JsonFormatter, RedactingFilter, configure_logging
from bot.observability.metrics import COMMAND_BUCKETS, CONTENT_TYPE, LAG_BUCKETS, Metrics
from bot.observability.server import CHECK_NAMES, HealthChecks, HealthServer, make_checks

__all__ = [
    "CHECK_NAMES",
    "COMMAND_BUCKETS",
    "CONTENT_TYPE",
    "LAG_BUCKETS",
    "HealthChecks",
    "HealthServer",
    "JsonFormatter",
    "Metrics",
    "RedactingFilter",
    "configure_logging",
    "make_checks",
]
