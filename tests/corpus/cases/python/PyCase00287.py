from pathlib import Path

from microweb import Endpoint

ROOT = Path("/var/lib/reports")


class ReportEndpoint(Endpoint):
    def handle(self):
        name = self.param("report")
        with open(ROOT / name) as fh:
            return fh.read()
